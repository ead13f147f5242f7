import ArgumentParser
import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Habits: checked in day by day; only an entry you confirm counts.",
        subcommands: [HabitAdd.self, HabitList.self, HabitCheck.self]
    )
}

struct HabitAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a habit.")

    @Argument(help: "The habit's name (unique, any case).") var name: String
    @Option(help: "What it is about.") var description = ""
    @OptionGroup var board: BoardOptions

    func run() throws {
        let (store, clock) = try board.open(generating: false, creating: true)
        let habit = try store.addHabit(name, description: description, clock: clock)
        printOut("Added habit \(CardFormat.shortId(habit.id)): \(habit.name.escapedForTerminal)")
    }
}

struct HabitList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List habits with their last 14 days (oldest first, x checked) and current streak.")

    @Flag(help: "Print a JSON array.") var json = false
    @OptionGroup var board: BoardOptions

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

struct HabitCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check in a habit for a day (today by default); again the same day changes nothing more.")

    @Argument(help: "The habit's name or id.") var habit: String
    @Option(help: ArgumentHelp("The local day, YYYY-MM-DD. Default: today.", valueName: "date")) var date: String?
    @OptionGroup var board: BoardOptions

    func run() throws {
        let day = try date.map { d throws in try CardFieldOptions.date(d, field: "date") }
        let (store, clock) = try board.open(generating: false)
        let id = try store.habitId(matching: habit)
        try store.checkIn(habitId: id, day: day ?? clock.today, clock: clock)
        printOut("Checked in \(habit.escapedForTerminal) on \(MonthName.due(day ?? clock.today, nil, today: clock.today)).")
    }
}
