import ArgumentParser
import BoardCLI
import BoardModel
import BoardStore

struct DoneCommand: CardAction {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Complete a card.")
    @Argument(help: "The card's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func perform(_ store: BoardStore, taskId: String, clock: BoardClock) throws -> String {
        try store.completeTask(taskId, clock: clock)
        return "Completed \(CardFormat.shortId(taskId))"
    }
}

struct ReopenCommand: CardAction {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Reopen a completed card.")
    @Argument(help: "The card's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func perform(_ store: BoardStore, taskId: String, clock: BoardClock) throws -> String {
        try store.reopenTask(taskId, clock: clock)
        return "Reopened \(CardFormat.shortId(taskId))"
    }
}

struct DeleteCommand: CardAction {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a card. A deleted occurrence's date is skipped for good.")
    @Argument(help: "The card's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func perform(_ store: BoardStore, taskId: String, clock: BoardClock) throws -> String {
        try store.deleteTask(taskId, clock: clock)
        return "Deleted \(CardFormat.shortId(taskId))"
    }
}

struct ReapplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reapply", abstract: "Give fields of an occurrence back to its template: they follow template edits again.")
    @Argument(help: "The occurrence's id (a unique prefix is enough).") var id: String
    @Argument(help: "Fields: title, description, labels, checklist, bucket, time, priority, duration.") var fields: [String] = []
    @Flag(help: "Every customized field.") var all = false
    @OptionGroup var board: BoardOptions

    func run() throws {
        guard all != !fields.isEmpty else { throw BoardError("fields", "name the fields to reapply, or give --all (not both)") }
        let parsed = try fields.map { f throws in try CardField(parsing: f) }
        let (store, clock) = try board.open()
        let taskId = try store.taskId(matching: id)
        try store.reapply(taskId, fields: all ? nil : parsed, clock: clock)
        let task = try store.task(taskId)
        printOut("Reapplied the template to \(CardFormat.shortId(taskId))" + (task.exceptionMask.isEmpty ? "; no exceptions left" : "; still customized: " + task.exceptionMask.map(\.rawValue).joined(separator: ", ")))
    }
}

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: "Create the missing occurrences of the next 7 days (every command does this first).")
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let created = try store.generate(clock: clock)
        printOut("Created \(created) \(created == 1 ? "occurrence" : "occurrences")")
    }
}
