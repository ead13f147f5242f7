import BoardCLI
import BoardModel
import BoardStore
import Foundation

enum HabitCommand {
    static let info = CommandInfo(
        group: "habit",
        abstract: "Habits: checked in day by day; only an entry you confirm counts.",
        subcommands: [HabitAdd.info, HabitList.info, HabitCheck.info]
    )
}

struct HabitAdd: Command {
    static let name = Declared.argument("name", "The habit's name (unique, any case).")
    static let description = Declared.option("description", "What it is about.")
    static let info = CommandInfo("add", abstract: "Add a habit.", parameters: [name, description] + BoardOptions.parameters, runs: Self.self)

    let name: String, description: String, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        name = try given[Self.name]
        description = try given[Self.description] ?? ""
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false, creating: true)
        let habit = try store.habits.add(name, description: description, clock: clock)
        printOut("Added habit \(CardFormat.shortId(habit.id)): \(habit.name.escapedForTerminal)")
    }
}

struct HabitList: Command {
    static let info = CommandInfo(
        "list", abstract: "List habits with their last 14 days (oldest first, x checked) and current streak.",
        parameters: [TemplateList.json] + BoardOptions.parameters, runs: Self.self)

    let json: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        json = try given[TemplateList.json]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let habits = try store.habits.list(clock: clock)
        if json {
            printOut(try CardFormat.jsonText(habits.map { h in
                [
                    "id": h.habit.id, "name": h.habit.name, "description": h.habit.description, "streak": h.streak,
                    "last14": h.recent.map { ["date": $0.date.iso, "checked": $0.checked] },
                ] as [String: Any]
            }))
            return
        }
        guard !habits.isEmpty else {
            printOut("No habits yet; add one with: board habit add NAME")
            return
        }
        for h in habits {
            let marks = h.recent.map { $0.checked ? "x" : "·" }.joined()
            printOut("\(CardFormat.shortId(h.habit.id))  \(h.habit.name.escapedForTerminal) · \(marks) · streak \(h.streak) \(h.streak == 1 ? "day" : "days")")
        }
    }
}

struct HabitCheck: Command {
    static let info = CommandInfo(
        "check", abstract: "Check in a habit for a day (today by default); again the same day changes nothing more.", parameters: [habit, RoutineDay.date] + BoardOptions.parameters, runs: Self.self)
    static let habit = Declared.argument("habit", "The habit's name or id.")

    let habit: String, day: RoutineDay, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        habit = try given[Self.habit]
        day = try RoutineDay(given)
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let day = try self.day.day(today: clock.today)
        let id = try store.habits.id(matching: habit)
        try store.habits.checkIn(habitId: id, day: day, clock: clock)
        printOut("Checked in \(habit.escapedForTerminal) on \(MonthName.due(day, nil, today: clock.today)).")
    }
}
