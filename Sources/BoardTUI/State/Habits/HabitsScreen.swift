import BoardModel
import BoardStore

/// A habit as the Habits view shows it: its last 14 days, where its target stands and its
/// streak, read from entries only.
public struct HabitRow: Hashable, Sendable {
    public let id: String
    public let name: String
    public let description: String
    public let target: HabitTarget
    /// The last 14 days, oldest first, and each one's entries.
    public let days: [LocalDate]
    public let entries: [Int]
    /// Each of the 14 days' own target met (a day's; false for a week's or month's target).
    public let met: [Bool]
    public let streak: Int
    /// "2/3 today", "3/4 this week".
    public let standing: String

    public init(_ overview: HabitOverview) {
        id = overview.habit.id
        name = overview.habit.name
        description = overview.habit.description
        target = overview.habit.target
        let recent = overview.recent
        days = recent.map(\.date)
        entries = recent.map(\.entries)
        met = recent.map { overview.habit.target.period == .day && $0.entries >= overview.habit.target.count }
        streak = overview.streak
        standing = overview.standing
    }

    /// Whether each of the 14 days has an entry.
    public var checked: [Bool] { entries.map { $0 > 0 } }
}

/// The Habits view (`g`): a cursor over habits and over their 14 days; Space checks a day in or out.
public struct HabitsScreen: Hashable, Sendable {
    public var habits: [HabitRow]
    public var cursor = 0
    /// The day under the cursor: 13 is today, 0 thirteen days ago.
    public var day = 13
    /// The name typed after `a`, while adding a habit.
    public var adding: TextField?
    /// The target typed after `t` for the focused habit ("3 times a day"), while setting it.
    public var targeting: TextField?

    public init(habits: [HabitRow]) {
        self.habits = habits
    }

    public var focused: HabitRow? { habits.indices.contains(cursor) ? habits[cursor] : nil }

    public mutating func clampCursor() {
        cursor = min(max(0, cursor), max(0, habits.count - 1))
        day = min(max(0, day), 13)
    }
}
