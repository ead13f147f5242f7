import BoardModel

/// The fields of a habit's entry (`habit_entries`), in `HabitEntryRecord`'s order (ARCHITECTURE.md
/// §10). Keyed by its habit, day and device: each device counts its own entries of a day, so two
/// devices' counts add up rather than one overwriting the other. The server adds the owner a
/// device reads from the habit.
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
    /// The device that counted them; empty on a board that never synced and on entries made before counts.
    public static let device = F("device", .key(.id), server: .text, addedLater: true, absent: "".databaseValue)
    /// How many times it happened that day, on that device.
    public static let count = F("count", .integer(1...Int64(HabitEntryRecord.maximumCount)), server: .integer, addedLater: true,
                                absent: 1.databaseValue)

    public static let fields = [ownerId, habitId, day, source, routineId, createdAt, updatedAt, device, count]
}
