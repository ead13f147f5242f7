import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct TemplateList: Command {
    static let info = CommandInfo(
        "list", abstract: "List templates: name, schedule, next run within 7 days, status, remaining (runs dated after today).",
        parameters: [json] + BoardOptions.parameters, runs: Self.self)
    static let json = Declared.flag("json", "Print a JSON array.")

    let json: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        json = try given[Self.json]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open()
        let templates = try store.reader.templates(clock: clock), shared = try store.reader.sharedRoutines()
        if json {
            printOut(try CardFormat.jsonText(templates.map(Self.json) + shared.map(Self.json)))
            return
        }
        guard !templates.isEmpty || !shared.isEmpty else {
            printOut("No templates yet; add one with: board template add TITLE --every 'every weekday'")
            return
        }
        for t in templates {
            let next = t.scheduling == nil ? "board routine show opens today's list"
                : t.template.status == .paused ? "no new runs until resumed"
                : t.template.status == .draft ? "not started (template resume starts it)"
                : t.nextRun.map { "next " + MonthName.due($0, t.nextTime, today: clock.today) } ?? "ended"
            let remaining = t.remaining.map { " · \($0) remaining" } ?? ""
            printOut("\(CardFormat.shortId(t.template.id))  \(t.template.title.escapedForTerminal) · \(t.summary) · \(next) · \(t.template.status.rawValue)\(remaining)")
        }
        let nextShared = try store.reader.nextSharedRuns(at: clock.local)
        for r in shared {
            // The same line the owner sees of it: the schedule with its time, and the next run.
            let next = r.status != .active ? r.status.rawValue
                : nextShared[r.id].map { "next " + MonthName.due($0.date, $0.time, today: clock.today) } ?? "ended"
            let schedule = r.rule == nil ? "No schedule (checklist) · board routine show opens today's list" : "\(r.summary.escapedForTerminal) · \(next)"
            printOut("\(CardFormat.shortId(r.id))  \(r.title.escapedForTerminal) · \(schedule) · Shared by \(r.sharedBy.escapedForTerminal)")
        }
    }

    /// A routine another person shares, read-only: `shared_by` names them.
    static func json(_ r: SharedRoutine) -> [String: Any] {
        ["id": r.id, "title": r.title, "status": r.status.rawValue, "rule": r.rule ?? NSNull(), "shared_by": r.sharedBy]
    }

    static func json(_ t: TemplateOverview) -> [String: Any] {
        [
            "id": t.template.id, "title": t.template.title, "summary": t.summary, "status": t.template.status.rawValue,
            "rule": t.scheduling?.rule.rrule ?? NSNull(), "anchor": t.scheduling?.rule.anchor ?? NSNull(),
            "starts_on": t.scheduling?.rule.startsOn.iso ?? NSNull(),
            "next_run": t.nextRun?.iso ?? NSNull(), "next_time": t.nextTime?.description ?? NSNull(),
            "times": t.template.times?.times.map(\.description) ?? [], "remaining": t.remaining ?? NSNull(), "version": t.template.version,
            "shared_by": NSNull(),
        ]
    }
}
