import BoardCLI
import BoardModel
import BoardStore

struct DoneCommand: IdAction {
    static let kind = IdKind.card
    static let info = CommandInfo("done", abstract: "Complete a card.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found cardId: String, clock: BoardClock) throws -> String {
        try store.cards.complete(cardId, clock: clock)
        return "Completed \(CardFormat.shortId(cardId))"
    }
}

struct ReopenCommand: IdAction {
    static let kind = IdKind.card
    static let info = CommandInfo("reopen", abstract: "Reopen a completed card.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found cardId: String, clock: BoardClock) throws -> String {
        try store.cards.reopen(cardId, clock: clock)
        return "Reopened \(CardFormat.shortId(cardId))"
    }
}

struct DeleteCommand: IdAction {
    static let kind = IdKind.card
    static let info = CommandInfo(
        "delete", abstract: "Delete a card. A deleted occurrence's date is skipped for good.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found cardId: String, clock: BoardClock) throws -> String {
        try store.cards.delete(cardId, clock: clock)
        return "Deleted \(CardFormat.shortId(cardId))"
    }
}

struct ReapplyCommand: Command {
    static let info = CommandInfo(
        "reapply", abstract: "Give fields of an occurrence back to its template: they follow template edits again.", parameters: [id, fields, all] + BoardOptions.parameters, runs: Self.self)
    static let id = Declared.argument("id", "The occurrence's id (a unique prefix is enough).")
    static let fields = Declared.repeatedArgument("fields", "Fields: title, description, labels, checklist, bucket, time, priority, duration.")
    static let all = Declared.flag("all", "Every customized field.")

    let id: String, fields: [String], all: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[Self.id]
        fields = try given[Self.fields]
        all = try given[Self.all]
        board = try BoardOptions(given)
    }

    func run() throws {
        guard all != !fields.isEmpty else { throw BoardError("fields", "name the fields to reapply, or give --all (not both)") }
        let parsed = try fields.map { f throws in try CardField(parsing: f) }
        let (store, clock) = try board.open()
        let cardId = try store.cards.id(matching: id)
        try store.cards.reapply(cardId, fields: all ? nil : parsed, clock: clock)
        let card = try store.cards.find(cardId)
        printOut("Reapplied the template to \(CardFormat.shortId(cardId))" + (card.exceptionMask.isEmpty ? "; no exceptions left" : "; still customized: " + card.exceptionMask.map(\.rawValue).joined(separator: ", ")))
    }
}

struct GenerateCommand: Command {
    static let info = CommandInfo(
        "generate", abstract: "Create the missing occurrences of the next 7 days (every command does this first).",
        parameters: BoardOptions.parameters, runs: Self.self)

    let board: BoardOptions

    init(_ given: ParsedArguments) throws { board = try BoardOptions(given) }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let created = try store.routines.generate(clock: clock)
        printOut("Created \(created) \(created == 1 ? "occurrence" : "occurrences")")
    }
}
