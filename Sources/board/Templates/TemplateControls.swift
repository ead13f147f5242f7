import ArgumentParser
import BoardModel

struct TemplatePause: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Stop generating; existing occurrences stay.")
    @Argument(help: "The template's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open()
        let templateId = try store.templateId(matching: id)
        try store.pauseTemplate(templateId, clock: clock)
        printOut("Paused \(CardFormat.shortId(templateId))")
    }
}

struct TemplateResume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Activate a paused or draft template; generation starts today, with no backfill.")
    @Argument(help: "The template's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open()
        let templateId = try store.templateId(matching: id)
        try store.resumeTemplate(templateId, clock: clock)
        printOut("Resumed \(CardFormat.shortId(templateId))")
    }
}

struct TemplateSkipNext: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip-next", abstract: "Skip the next scheduled occurrence, once and for good.")
    @Argument(help: "The template's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open()
        let templateId = try store.templateId(matching: id)
        let date = try store.skipNext(templateId, clock: clock)
        printOut("Skipped \(CardFormat.when(date, nil))")
    }
}

struct TemplateDuplicate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate", abstract: "Copy a template as a new draft \"TITLE (copy)\" with its own series.")
    @Argument(help: "The template's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open()
        let copy = try store.duplicateTemplate(try store.templateId(matching: id), clock: clock)
        printOut("Added draft \(CardFormat.shortId(copy.id)): \(copy.title)")
    }
}

struct TemplateArchive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive", abstract: "Stop a template for good; its occurrences stay, still linked.")
    @Argument(help: "The template's id (a unique prefix is enough).") var id: String
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open()
        let templateId = try store.templateId(matching: id)
        try store.archiveTemplate(templateId, clock: clock)
        printOut("Archived \(CardFormat.shortId(templateId))")
    }
}
