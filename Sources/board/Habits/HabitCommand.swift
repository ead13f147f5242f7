import BoardCLI
import BoardModel
import BoardStore
import Foundation

enum HabitCommand {
    static let info = CommandInfo(
        group: "habit",
        abstract: "Habits: counted against a target; only an entry you confirm counts.",
        subcommands: [HabitAdd.info, HabitEdit.info, HabitList.info, HabitCheck.info, HabitUncheck.info]
    )

    static let habit = Declared.argument("habit", "The habit's name or id.")
    static let target = Declared.option("target", "How often: daily (the default), '3 times a day', '4 times a week', 'twice a month'.",
                                        value: "often")
    static let count = Declared.number("count", "How many entries (default 1).", value: "N")

    /// The target a person typed, or nil when none was.
    static func target(_ text: String?) throws -> HabitTarget? {
        try text.map { t throws in try HabitTarget(phrase: t) }
    }
}

struct HabitAdd: Command {
    static let name = Declared.argument("name", "The habit's name (unique, any case).")
    static let description = Declared.option("description", "What it is about.")
    static let info = CommandInfo("add", abstract: "Add a habit.", parameters: [name, description, HabitCommand.target] + BoardOptions.parameters,
                                  runs: Self.self)

    let name: String, description: String, target: HabitTarget, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        name = try given[Self.name]
        description = try given[Self.description] ?? ""
        target = try HabitCommand.target(try given[HabitCommand.target]) ?? .daily
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false, creating: true)
        let habit = try store.habits.add(name, description: description, target: target, clock: clock)
        printOut("Added habit \(CardFormat.shortId(habit.id)): \(habit.name.escapedForTerminal), \(habit.target.summary)")
    }
}

struct HabitEdit: Command {
    static let name = Declared.option("name", "A new name (unique, any case).")
    static let description = Declared.option("description", "A new description.")
    static let info = CommandInfo(
        "edit", abstract: "Rename a habit, describe it or change its target; entries already made count against the new target.",
        parameters: [HabitCommand.habit, name, description, HabitCommand.target] + BoardOptions.parameters, runs: Self.self)

    let habit: String, name: String?, description: String?, target: HabitTarget?, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        habit = try given[HabitCommand.habit]
        name = try given[Self.name]
        description = try given[Self.description]
        target = try HabitCommand.target(try given[HabitCommand.target])
        board = try BoardOptions(given)
        guard name != nil || description != nil || target != nil else {
            throw UsageError("habit edit: give --name, --description or --target")
        }
    }

    func run() throws {
        let (store, _) = try board.open(generating: false)
        let edited = try store.habits.edit(try store.habits.id(matching: habit), name: name, description: description, target: target)
        printOut("Edited habit \(CardFormat.shortId(edited.id)): \(edited.name.escapedForTerminal), \(edited.target.summary)")
    }
}

struct HabitList: Command {
    static let info = CommandInfo(
        "list", abstract: "List habits with their last 14 days (oldest first: x checked in, or a day's count), their target and streak.",
        parameters: [TemplateList.json] + BoardOptions.parameters, runs: Self.self)

    let json: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        json = try given[TemplateList.json]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let habits = try store.habits.list(clock: clock, weekStart: ConfigFile.loaded.weekStart ?? .monday)
        if json {
            printOut(try CardFormat.jsonText(habits.map { h in
                [
                    "id": h.habit.id, "name": h.habit.name, "description": h.habit.description, "target": h.habit.target.text,
                    "standing": h.standing, "streak": h.streak, "streak_unit": h.habit.target.period.rawValue,
                    "last14": h.recent.map { ["date": $0.date.iso, "checked": $0.entries > 0, "entries": $0.entries] },
                ] as [String: Any]
            }))
            return
        }
        guard !habits.isEmpty else {
            printOut("No habits yet; add one with: board habit add NAME")
            return
        }
        for h in habits {
            let daily = h.habit.target == .daily
            let marks = h.recent.map { $0.entries == 0 ? "·" : daily ? "x" : $0.entries > 9 ? "+" : String($0.entries) }.joined()
            let target = daily ? "" : " · \(h.habit.target.summary), \(h.standing)"
            printOut("\(CardFormat.shortId(h.habit.id))  \(h.habit.name.escapedForTerminal) · \(marks)\(target) · streak "
                     + StatsWords.streak(h.streak, h.habit.target.period))
        }
    }
}

struct HabitCheck: Command {
    static let info = CommandInfo(
        "check", abstract: "Check in a habit for a day (today by default): one entry, or --count N; a daily habit's day counts once.",
        parameters: [HabitCommand.habit, RoutineDay.date, HabitCommand.count] + BoardOptions.parameters, runs: Self.self)

    let habit: String, day: RoutineDay, count: Int, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        habit = try given[HabitCommand.habit]
        day = try RoutineDay(given)
        count = try given[HabitCommand.count] ?? 1
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let day = try self.day.day(today: clock.today)
        let id = try store.habits.id(matching: habit)
        let entries = try store.habits.checkIn(habitId: id, day: day, count: count, clock: clock)
        printOut("Checked in \(habit.escapedForTerminal) on \(MonthName.due(day, nil, today: clock.today))"
                 + (entries > 1 ? ": \(entries) that day." : "."))
    }
}

struct HabitUncheck: Command {
    static let info = CommandInfo(
        "uncheck", abstract: "Take back a day's entries (today by default): all of them, or --count N.",
        parameters: [HabitCommand.habit, RoutineDay.date, HabitCommand.count] + BoardOptions.parameters, runs: Self.self)

    let habit: String, day: RoutineDay, count: Int?, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        habit = try given[HabitCommand.habit]
        day = try RoutineDay(given)
        count = try given[HabitCommand.count]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let day = try self.day.day(today: clock.today)
        let id = try store.habits.id(matching: habit)
        let when = MonthName.due(day, nil, today: clock.today)
        guard let count else {
            let had = try store.habits.entries(habitId: id, day: day)
            guard had > 0 else { throw BoardError("date", "\(habit.echoed) has no entry on \(when)") }
            try store.habits.uncheck(habitId: id, day: day)
            printOut("Took back \(habit.escapedForTerminal) on \(when).")
            return
        }
        let left = try store.habits.takeBack(count, habitId: id, day: day, clock: clock)
        printOut("Took back \(count) of \(habit.escapedForTerminal) on \(when): \(left) left that day.")
    }
}
