import BoardModel

/// The fields of a card (`tasks`), in `CardRecord`'s column order (ARCHITECTURE.md §7).
public enum CardTable: SyncedTable {
    public static let tableName = "tasks"
    public typealias F = SyncedField
    typealias R = SyncedFields

    public static let id = F("id", .key(.id), server: .text)
    public static let ownerId = F("owner_id", .owner, server: .uuid)
    public static let title = F("title", R.title, server: .text)
    public static let description = F("description", R.description, server: .text)
    public static let labels = F("labels", .labels, server: .jsonb)
    public static let checklist = F("checklist", .cardChecklist, server: .jsonb)
    public static let bucket = F("bucket", .choice(Bucket.allCases.map(\.rawValue)), server: .text)
    public static let position = F("position", .integer(Int64.min...Int64.max), server: .bigint)
    public static let dueDate = F("due_date", .optional(.date), server: .date)
    public static let dueTime = F("due_time", .optional(.time), server: .time)
    public static let priority = F("priority", R.priority, server: .integer)
    public static let durationMin = F("duration_min", key: "duration", R.duration, server: .integer)
    public static let isCompleted = F("is_completed", key: "completed", R.flag, server: .boolean)
    public static let completedAt = F("completed_at", .optional(.timestamp), server: .timestamp)
    public static let createdAt = F("created_at", .timestamp, server: .timestamp)
    public static let updatedAt = F("updated_at", .timestamp, server: .timestamp)
    public static let templateId = F("template_id", .optional(.id), server: .text)
    public static let seriesId = F("series_id", .optional(.id), server: .text)
    public static let occurrenceDate = F("occurrence_date", .optional(.date), server: .date)
    /// Sent as a register per field (`exception.FIELD`), not as one value.
    public static let exceptionMask = F("exception_mask", key: "exceptions", nil, server: .jsonb)
    public static let remindBefore = F("remind_before_min", key: "remind_before", R.remindBefore, server: .integer)
    public static let aimedOn = F("aimed_on", .optional(.date), server: .date, addedLater: true)
    /// The run's time of day when its routine runs several times a day (ARCHITECTURE.md §4).
    public static let occurrenceTime = F("occurrence_time", .optional(.time), server: .time, addedLater: true)

    public static let fields = [id, ownerId, title, description, labels, checklist, bucket, position, dueDate, dueTime, priority,
                         durationMin, isCompleted, completedAt, createdAt, updatedAt, templateId, seriesId, occurrenceDate,
                         exceptionMask, remindBefore, aimedOn, occurrenceTime]
}
