import BoardModel

/// The fields of a template's series (`series`), in `SeriesRecord`'s order (ARCHITECTURE.md §7).
public enum SeriesTable: SyncedTable {
    public static let tableName = "series"
    public typealias F = SyncedField
    typealias R = SyncedFields

    public static let id = F("id", .key(.id), server: .text)
    public static let ownerId = F("owner_id", document: false, .owner, server: .uuid)
    public static let templateId = F("template_id", document: false, .id, server: .text)
    public static let startsOn = F("starts_on", .date, server: .date)
    public static let endsOn = F("ends_on", .optional(.date), server: .date)
    public static let status = F("status", .choice(R.statuses), server: .text)
    public static let lastGeneratedAt = F("last_generated_at", .optional(.timestamp), server: .timestamp)
    public static let usedCount = F("used_count", R.count, server: .bigint)
    public static let skippedDates = F("skipped_dates", .dates, server: .jsonb)
    public static let generatedThrough = F("generated_through", .optional(.date), server: .date)
    public static let generatedCount = F("generated_count", document: false, R.count, server: .bigint)

    public static let fields = [id, templateId, ownerId, startsOn, endsOn, status, lastGeneratedAt, usedCount, skippedDates,
                         generatedThrough, generatedCount]
}
