import BoardModel

/// The fields of a habit (`habits`), in `HabitRecord`'s order (ARCHITECTURE.md §7).
public enum HabitTable: SyncedTable {
    public static let tableName = "habits"
    public typealias F = SyncedField
    typealias R = SyncedFields

    public static let id = F("id", .key(.id), server: .text)
    public static let ownerId = F("owner_id", .owner, server: .uuid)
    public static let name = F("name", .text(limit: TextLimits.habitName, multiline: false, required: true), server: .text)
    public static let description = F("description", R.description, server: .text)
    public static let archived = F("archived", R.flag, server: .boolean)
    public static let createdAt = F("created_at", .timestamp, server: .timestamp)
    /// How often it is meant to happen, `3/day`; null for daily, so earlier devices take the row.
    public static let target = F("target", .optional(.habitTarget), server: .text, addedLater: true)

    public static let fields = [id, ownerId, name, description, archived, createdAt, target]
}
