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
    static let info = CommandInfo("add", abstract: "Add a habit.", parameters: [
        .argument("name", "The habit's name (unique, any case)."),
        .option("description", "What it is about."),
    ] + BoardOptions.parameters, runs: Self.self)

    let name: String, description: String, board: BoardOptions

    init(_ given: ParsedArguments) {
        name = given.required("name")
        description = given.value("description") ?? ""
        board = BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false, creating: true)
        let habit = try store.addHabit(name, description: description, clock: clock)
        printOut("Added habit \(CardFormat.shortId(habit.id)): \(habit.name.escapedForTerminal)")
    }
}

struct HabitList: Command {
    static let info = CommandInfo(
        "list", abstract: "List habits with their last 14 days (oldest first, x checked) and current streak.",
        parameters: [.flag("json", "Print a JSON array.")] + BoardOptions.parameters, runs: Self.self)

    let json: Bool, board: BoardOptions

    init(_ given: ParsedArguments) {
        json = given.flag("json")
        board = BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open(generating: false)
        let habits = try store.habits(clock: clock)
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
        "check", abstract: "Check in a habit for a day (today by default); again the same day changes nothing more.", parameters: [
            .argument("habit", "The habit's name or id."),
            .option("date", "The local day, YYYY-MM-DD. Default: today.", value: "date"),
        ] + BoardOptions.parameters, runs: Self.self)

    let habit: String, date: String?, board: BoardOptions

    init(_ given: ParsedArguments) {
        habit = given.required("habit")
        date = given.value("date")
        board = BoardOptions(given)
    }

    func run() throws {
        let day = try date.map { d throws in try CardFieldOptions.date(d, field: "date") }
        let (store, clock) = try board.open(generating: false)
        let id = try store.habitId(matching: habit)
        try store.checkIn(habitId: id, day: day ?? clock.today, clock: clock)
        printOut("Checked in \(habit.escapedForTerminal) on \(MonthName.due(day ?? clock.today, nil, today: clock.today)).")
    }
}
