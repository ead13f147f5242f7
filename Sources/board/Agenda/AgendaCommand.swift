import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// `board agenda`: day by day, dated cards and routine runs, the runs past the generated week
/// computed from their rules and marked planned (ARCHITECTURE.md §15). Looking never writes.
struct AgendaCommand: Command {
    static let from = Declared.option("from", "The first day: a date in words (friday, dec 3, in 2 weeks) or YYYY-MM-DD. Default: today.", value: "date")
    static let days = Declared.number("days", "How many days, 1 to \(BoardStore.maxAgendaDays). Default: \(defaultDays).")
    static let json = Declared.flag("json", "Print a JSON object: from, to and items.")
    static let info = CommandInfo("agenda", abstract: "Dated cards and routine runs, day by day, past the generated week.",
                                  discussion: """
                                  Runs a routine has not made yet are computed from its rule, its skipped and deleted \
                                  dates, and shown as planned: the same dates `board recur expand` gives for the rule. \
                                  A run after completion has no planned date until its previous one is done.
                                  """,
                                  parameters: [from, days, json] + BoardOptions.parameters, runs: Self.self)
    static let defaultDays = 30

    let from: String?, days: Int, json: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        from = try given[Self.from]
        days = try given[Self.days] ?? Self.defaultDays
        json = try given[Self.json]
        board = try BoardOptions(given)
    }

    func run() throws {
        guard (1...BoardStore.maxAgendaDays).contains(days) else {
            throw BoardError("days", "must be 1 to \(BoardStore.maxAgendaDays), got \(days)")
        }
        let (store, clock) = try board.open()
        let first = try from.map { try CardFieldOptions.date($0, field: "from", today: clock.today) } ?? clock.today
        let range = first...first.adding(days: days - 1)
        let items = try store.agenda(range, clock: clock)
        let titles = try store.templateTitles()
        let out = try OutputSink(path: nil)
        if json {
            try out.write(try CardFormat.jsonText([
                "from": range.lowerBound.iso, "to": range.upperBound.iso,
                "items": items.map { Self.object($0, templateTitles: titles) },
            ] as [String: Any]) + "\n")
            return try out.finish()
        }
        guard !items.isEmpty else {
            try out.write("Nothing dated from \(Self.day(range.lowerBound, today: clock.today)) to \(Self.day(range.upperBound, today: clock.today)).\n")
            return try out.finish()
        }
        var day: LocalDate?
        for item in items {
            if item.date != day {
                day = item.date
                try out.write(Self.day(item.date, today: clock.today) + (item.date == clock.today ? " · today" : "") + "\n")
            }
            try out.write(Self.line(item, templateTitles: titles) + "\n")
        }
        try out.finish()
    }

    static func day(_ date: LocalDate, today: LocalDate) -> String { MonthName.due(date, nil, today: today) }

    /// "  07:00  [ ] Stretch · run of “Morning” · 1a2b3c4d": the time, the state, the title, what it is.
    static func line(_ item: AgendaItem, templateTitles: [String: String]) -> String {
        let time = item.time?.description ?? "     "
        let state = item.kind == .planned ? "( )" : item.isCompleted ? "[x]" : "[ ]"
        let routine = item.templateId.map { "“" + (templateTitles[$0] ?? "?").escapedForTerminal + "”" }
        let what: [String] = switch item.kind {
        case .card: [item.column?.title ?? "", CardFormat.shortId(item.cardId ?? "")]
        case .run: ["run of \(routine ?? "?")", item.column.map { $0 == .routines ? "" : $0.title } ?? "", CardFormat.shortId(item.cardId ?? "")]
        case .planned: ["planned run of \(routine ?? "?")"]
        }
        return "  \(time)  \(state) " + ([item.title.escapedForTerminal] + what.filter { !$0.isEmpty }).joined(separator: " · ")
    }

    static func object(_ item: AgendaItem, templateTitles: [String: String]) -> [String: Any] {
        var object: [String: Any] = ["kind": item.kind.rawValue, "date": item.date.iso, "title": item.title, "completed": item.isCompleted]
        object["time"] = item.time?.description ?? NSNull()
        object["card_id"] = item.cardId ?? NSNull()
        object["template_id"] = item.templateId ?? NSNull()
        object["template"] = item.templateId.flatMap { templateTitles[$0] } ?? NSNull()
        object["occurrence_date"] = item.occurrenceDate?.iso ?? NSNull()
        object["bucket"] = item.column?.rawValue ?? NSNull()
        return object
    }
}
