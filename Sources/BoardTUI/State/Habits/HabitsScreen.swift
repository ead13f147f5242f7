import BoardModel
import BoardStore

/// A habit as the Habits view shows it: its last 14 days and its streak, read from entries only.
public struct HabitRow: Hashable, Sendable {
    public let id: String
    public let name: String
    public let description: String
    /// The last 14 days, oldest first, and whether each has an entry.
    public let days: [LocalDate]
    public let checked: [Bool]
    public let streak: Int

    public init(_ overview: HabitOverview) {
        id = overview.habit.id
        name = overview.habit.name
        description = overview.habit.description
        days = overview.recent.map(\.date)
        checked = overview.recent.map(\.checked)
        streak = overview.streak
    }
}

/// The Habits view (`g`): a cursor over habits and over their 14 days; Space checks a day in or out.
public struct HabitsScreen: Hashable, Sendable {
    public var habits: [HabitRow]
    public var cursor = 0
    /// The day under the cursor: 13 is today, 0 thirteen days ago.
    public var day = 13
    /// The name typed after `a`, while adding a habit.
    public var adding: TextField?

    public init(habits: [HabitRow]) {
        self.habits = habits
    }

    public var focused: HabitRow? { habits.indices.contains(cursor) ? habits[cursor] : nil }

    public mutating func clampCursor() {
        cursor = min(max(0, cursor), max(0, habits.count - 1))
        day = min(max(0, day), 13)
    }
}
