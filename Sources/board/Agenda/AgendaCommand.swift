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
        let items = try store.agenda.days(range, clock: clock)
        let titles = try store.reader.templateTitles()
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
        var lines = AgendaLines(templateTitles: titles)
        for item in items {
            if item.date != day {
                day = item.date
                try out.write(Self.day(item.date, today: clock.today) + (item.date == clock.today ? " · today" : "") + "\n")
            }
            try out.write(lines.line(item))
        }
        try out.finish()
    }

    static func day(_ date: LocalDate, today: LocalDate) -> String { MonthName.due(date, nil, today: today) }

    static func object(_ item: AgendaItem, templateTitles: [String: String]) -> [String: Any] {
        var object: [String: Any] = ["kind": item.kind.rawValue, "date": item.date.iso, "title": item.title, "completed": item.isCompleted]
        object["time"] = item.time?.description ?? NSNull()
        object["card_id"] = item.cardId ?? NSNull()
        object["template_id"] = item.templateId ?? NSNull()
        object["template"] = item.templateId.flatMap { templateTitles[$0] } ?? NSNull()
        object["occurrence_date"] = item.occurrenceDate?.iso ?? NSNull()
        object["bucket"] = item.bucket?.cliName ?? NSNull()
        if let owner = item.sharedBy { object["shared_by"] = owner }
        return object
    }
}

/// The agenda's lines: "  07:00  [ ] Stretch · run of “Morning” · 1a2b3c4d" ("· run" when the run is
/// titled as its routine) — the time, the state,
/// the title (escaped), what it is. A routine's words and each time are made once: a 90-day agenda
/// of 1,000 routines is 90,000 lines, and making each piece for each line was a third of its time.
struct AgendaLines {
    let templateTitles: [String: String]
    private var routines: [String: (run: String, planned: String)] = [:]
    private var times: [Int: String] = [:]

    init(templateTitles: [String: String]) { self.templateTitles = templateTitles }

    mutating func line(_ item: AgendaItem) -> String {
        let time = item.time.map { time in
            if let text = times[time.minuteOfDay] { return text }
            let text = time.description
            times[time.minuteOfDay] = text
            return text
        } ?? "     "
        var line = "  " + time + "  " + (item.kind == .planned ? "( ) " : item.isCompleted ? "[x] " : "[ ] ")
        line += item.title.escapedForTerminal
        switch item.kind {
        case .card:
            if let bucket = item.bucket { line += " · " + bucket.title }
        case .run:
            line += " · " + routine(item.templateId, title: item.title).run
            if let bucket = item.bucket, bucket != .routines { line += " · " + bucket.title }
        case .planned:
            line += " · " + routine(item.templateId, title: item.title).planned
            return line + "\n"
        case .shared:
            return line + " · shared by " + (item.sharedBy ?? "").escapedForTerminal + "\n"
        }
        return line + " · " + CardFormat.shortId(item.cardId ?? "") + "\n"
    }

    /// "run of “Morning”"; just "run" for a run titled as its routine, whose name the line just gave.
    private mutating func routine(_ id: String?, title: String) -> (run: String, planned: String) {
        let key = id ?? ""
        let routineTitle = id.flatMap { templateTitles[$0] }
        if routineTitle == title { return ("run", "planned run") }
        if let words = routines[key] { return words }
        let name = "“" + (routineTitle ?? "?").escapedForTerminal + "”"
        let words = (run: "run of " + name, planned: "planned run of " + name)
        routines[key] = words
        return words
    }
}
