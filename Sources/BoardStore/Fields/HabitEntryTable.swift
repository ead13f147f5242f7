import BoardModel

/// The fields of a habit's entry (`habit_entries`), in `HabitEntryRecord`'s order (ARCHITECTURE.md
/// §10). Keyed by its habit and day; the server adds the owner a device reads from the habit.
public enum HabitEntryTable: SyncedTable {
    public static let tableName = "habit_entries"
    public typealias F = SyncedField

    public static let ownerId = F("owner_id", document: false, nil, server: .uuid, serverOnly: true)
    public static let habitId = F("habit_id", document: false, .key(.id), server: .text)
    public static let day = F("day", .key(.date), server: .date)
    public static let source = F("source", .choice(HabitEntrySource.allCases.map(\.rawValue)), server: .text)
    public static let routineId = F("routine_id", .optional(.id), server: .text)
    public static let createdAt = F("created_at", .timestamp, server: .timestamp)
    public static let updatedAt = F("updated_at", .timestamp, server: .timestamp)

    public static let fields = [ownerId, habitId, day, source, routineId, createdAt, updatedAt]
}
