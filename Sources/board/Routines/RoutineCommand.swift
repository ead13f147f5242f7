import BoardCLI
import BoardModel
import BoardStore
import Foundation

enum RoutineCommand {
    static let info = CommandInfo(
        group: "routine",
        abstract: "A routine's checklist on a day: show it, tick its steps, link a step to a habit, remind at a step's time.",
        subcommands: [RoutineShow.info, RoutineTick.info, RoutineLink.info, RoutineRemind.info]
    )

    /// A step's number, for `routine tick`, `routine link` and `tick`.
    static let step = Declared.argument("step", "The step's number, from 1.")

    /// A step's number as typed (from 1), for `routine tick`, `routine link` and `tick`; the store
    /// refuses one past the list with its length.
    static func stepNumber(_ text: String) throws -> Int {
        guard let number = Int(text) else { throw BoardError("step", "must be a step number from 1, got '\(text.echoed)'") }
        return number
    }
}

/// `--date`: the local day of a routine's checklist or a habit's check-in, today by default.
struct RoutineDay {
    static let date = Declared.option("date", "The local day: YYYY-MM-DD or words (yesterday, mon, dec 3). Default: today.", value: "date")

    let date: String?

    init(_ given: ParsedArguments) throws { date = try given[Self.date] }

    func day(today: LocalDate) throws -> LocalDate {
        try date.map { d throws in try CardFieldOptions.date(d, field: "date", today: today) } ?? today
    }
}

struct RoutineShow: Command {
    static let info = CommandInfo(
        "show",
        abstract: "A routine's checklist on a day: a routine without a schedule has a fresh list every day; a scheduled one shows that day's occurrence.",
        parameters: [IdArgument.template, RoutineDay.date, json] + BoardOptions.parameters,
        runs: Self.self)

    let id: String, day: RoutineDay, json: Bool, board: BoardOptions

    static let json = Declared.flag("json", "Print JSON.")

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.template]
        day = try RoutineDay(given)
        json = try given[Self.json]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open()
        let date = try day.day(today: clock.today)
        let checklist = try store.checklists.read(ofRoutine: try store.routines.anyId(matching: id), day: date, clock: clock)
        let next = checklist.nextTimedStep(at: clock.local)
        if json {
            printOut(try CardFormat.jsonText([
                "title": checklist.title, "date": date.iso,
                "steps": checklist.steps.enumerated().map { i, step in
                    ["text": step.text, "done": step.done, "habit": step.habitName ?? NSNull(),
                     "time": Checklist.time(of: step.text)?.description ?? NSNull(), "next": i == next, "reminds": step.reminds] as [String: Any]
                },
            ] as [String: Any]))
            return
        }
        let when = MonthName.due(date, nil, today: clock.today) + (date == clock.today ? " (today)" : "")
        var lines = ["\(checklist.title.escapedForTerminal) · \(when) · \(checklist.doneCount) of \(checklist.steps.count) done"]
        if checklist.steps.isEmpty { lines.append("  no steps yet: board template edit ID --checklist STEP …") }
        // The timed step to do next today is marked (ARCHITECTURE.md §5).
        lines += checklist.steps.enumerated().map { i, step in
            "  \(i + 1). [\(step.done ? "x" : " ")] \(step.text.escapedForTerminal)" + (step.habitName.map { " → habit: \($0.escapedForTerminal)" } ?? "")
                + (step.reminds ? " (reminds)" : "") + (i == next ? "  ← next" : "")
        }
        printOut(lines.joined(separator: "\n"))
    }
}

struct RoutineTick: Command {
    static let info = CommandInfo(
        "tick", abstract: "Tick a step of a routine's checklist on a day, or untick it if ticked. Never records a habit.",
        parameters: [IdArgument.template, RoutineCommand.step, RoutineDay.date] + BoardOptions.parameters,
        runs: Self.self)

    let id: String, step: String, day: RoutineDay, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.template]
        step = try given[RoutineCommand.step]
        day = try RoutineDay(given)
        board = try BoardOptions(given)
    }

    func run() throws {
        let number = try RoutineCommand.stepNumber(step)
        let (store, clock) = try board.open()
        let date = try day.day(today: clock.today)
        // A routine another person shares is ticked here too: its ticks are this device's own.
        let templateId = try store.routines.anyId(matching: id)
        let checklist = try store.checklists.read(ofRoutine: templateId, day: date, clock: clock)
        let done = try store.checklists.toggle(number - 1, of: checklist.owner, clock: clock)
        let text = checklist.steps[number - 1].text
        printOut("\(done ? "Ticked" : "Unticked") step \(number) “\(text.escapedForTerminal)” of \(checklist.title.escapedForTerminal) on \(MonthName.due(date, nil, today: clock.today)).")
    }
}

struct RoutineLink: Command {
    static let info = CommandInfo(
        "link",
        abstract: "Link a step of a template to a habit: finishing a run of the routine then suggests it (it never checks it in).",
        parameters: [IdArgument.template, RoutineCommand.step, habit, none] + BoardOptions.parameters, runs: Self.self)
    static let habit = Declared.optionalArgument("habit", "The habit's name or id; leave out with --none.")
    static let none = Declared.flag("none", "Unlink the step.")

    let id: String, step: String, habit: String?, none: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.template]
        step = try given[RoutineCommand.step]
        habit = try given[Self.habit]
        none = try given[Self.none]
        board = try BoardOptions(given)
    }

    func run() throws {
        let number = try RoutineCommand.stepNumber(step)
        guard (habit == nil) == none else { throw BoardError("habit", "give a habit's name, or --none to unlink, not both") }
        let (store, clock) = try board.open(generating: false)
        let templateId = try store.routines.id(matching: id)
        let habitId = try habit.map { try store.habits.id(matching: $0) }
        try store.checklists.link(number - 1, ofTemplate: templateId, toHabit: habitId, clock: clock)
        printOut(habit.map { "Linked step \(number) to habit \($0)." } ?? "Unlinked step \(number).")
    }
}

struct RoutineRemind: Command {
    static let info = CommandInfo(
        "remind",
        abstract: "Remind at a timed step's time (\"07:30 Meds\") on each day the routine runs, once across your devices; --off stops it.",
        parameters: [IdArgument.template, RoutineCommand.step, off] + BoardOptions.parameters, runs: Self.self)
    static let off = Declared.flag("off", "Stop reminding at the step.")

    let id: String, step: String, off: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.template]
        step = try given[RoutineCommand.step]
        off = try given[Self.off]
        board = try BoardOptions(given)
    }

    func run() throws {
        let number = try RoutineCommand.stepNumber(step)
        let (store, clock) = try board.open(generating: false)
        let templateId = try store.routines.id(matching: id)
        let text = try store.checklists.remind(number - 1, ofTemplate: templateId, !off, clock: clock)
        printOut(off ? "Step \(number) “\(text.escapedForTerminal)” no longer reminds."
                     : "Step \(number) “\(text.escapedForTerminal)” reminds at \(Checklist.time(of: text)!) on each day the routine runs.")
    }
}
