import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct ImportTaskwarriorCommand: Command {
    static let info = CommandInfo(
        "taskwarrior",
        abstract: "Bring in taskwarrior's tasks from `task export` (2.6 or 3): recurring tasks become routines.",
        discussion: """
            Each recurring parent becomes a template with one series: title from its description, labels from its tags \
            and project (project:NAME), priority H/M/L as 3/2/1, the time of day from its due, the rule from recur, \
            starting on its due date and ending on until. Its children become that series' occurrences on their due \
            dates: completed ones completed, deleted ones skipped dates, and a title, tags or priority that differ from \
            the parent's kept as exceptions. Every other pending or waiting task becomes a card, bucketed by its due date \
            (undated: This Week), annotations appended to the description. A recur with no exact rule (hours, minutes) \
            is reported, never guessed. taskwarrior's UUIDs are the templates' and cards' ids and an occurrence is its \
            series and date, so importing the same export again, or a later one, updates what the first brought. All of it is one transaction.
            """,
        parameters: source.all, runs: Self.self)
    static let source = ImportSource.Parameters(file: "The output of `task export`, or - (the default) for standard input.", optional: true,
                                                dryRun: "Print the plan and what would change, and write nothing.")

    let source: ImportSource

    init(_ given: ParsedArguments) throws { source = try ImportSource(given, Self.source) }

    func run() throws {
        let input = try source.read()
        let data = input.data
        defer { withExtendedLifetime(input) {} }
        let (store, clock) = try source.open()
        let plan = try TaskwarriorImport.plan(try TaskwarriorTask.tasks(in: data), zone: clock.zone, today: clock.today)
        let summary = try store.exchange.importPlan(plan, dryRun: source.dryRun, clock: clock)
        printOut(ImportCommand.describe(plan, summary, dryRun: source.dryRun))
    }
}
