import ArgumentParser
import BoardCLI
import BoardModel

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Edit a card. On an occurrence, each field changed becomes an exception.")

    @Argument(help: "The card's id (a unique prefix is enough).") var id: String
    @OptionGroup var fields: CardFieldOptions
    @Option(help: ArgumentHelp("Due date, YYYY-MM-DD ('none' to clear).", valueName: "date")) var due: String?
    @Option(name: .customLong("checklist"), help: ArgumentHelp("A checklist step (repeat; replaces the list).", valueName: "step")) var steps: [String] = []
    @OptionGroup var board: BoardOptions

    func run() throws {
        let edit = try fields.edit(checklist: steps.isEmpty ? nil : steps)
        let due: LocalDate?? = try due.map { d throws in d.lowercased() == "none" ? nil : try CardFieldOptions.date(d, field: "due") }
        guard !edit.isEmpty || due != nil else { throw BoardError("edit", "nothing to change; give --title, --label, --time, …") }
        let (store, clock) = try board.open()
        let task = try store.editTask(try store.taskId(matching: id), edit, due: due, clock: clock)
        printOut("Edited \(CardFormat.shortId(task.id)): \(task.title.escapedForTerminal)" + (task.exceptionMask.isEmpty ? "" : " · Exception: " + task.exceptionMask.map(\.rawValue).joined(separator: ", ")))
    }
}
