import BoardCLI
import BoardModel
import BoardStore

struct TemplateShow: IdAction {
    static let kind = IdKind.template
    static let info = CommandInfo(
        "show", abstract: "Every field of a template and its next 7 occurrences in your time zone.", parameters: parameters, runs: Self.self)

    let id: String, board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open()
        let routine = try store.routines.anyId(matching: id)
        if let shared = try store.reader.sharedRoutines().first(where: { $0.id == routine }) {
            return printOut(Self.lines(shared, runs: try store.reader.sharedRuns(from: clock.today), clock: clock))
        }
        printOut(try perform(store, found: routine, clock: clock))
    }

    /// A routine another person shares: what the server last said of it, and its next runs.
    static func lines(_ r: SharedRoutine, runs: [SharedRun], clock: BoardClock) -> String {
        var lines = [
            "Template \(r.id)",
            "Title:       \(r.title.escapedForTerminal)",
            "Shared by:   \(r.sharedBy.escapedForTerminal) (read-only: only \(r.sharedBy.escapedForTerminal) can change it)",
            "Description: \(r.description.isEmpty ? "—" : r.description.escapedForTerminal)",
            "Time:        \(r.time?.description ?? "—")",
            "Schedule:    \(r.summary.escapedForTerminal)",
            "Status:      \(r.status.rawValue)",
            "Checklist:   \(r.checklist.isEmpty ? "—" : "")",
        ]
        lines += r.checklist.enumerated().map { i, step in "  \(i + 1). \(step.escapedForTerminal)" }
        if r.rule != nil {
            let mine = runs.filter { $0.routineId == r.id }.prefix(7)
            lines.append("Next runs (\(clock.zone.identifier)):")
            lines += mine.isEmpty ? ["  none"] : mine.map { "  " + MonthName.due($0.date, $0.time, today: clock.today) + ($0.completed ? " · done" : "") }
        }
        return lines.joined(separator: "\n")
    }

    func perform(_ store: BoardStore, found templateId: String, clock: BoardClock) throws -> String {
        let t = try store.routines.overview(templateId, clock: clock)
        let template = t.template
        var lines = [
            "Template \(template.id)",
            "Title:       \(template.title.escapedForTerminal)",
            "Description: \(template.description.isEmpty ? "—" : template.description.escapedForTerminal)",
            "Labels:      \(template.labels.isEmpty ? "—" : template.labels.map(\.escapedForTerminal).joined(separator: ", "))",
            "Bucket:      Routines (fixed)",
            "Time:        \(template.times?.description ?? "—")",
            "Priority:    \(template.priority)",
            "Duration:    \(template.defaultDurationMin.map { "\($0) min" } ?? "—")",
            "Schedule:    \(t.summary)",
        ]
        if let s = t.scheduling {
            lines += [
                "Rule:        \(s.rule.rrule) (\(s.rule.anchor)\(s.schedule.rule.monthEndMatters ? ", month end: \(s.rule.monthEndPolicy)" : ""))",
                "Starts on:   \(s.rule.startsOn)",
                "Ends:        \(s.rule.endsOn.map { "on \($0)" } ?? template.endAfterCount.map { "after \($0) (\(t.remaining ?? 0) remaining)" } ?? "never")",
            ]
        }
        lines += [
            "Status:      \(template.status.rawValue) · version \(template.version)",
            "Checklist:   \(template.checklist.isEmpty ? "—" : "")",
        ]
        let habits = Dictionary(uniqueKeysWithValues: try store.reader.habitRecords().map { ($0.id, $0.name) })
        lines += template.checklist.enumerated().map { i, step in
            "  \(i + 1). \(step.text.escapedForTerminal)" + (step.habitId.map { " → habit: \((habits[$0] ?? "archived habit").escapedForTerminal)" } ?? "")
        }
        if t.scheduling != nil {
            lines.append("Next occurrences (\(clock.zone.identifier)):")
            lines += t.upcoming.isEmpty ? ["  none"] : t.upcoming.map { "  " + MonthName.due($0.date, template.times == nil ? nil : $0.time, today: clock.today) }
        }
        return lines.joined(separator: "\n")
    }
}
