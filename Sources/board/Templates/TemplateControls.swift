import BoardCLI
import BoardModel
import BoardStore

struct TemplatePause: IdAction {
    static let kind = IdKind.template
    static let info = CommandInfo("pause", abstract: "Stop generating; existing occurrences stay.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found templateId: String, clock: BoardClock) throws -> String {
        try store.routines.pause(templateId, clock: clock)
        return "Paused \(CardFormat.shortId(templateId))"
    }
}

struct TemplateResume: IdAction {
    static let kind = IdKind.template
    static let info = CommandInfo("resume", abstract: "Activate a paused or draft template; generation starts today, with no backfill.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found templateId: String, clock: BoardClock) throws -> String {
        try store.routines.resume(templateId, clock: clock)
        return "Resumed \(CardFormat.shortId(templateId))"
    }
}

struct TemplateSkipNext: IdAction {
    static let kind = IdKind.template
    static let info = CommandInfo("skip-next", abstract: "Skip the next scheduled occurrence, once and for good.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found templateId: String, clock: BoardClock) throws -> String {
        let run = try store.routines.skipNext(templateId, clock: clock)
        return "Skipped \(MonthName.due(run.date, run.time, today: clock.today))"
    }
}

struct TemplateDuplicate: IdAction {
    static let kind = IdKind.template
    static let info = CommandInfo("duplicate", abstract: "Copy a template as a new draft \"TITLE (copy)\" with its own series.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    /// A routine another person shares is copied too, as the person's own draft (ARCHITECTURE.md §18).
    func run() throws {
        let (store, clock) = try board.open()
        let routine = try store.routines.anyId(matching: id)
        if try store.reader.sharedRoutines().contains(where: { $0.id == routine }) {
            let copy = try store.routines.duplicateShared(routine, clock: clock)
            return printOut("Added draft \(CardFormat.shortId(copy.id)): \(copy.title.escapedForTerminal)")
        }
        printOut(try perform(store, found: routine, clock: clock))
    }

    func perform(_ store: BoardStore, found templateId: String, clock: BoardClock) throws -> String {
        let copy = try store.routines.duplicate(templateId, clock: clock)
        return "Added draft \(CardFormat.shortId(copy.id)): \(copy.title.escapedForTerminal)"
    }
}

struct TemplateArchive: IdAction {
    static let kind = IdKind.template
    static let info = CommandInfo("archive", abstract: "Stop a template for good; its occurrences stay, still linked.", parameters: parameters, runs: Self.self)
    let id: String, board: BoardOptions

    func perform(_ store: BoardStore, found templateId: String, clock: BoardClock) throws -> String {
        try store.routines.archive(templateId, clock: clock)
        return "Archived \(CardFormat.shortId(templateId))"
    }
}
