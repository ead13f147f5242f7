import BoardCLI
import BoardModel

struct EditCommand: Command {
    static let info = CommandInfo(
        "edit", abstract: "Edit a card. On an occurrence, each field changed becomes an exception.",
        parameters: [IdArgument.card] + CardFieldOptions.parameters + [due, CardFieldOptions.editedSteps] + BoardOptions.parameters, runs: Self.self)
    static let due = Declared.option("due", "Due date, YYYY-MM-DD ('none' to clear).", value: "date")

    let id: String, fields: CardFieldOptions, due: String?, steps: [String], board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.card]
        fields = try CardFieldOptions(given)
        due = try given[Self.due]
        steps = try given[CardFieldOptions.editedSteps]
        board = try BoardOptions(given)
    }

    func run() throws {
        let edit = try fields.edit(checklist: steps.isEmpty ? nil : steps)
        let due: LocalDate?? = try due.map { d throws in d.lowercased() == "none" ? nil : try CardFieldOptions.date(d, field: "due") }
        guard !edit.isEmpty || due != nil else { throw BoardError("edit", "nothing to change; give --title, --label, --time, …") }
        let (store, clock) = try board.open()
        let task = try store.editTask(try store.taskId(matching: id), edit, due: due, clock: clock)
        printOut("Edited \(CardFormat.shortId(task.id)): \(task.title.escapedForTerminal)" + (task.exceptionMask.isEmpty ? "" : " · Exception: " + task.exceptionMask.map(\.rawValue).joined(separator: ", ")))
    }
}
