import BoardModel
import GRDB

/// A habit with its recent days and its streak, read from entries only.
public struct HabitOverview: Sendable {
    public let habit: HabitRecord
    /// The last 14 days, oldest first.
    public let recent: [(date: LocalDate, checked: Bool)]
    public let streak: Int
}

/// Habits and their entries (ARCHITECTURE.md §5): an entry exists only when the user confirms one,
/// by hand or by accepting a routine's suggestion; confirming the same day again updates it.
extension BoardStore {
    /// A habit's name (not empty, one line, 100 characters) and description (10,000), as a
    /// new habit and an imported one must have them.
    static func checkHabit(name: String, description: String) throws(BoardError) {
        guard !name.isBlank else { throw BoardError("name", "must not be empty") }
        try TextLimits.check(name, field: "name", limit: TextLimits.habitName)
        try TextLimits.check(description, field: .description, limit: TextLimits.description, multiline: true)
    }

    static func habit(named name: String, _ db: Database) throws -> HabitRecord? {
        try HabitRecord.fetchOne(db, sql: "SELECT * FROM habits WHERE name = ? COLLATE NOCASE", arguments: [name])
    }
}

/// The habits and their entries (ARCHITECTURE.md §5): `store.habits`.
public struct HabitStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The habits and their entries.
    public var habits: HabitStore { HabitStore(base: self) }
}

extension HabitStore {
    public func add(_ name: String, description: String = "", clock: BoardClock) throws -> HabitRecord {
        let name = name.trimmingSpaces
        try BoardStore.checkHabit(name: name, description: description)
        return try write { db in
            if try BoardStore.habit(named: name, db) != nil { throw BoardError("name", "a habit named '\(name)' already exists") }
            let habit = HabitRecord(id: BoardStore.newId(), ownerId: ownerId, name: name, description: description, archived: false,
                                    createdAt: clock.timestamp)
            try habit.insert(db)
            return habit
        }
    }

    /// Habits in creation order with their last 14 days and current streak.
    public func list(clock: BoardClock, includingArchived: Bool = false) throws -> [HabitOverview] {
        try read { db in
            var request = HabitRecord.order(HabitRecord.Columns.createdAt, Column.rowID)
            if !includingArchived { request = request.filter(HabitRecord.Columns.archived == false) }
            // Every habit's entries of the last 400 days in one query, not one per habit.
            var entries: [String: Set<LocalDate>] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT habit_id, day FROM habit_entries WHERE day >= ?",
                                           arguments: [clock.today.adding(days: -400)])
            while let row = try rows.next() { entries[row[0], default: []].insert(row[1]) }
            return try request.fetchAll(db).map { habit in
                let days = entries[habit.id] ?? []
                return HabitOverview(habit: habit, recent: HabitStreak.recent(days: days, today: clock.today),
                                     streak: HabitStreak.current(days: days, today: clock.today))
            }
        }
    }

    /// The entry of a habit on a day, if the user confirmed one.
    public func entry(habitId: String, day: LocalDate) throws -> HabitEntryRecord? {
        try read { db in try HabitEntryRecord.fetchOne(db, key: ["habit_id": habitId, "day": day.iso]) }
    }

    /// Takes back a day's check-in: the user said it didn't happen.
    public func uncheck(habitId: String, day: LocalDate) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM habit_entries WHERE habit_id = ? AND day = ?", arguments: [habitId, day])
        }
    }

    /// The habit with this name (any case) or id prefix.
    public func id(matching text: String) throws -> String {
        try read { db in
            if let habit = try BoardStore.habit(named: text.trimmingSpaces, db) { return habit.id }
            guard text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw BoardError("habit", "no habit named '\(text)' (board habit list shows them)")
            }
            return try BoardStore.resolve(text, in: "habits", noun: "habit", db)
        }
    }

    /// Creates or updates the entry of `day`: never a second one for the same habit and day.
    public func checkIn(habitId: String, day: LocalDate, source: HabitEntrySource = .manual, routineId: String? = nil,
                        clock: BoardClock) throws {
        guard day <= clock.today else { throw BoardError("date", "\(day.iso) hasn't come yet; check in today or an earlier day") }
        try write { db in
            guard try HabitRecord.fetchOne(db, key: habitId) != nil else { throw BoardError("habit", "no habit \(habitId)") }
            try db.execute(sql: """
                INSERT INTO habit_entries (habit_id, day, source, routine_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (habit_id, day) DO UPDATE SET source = excluded.source, routine_id = excluded.routine_id,
                    updated_at = excluded.updated_at
                """, arguments: [habitId, day, source, routineId, clock.timestamp, clock.timestamp])
        }
    }
}
