import BoardModel
import GRDB

/// A habit with its entries against its target, read from entries only.
public struct HabitOverview: Sendable {
    public let habit: HabitRecord
    /// Its entries per day and what they say against the target.
    public let progress: HabitProgress
    public let today: LocalDate

    /// The last 14 days, oldest first, with their entries.
    public var recent: [(date: LocalDate, entries: Int)] { progress.recent(today: today) }
    /// Consecutive met periods (days, weeks or months, as its target counts).
    public var streak: Int { progress.currentStreak(today: today) }
    /// "2/3 today", "3/4 this week".
    public var standing: String { progress.standing(today: today) }
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

    /// Each habit's entries per day from `from` on (every day without it), every device's counts
    /// added up, in one query: what `HabitProgress` reads.
    static func entryCounts(from: LocalDate? = nil, _ db: Database) throws -> [String: [LocalDate: Int]] {
        var counts: [String: [LocalDate: Int]] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT habit_id, day, SUM(count) FROM habit_entries \(from == nil ? "" : "WHERE day >= ?") GROUP BY habit_id, day",
                                       arguments: StatementArguments(from.map { [$0] } ?? []))
        while let row = try rows.next() {
            if let day = LocalDate(iso: row[1] as String) { counts[row[0], default: [:]][day] = row[2] }
        }
        return counts
    }

    /// The entries of a habit on a day, every device's counts added up.
    static func entries(habitId: String, day: LocalDate, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(count), 0) FROM habit_entries WHERE habit_id = ? AND day = ?", arguments: [habitId, day]) ?? 0
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
    public func add(_ name: String, description: String = "", target: HabitTarget = .daily, clock: BoardClock) throws -> HabitRecord {
        let name = name.trimmingSpaces
        try BoardStore.checkHabit(name: name, description: description)
        return try write { db in
            if try BoardStore.habit(named: name, db) != nil { throw BoardError("name", "a habit named '\(name)' already exists") }
            let habit = HabitRecord(id: BoardStore.newId(), ownerId: ownerId, name: name, description: description, archived: false,
                                    createdAt: clock.timestamp, target: target)
            try habit.insertRow(db)
            return habit
        }
    }

    /// Changes what is given of a habit's name, description and target, in one transaction.
    /// A new target counts the entries already made against it: nothing is rewritten.
    public func edit(_ habitId: String, name: String? = nil, description: String? = nil, target: HabitTarget? = nil) throws -> HabitRecord {
        try write { db in
            guard var habit = try HabitRecord.fetchOne(db, keyValues: [habitId]) else { throw BoardError("habit", "no habit \(habitId)") }
            if let name = name?.trimmingSpaces {
                if let other = try BoardStore.habit(named: name, db), other.id != habitId {
                    throw BoardError("name", "a habit named '\(other.name.echoed)' already exists")
                }
                habit.name = name
            }
            if let description { habit.description = description }
            if let target { habit.target = target }
            try BoardStore.checkHabit(name: habit.name, description: habit.description)
            try habit.updateRow(db)
            return habit
        }
    }

    /// Habits in creation order with their entries against their targets.
    public func list(clock: BoardClock, weekStart: Weekday = .monday, includingArchived: Bool = false) throws -> [HabitOverview] {
        try read { db in
            var request = HabitRecord.order(HabitRecord.Columns.createdAt, Column.rowID)
            if !includingArchived { request = request.filter(HabitRecord.Columns.archived == false) }
            // Every habit's entries of the last 400 days in one query, not one per habit.
            let entries = try BoardStore.entryCounts(from: clock.today.adding(days: -400), db)
            return try request.fetchAll(db).map { habit in
                HabitOverview(habit: habit, progress: HabitProgress(counts: entries[habit.id] ?? [:], target: habit.target, weekStart: weekStart),
                              today: clock.today)
            }
        }
    }

    /// This device's entry of a habit on a day, if the user confirmed one here.
    public func entry(habitId: String, day: LocalDate) throws -> HabitEntryRecord? {
        try read { db in
            try HabitEntryRecord.fetchOne(db, keyValues: [habitId, day.iso, try BoardStore.thisDevice(db)])
        }
    }

    /// The entries of a habit on a day, every device's counts added up.
    public func entries(habitId: String, day: LocalDate) throws -> Int {
        try read { db in try BoardStore.entries(habitId: habitId, day: day, db) }
    }

    /// Takes back a whole day: the user said it didn't happen. Every device's count of it goes.
    public func uncheck(habitId: String, day: LocalDate) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM habit_entries WHERE habit_id = ? AND day = ?", arguments: [habitId, day])
        }
    }

    /// Takes back `count` of a day's entries, this device's first; returns how many the day has left.
    public func takeBack(_ count: Int, habitId: String, day: LocalDate, clock: BoardClock) throws -> Int {
        guard count >= 1 else { throw BoardError("count", "must be 1 or more, got \(count)") }
        return try write { db in
            let device = try BoardStore.thisDevice(db)
            // This device's row first, then the others' largest first: the fewest rows written.
            var rows = try HabitEntryRecord.fetchAll(db, sql: """
                SELECT * FROM habit_entries WHERE habit_id = ? AND day = ? ORDER BY device = ? DESC, count DESC, device
                """, arguments: [habitId, day, device])
            let total = rows.reduce(0) { $0 + $1.count }
            guard count <= total else {
                throw BoardError("count", "\(day.iso) has \(total) \(total == 1 ? "entry" : "entries"); cannot take back \(count)")
            }
            var left = count
            for i in rows.indices where left > 0 {
                let taken = min(left, rows[i].count)
                left -= taken
                rows[i].count -= taken
                if rows[i].count == 0 { try rows[i].deleteRow(db) } else {
                    rows[i].updatedAt = clock.timestamp
                    try rows[i].updateRow(db)
                }
            }
            return total - count
        }
    }

    /// The habit with this name (any case) or id prefix.
    public func id(matching text: String) throws -> String {
        try read { db in
            if let habit = try BoardStore.habit(named: text.trimmingSpaces, db) { return habit.id }
            guard text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw BoardError("habit", "no habit named '\(text.echoed)' (board habit list shows them)")
            }
            return try BoardStore.resolve(text, in: "habits", noun: "habit", db)
        }
    }

    /// Adds `count` entries to `day` on this device and returns the day's entries. A once-a-day
    /// habit is yes or no: checking in a day that has its entry adds none (on this device's own
    /// entry it notes where the confirmation came from; another device's entry is that device's).
    @discardableResult
    public func checkIn(habitId: String, day: LocalDate, count: Int = 1, source: HabitEntrySource = .manual, routineId: String? = nil,
                        clock: BoardClock) throws -> Int {
        guard day <= clock.today else { throw BoardError("date", "\(day.iso) hasn't come yet; check in today or an earlier day") }
        guard (1...HabitEntryRecord.maximumCount).contains(count) else {
            throw BoardError("count", "must be from 1 to \(HabitEntryRecord.maximumCount), got \(count)")
        }
        return try write { db in
            guard let habit = try HabitRecord.fetchOne(db, keyValues: [habitId]) else { throw BoardError("habit", "no habit \(habitId)") }
            let device = try BoardStore.thisDevice(db)
            let total = try BoardStore.entries(habitId: habitId, day: day, db)
            let added = habit.target == .daily ? max(0, 1 - total) : count
            let mine = try HabitEntryRecord.fetchOne(db, keyValues: [habitId, day.iso, device])
            guard (mine?.count ?? 0) + added <= HabitEntryRecord.maximumCount else {
                throw BoardError("count", "a day holds at most \(HabitEntryRecord.maximumCount) entries of a habit")
            }
            if var mine {
                mine.count += added
                mine.source = source
                mine.routineId = routineId
                mine.updatedAt = clock.timestamp
                try mine.updateRow(db)
            } else if added > 0 {
                try HabitEntryRecord(habitId: habitId, day: day, source: source, routineId: routineId, createdAt: clock.timestamp,
                                     updatedAt: clock.timestamp, device: device, count: added).insertRow(db)
            }
            return total + added
        }
    }
}

extension BoardStore {
    /// The name this device's counts go under: its sync name, or empty on a board that never synced.
    static func thisDevice(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT device_id FROM sync_state WHERE id = 1") ?? ""
    }
}
