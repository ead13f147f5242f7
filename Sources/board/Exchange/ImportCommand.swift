import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// `board import`: a Board document by default, or another tool's data by name.
enum ImportCommand {
    static let info = CommandInfo(
        group: "import",
        abstract: "Read a Board document, or bring in taskwarrior's tasks or a calendar.",
        subcommands: [ImportDocumentCommand.info, ImportTaskwarriorCommand.info, ImportCalendarCommand.info],
        defaultSubcommand: ImportDocumentCommand.info.name)

    /// What an import from another tool did: "Imported 3 templates, 14 occurrences, 2 cards (…); 1 note:",
    /// then each note on a line of its own.
    static func describe(_ plan: ImportPlan, _ s: PlanSummary, dryRun: Bool) -> String {
        func changed(_ c: ImportSummary.Counts, _ what: String) -> String? {
            var parts: [String] = []
            if c.added > 0 { parts.append("\(c.added) new") }
            if c.updated > 0 { parts.append("\(c.updated) updated") }
            if c.unchanged > 0 { parts.append("\(c.unchanged) unchanged") }
            return parts.isEmpty ? nil : what + " " + parts.joined(separator: ", ")
        }
        let changes = [changed(s.templates, "templates"), changed(s.occurrences, "occurrences"), changed(s.cards, "cards")].compactMap { $0 }
        var lines = [(dryRun ? "Would import " : "Imported ") + plan.counts
                     + (changes.isEmpty ? "" : " (" + changes.joined(separator: "; ") + ")")
                     + (plan.notes.isEmpty ? "" : "; \(plan.notes.count) \(plan.notes.count == 1 ? "note" : "notes"):")
                     + (plan.notes.isEmpty && dryRun ? " (dry run: nothing written)." : plan.notes.isEmpty ? "." : "")]
        lines += plan.notes.map { "  - " + $0 }
        if dryRun && !plan.notes.isEmpty { lines.append("Dry run: nothing written.") }
        return lines.joined(separator: "\n")
    }
}

struct ImportDocumentCommand: Command {
    static let info = CommandInfo(
        "document",
        abstract: "Read a document `board export` wrote (or a JSON array of cards as `board list --json` prints them).",
        discussion: """
            All of it is written in one transaction, or nothing: the first wrong field is named by its JSON path \
            ("cards[41].bucket: unknown bucket 'SOMEDAY'", exit status 2). Rows keep their ids; a row already on the \
            board is updated when it differs, so importing the same document twice changes nothing. Rows take this \
            board's owner; an empty board takes the document's first.
            """,
        parameters: source.all,
        runs: Self.self)

    let source: ImportSource

    init(_ given: ParsedArguments) throws { source = try ImportSource(given, Self.source) }
    static let source = ImportSource.Parameters(file: "The document, or - for standard input.", dryRun: "Say what would change, and write nothing.")

    func run() throws {
        let input = try source.read()
        let data = input.data
        let (store, clock) = try source.open()
        let summary: ImportSummary
        do { summary = try store.exchange.importDocument(data, dryRun: source.dryRun, clock: clock, dropPages: input.dropPages) } catch let error as BoardError {
            // taskwarrior's export is a JSON array too; say which command reads it.
            if error.field.name.hasPrefix("cards[0]"), String(decoding: data.prefix(4096), as: UTF8.self).contains("\"uuid\"") {
                throw BoardError("file", "looks like taskwarrior's `task export`; bring it in with `board import taskwarrior \(source.file)`")
            }
            throw error
        }
        printOut(Self.describe(summary, dryRun: source.dryRun))
    }

    /// "Imported 2 templates, 340 cards (12 updated), 1 habit with 14 entries; 5 unchanged."
    static func describe(_ s: ImportSummary, dryRun: Bool) -> String {
        func part(_ counts: ImportSummary.Counts, _ one: String, _ many: String) -> String? {
            let n = counts.added + counts.updated
            guard n > 0 else { return nil }
            return "\(n) \(n == 1 ? one : many)" + (counts.updated > 0 ? " (\(counts.updated) updated)" : "")
        }
        let parts = [part(s.templates, "template", "templates"), part(s.cards, "card", "cards"),
                     part(s.habits, "habit", "habits"), part(s.entries, "habit entry", "habit entries")].compactMap { $0 }
        let unchanged = s.templates.unchanged + s.cards.unchanged + s.habits.unchanged + s.entries.unchanged
        let head = parts.isEmpty ? "Nothing to import" : (dryRun ? "Would import " : "Imported ") + parts.joined(separator: ", ")
        let detached = s.detached == 0 ? "" : "; \(s.detached) \(s.detached == 1 ? "occurrence" : "occurrences") without \(s.detached == 1 ? "its" : "their") routine on this board \(s.detached == 1 ? "is a plain card" : "are plain cards")"
        return head + (unchanged > 0 ? "; \(unchanged) unchanged" : "") + detached + (dryRun ? " (dry run: nothing written)." : ".")
    }
}
