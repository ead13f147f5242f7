import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct ExportCalendarCommand: Command {
    static let info = CommandInfo(
        "ics",
        abstract: "Write routines and dated cards as an iCalendar file (RFC 5545) for other calendars.",
        discussion: """
            Each active template becomes a VTODO (a VEVENT with --events) with its RRULE, DTSTART in its time zone \
            (with a VTIMEZONE) and EXDATE for its skipped dates; each dated card a single VTODO (or VEVENT). A rule \
            that repeats after completion has no RRULE and is left out, said on standard error. `board import ics` \
            reads the file back.
            """,
        parameters: [output, events] + BoardOptions.parameters, runs: Self.self)
    static let output = Declared.option("output", "Write to this file instead of standard output (replaced only once the whole calendar is written).", value: "file")
    static let events = Declared.flag("events", "Write events (VEVENT) instead of to-dos (VTODO).")

    let output: String?, events: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        output = try given[Self.output]
        events = try given[Self.events]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open()
        let (items, notes) = try store.exchange.calendarItems(clock: clock)
        let sink = try OutputSink(path: output)
        try sink.write(ICalendarWriter.calendar(items, events: events, stamp: ICalendarWriter.utc(clock.instant), year: clock.today.year))
        try sink.finish()
        for note in notes { writeText("note: " + note + "\n", to: .standardError) }
    }
}
