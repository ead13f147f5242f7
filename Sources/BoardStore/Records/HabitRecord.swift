import BoardModel
import GRDB

/// A row of `habits`: something the user wants to do, checked in day by day.
public struct HabitRecord: Hashable, Sendable, BoardRecord, Codable {
    public static let databaseTableName = "habits"

    public var id: String
    public var ownerId: String
    public var name: String
    public var description: String
    public var archived: Bool
    public var createdAt: String
    /// The target as stored: nil for daily, the target of every habit before targets.
    var storedTarget: HabitTarget?

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = HabitTable

    /// The columns, by name (held to `HabitTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, ownerId = "owner_id", name, description, archived, createdAt = "created_at", storedTarget = "target"
    }

    public init(id: String, ownerId: String, name: String, description: String, archived: Bool, createdAt: String,
                target: HabitTarget = .daily) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.description = description
        self.archived = archived
        self.createdAt = createdAt
        self.target = target
    }

    /// How often it is meant to happen (ARCHITECTURE.md §5); daily unless the user said otherwise.
    public var target: HabitTarget {
        get { storedTarget ?? .daily }
        set { storedTarget = newValue == .daily ? nil : newValue }
    }
}

/// Where a habit entry came from: the user checking in by hand, or confirming a routine's suggestion.
public enum HabitEntrySource: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case manual, routine
}

/// A row of `habit_entries`: the only truth about a habit, one per habit, local day and device.
/// A day's entries are the sum of its rows' counts.
public struct HabitEntryRecord: Hashable, Sendable, BoardRecord, Codable {
    public static let databaseTableName = "habit_entries"
    public static let keyColumns = ["habit_id", "day", "device"]
    /// The most entries one device counts for a habit on one day.
    public static let maximumCount = 1_000

    public var habitId: String
    public var day: LocalDate
    public var source: HabitEntrySource
    public var routineId: String?
    public var createdAt: String
    public var updatedAt: String
    /// The device that counted them, empty on a board that never synced.
    public var device: String = ""
    /// How many times it happened that day, as that device counted.
    public var count: Int = 1

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = HabitEntryTable

    /// The columns, by name (held to `HabitEntryTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case habitId = "habit_id", day, source, routineId = "routine_id", createdAt = "created_at"
        case updatedAt = "updated_at", device, count
    }
}
