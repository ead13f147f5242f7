import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct ImportCalendarCommand: Command {
    static let info = CommandInfo(
        "ics",
        abstract: "Bring in an iCalendar file: repeating to-dos and events become routines, the others cards.",
        discussion: """
            A VTODO or VEVENT with an RRULE becomes a template (SUMMARY, DESCRIPTION, CATEGORIES as labels, PRIORITY, \
            the time and zone of DTSTART, DURATION or DTEND) whose EXDATEs are skipped dates; one without becomes a \
            card, bucketed by its date. What Board can't keep (RDATE, BYHOUR, alarms, …) is reported by name for each \
            component, never dropped in silence. UIDs are kept, so importing the file again updates rather than \
            duplicates. All of it is one transaction; a file that is not a calendar is refused by its line number.
            """,
        parameters: source.all, runs: Self.self)
    static let source = ImportSource.Parameters(file: "The .ics file, or - for standard input.",
                                                dryRun: "Print the plan and what would change, and write nothing.")

    let source: ImportSource

    init(_ given: ParsedArguments) throws { source = try ImportSource(given, Self.source) }

    func run() throws {
        let input = try source.read()
        let data = input.data
        defer { withExtendedLifetime(input) {} }
        guard let text = String(data: data, encoding: .utf8) else { throw BoardError("file", "is not UTF-8 text; a calendar file is") }
        let (store, clock) = try source.open()
        let plan = try ICalendarReader.plan(text, zone: clock.zone, today: clock.today, now: clock.timestamp)
        let summary = try store.exchange.importPlan(plan, dryRun: source.dryRun, clock: clock)
        printOut(ImportCommand.describe(plan, summary, dryRun: source.dryRun))
    }
}
