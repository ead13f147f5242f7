import BoardModel

/// The fields of a routine's template (`templates`), in `TemplateRecord`'s order (ARCHITECTURE.md §7).
public enum TemplateTable: SyncedTable {
    public static let tableName = "templates"
    public typealias F = SyncedField
    typealias R = SyncedFields

    public static let id = F("id", .key(.id), server: .text)
    public static let ownerId = F("owner_id", .owner, server: .uuid)
    public static let title = F("title", R.title, server: .text)
    public static let description = F("description", R.description, server: .text)
    public static let labels = F("labels", .labels, server: .jsonb)
    public static let checklist = F("checklist", .templateChecklist, server: .jsonb)
    /// Always Routines: a document leaves it out.
    public static let defaultBucket = F("default_bucket", document: false, .choice([Bucket.routines.rawValue]), server: .text)
    /// The routine's times of day, `08:00, 20:00` (ARCHITECTURE.md §3); one for most.
    public static let defaultTime = F("default_time", key: "time", .optional(.times), server: .text)
    public static let priority = F("priority", R.priority, server: .integer)
    public static let defaultDurationMin = F("default_duration_min", key: "duration", R.duration, server: .integer)
    public static let status = F("status", .choice(R.statuses), server: .text)
    public static let version = F("version", .integer(1...Int64.max), server: .bigint)
    public static let createdAt = F("created_at", .timestamp, server: .timestamp)
    public static let updatedAt = F("updated_at", .timestamp, server: .timestamp)
    public static let endAfterCount = F("end_after_count", .optional(.integer(1...Int64.max)), server: .integer)
    public static let remindBefore = F("remind_before_min", key: "remind_before", R.remindBefore, server: .integer)

    public static let fields = [id, ownerId, title, description, labels, checklist, defaultBucket, defaultTime, priority,
                         defaultDurationMin, status, version, createdAt, updatedAt, endAfterCount, remindBefore]
}
