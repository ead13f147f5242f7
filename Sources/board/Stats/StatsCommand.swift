import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct StatsCommand: Command {
    static let info = CommandInfo(
        "stats",
        abstract: "How routines go: per template and per habit, as text with charts, JSON or CSV.",
        discussion: "Computed from the board and the habits' entries on this machine only; nothing leaves it. The figures:\n"
            + StatsDefinitions.lines.map { "  \($0.0): \($0.1)" }.joined(separator: "\n")
            + "\nWeeks start on config.toml's week_start (Monday by default); the last one is the current week, up to today.",
        parameters: [weeks, template, RoutineShow.json, csv] + BoardOptions.parameters, runs: Self.self)
    static let weeks = Declared.number("weeks", "How many weeks the weekly figures cover, 1 to 104. Default: 12.", value: "N")
    static let template = Declared.option("template", "Only this template (an id or a unique prefix); habits are left out.", value: "id")
    static let csv = Declared.flag("csv", "Print CSV: one row per template, per habit, and the totals.")

    let weeks: Int, template: String?, json: Bool, csv: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        weeks = try given[Self.weeks] ?? 12
        template = try given[Self.template]
        json = try given[RoutineShow.json]
        csv = try given[Self.csv]
        board = try BoardOptions(given)
    }

    func run() throws {
        guard (1...104).contains(weeks) else { throw BoardError("weeks", "must be 1 to 104, got \(weeks)") }
        guard !(json && csv) else { throw BoardError("format", "--json and --csv can't both be given") }
        let (store, clock) = try board.open(generating: false)
        let templateId = try template.map { try store.routines.id(matching: $0) }
        let stats = try store.stats.report(weeks: weeks, weekStart: ConfigFile.loaded.weekStart ?? .monday, templateId: templateId, clock: clock)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            printOut(TerminalText.escapeJSON(String(decoding: try encoder.encode(stats), as: UTF8.self)))
        } else if csv {
            // Already escaped field by field; CSV's CRLF line ends go out as they are.
            writeText(StatsTable.csv(stats), to: .standardOutput)
        } else {
            printOut(StatsTable.text(stats))
        }
    }
}

/// `board stats` as text (charts with their words) and as CSV.
enum StatsTable {
    static func text(_ stats: BoardStats) -> String {
        let w = stats.weeks
        var out = ["Stats · last \(w.starts.count) \(w.starts.count == 1 ? "week" : "weeks") (\(MonthName.display(w.first)) – \(MonthName.display(w.today)))", ""]
        if stats.templates.isEmpty { out.append("No templates yet.") }
        for s in stats.templates {
            out.append(s.title.escapedForTerminal)
            out.append("  adherence  " + Charts.bar(s.adherence ?? 0, width: 20) + "  " + StatsWords.adherence(s))
            out.append("  weeks      " + Charts.strip(s.completionByWeek) + "  completed share per week, oldest first (blank: none due)")
            out.append("  " + StatsWords.counts(s))
            let top = StatsWords.orderedExceptions(s)
            if let most = top.first?.count {
                for (field, count) in top {
                    out.append("  " + field.padding(toLength: 11, withPad: " ", startingAt: 0) + Charts.bar(Double(count) / Double(most), width: 10) + " \(count)")
                }
            } else {
                out.append("  no field customised")
            }
            let more = ["paused \(StatsWords.times(s.pauses))", "resumed \(StatsWords.times(s.resumes))"]
            out.append("  " + more.joined(separator: " · "))
            if let remaining = s.remainingByWeek { out.append("  remaining at each week's end: " + remaining.map(String.init).joined(separator: " ")) }
            out.append("")
        }
        if !stats.habits.isEmpty { out.append("Habits") }
        for h in stats.habits {
            let most = max(1, h.checkinsByWeek.max() ?? 1)
            let target = h.target == .daily ? "" : " · " + h.target.summary
            out.append(h.name.escapedForTerminal + target + " · streak " + StatsWords.streak(h.currentStreak, h.target.period)
                       + " (longest " + StatsWords.streak(h.longestStreak, h.target.period) + ")")
            out.append("  check-ins  " + Charts.strip(h.checkinsByWeek.map { Double($0) / Double(most) }) + "  " + h.checkinsByWeek.map(String.init).joined(separator: " "))
            // A target counts met periods: a strip of them beside the entries (a daily habit's are the same).
            if h.target != .daily {
                let mostMet = max(1, h.metByWeek.max() ?? 1)
                out.append("  met " + "\(h.target.period.rawValue)s".padding(toLength: 7, withPad: " ", startingAt: 0)
                           + Charts.strip(h.metByWeek.map { Double($0) / Double(mostMet) }) + "  " + h.metByWeek.map(String.init).joined(separator: " "))
            }
        }
        if !stats.habits.isEmpty { out.append("") }
        let t = stats.totals
        out.append("All templates: " + StatsWords.counts(t) + "; " + StatsWords.adherence(t))
        return out.joined(separator: "\n")
    }

    static let columns = ["kind", "id", "title", "generated", "completed", "skipped", "deleted", "open", "due", "adherence", "exceptions",
                          "pauses", "resumes", "remaining_by_week", "completion_by_week",
                          "checkins_by_week", "current_streak", "longest_streak", "met_by_week", "target"]

    static func csv(_ stats: BoardStats) -> String {
        func field(_ text: String) -> String {
            let safe = text.escapedForTerminal
            return safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : safe
        }
        func number(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "" }
        func row(_ kind: String, _ s: TemplateStats) -> [String] {
            [kind, s.id, field(s.title), "\(s.generated)", "\(s.completed)", "\(s.skipped)", "\(s.deleted)", "\(s.open)", "\(s.due)",
             number(s.adherence), StatsWords.orderedExceptions(s).map { "\($0.field)=\($0.count)" }.joined(separator: ";"),
             "\(s.pauses)", "\(s.resumes)", s.remainingByWeek.map { $0.map(String.init).joined(separator: ";") } ?? "",
             s.completionByWeek.map(number).joined(separator: ";"), "", "", "", "", ""]
        }
        var lines = [columns.joined(separator: ",")]
        lines += stats.templates.map { row("template", $0).joined(separator: ",") }
        lines += stats.habits.map { h in
            // A habit's row leaves the templates' columns empty: every column but the first three and the last five.
            (["habit", h.id, field(h.name)] + Array(repeating: "", count: columns.count - 8)
             + [h.checkinsByWeek.map(String.init).joined(separator: ";"), "\(h.currentStreak)", "\(h.longestStreak)",
                h.metByWeek.map(String.init).joined(separator: ";"), h.target.text]).joined(separator: ",")
        }
        var totals = stats.totals
        totals.completionByWeek = []
        lines.append(row("totals", totals).joined(separator: ","))
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
