import BoardCLI
import BoardModel

struct EditCommand: Command {
    static let info = CommandInfo(
        "edit", abstract: "Edit a card. On an occurrence, each field changed becomes an exception.",
        parameters: [.argument("id", "The card's id (a unique prefix is enough).")] + CardFieldOptions.parameters + [
            .option("due", "Due date, YYYY-MM-DD ('none' to clear).", value: "date"),
            .repeatedOption("checklist", "A checklist step (repeat; replaces the list).", value: "step"),
        ] + BoardOptions.parameters, runs: Self.self)

    let id: String, fields: CardFieldOptions, due: String?, steps: [String], board: BoardOptions

    init(_ given: ParsedArguments) {
        id = given.required("id")
        fields = CardFieldOptions(given)
        due = given.value("due")
        steps = given.values("checklist")
        board = BoardOptions(given)
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
