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

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = HabitTable

    /// The columns, by name (held to `HabitTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, ownerId = "owner_id", name, description, archived, createdAt = "created_at"
    }
}

/// Where a habit entry came from: the user checking in by hand, or confirming a routine's suggestion.
public enum HabitEntrySource: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case manual, routine
}

/// A row of `habit_entries`: the only truth about a habit, one per habit and local day.
public struct HabitEntryRecord: Hashable, Sendable, BoardRecord, Codable {
    public static let databaseTableName = "habit_entries"

    public var habitId: String
    public var day: LocalDate
    public var source: HabitEntrySource
    public var routineId: String?
    public var createdAt: String
    public var updatedAt: String

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = HabitEntryTable

    /// The columns, by name (held to `HabitEntryTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case habitId = "habit_id", day, source, routineId = "routine_id", createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
