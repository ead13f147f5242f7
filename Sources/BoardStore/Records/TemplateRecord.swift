import BoardModel
import GRDB

extension TemplateStatus: DatabaseValueConvertible {}

/// A row of `templates`: a routine's definition.
public struct TemplateRecord: Hashable, Sendable, BoardRecord, Codable {
    public static let databaseTableName = "templates"

    public var id: String
    public var ownerId: String
    public var title: String
    public var description: String
    public var labels: [String]
    public var checklist: [ChecklistStep]
    public var defaultBucket: Bucket
    public var defaultTime: LocalTime?
    public var priority: Int
    public var defaultDurationMin: Int?
    public var status: TemplateStatus
    public var version: Int
    public var createdAt: String
    public var updatedAt: String
    public var endAfterCount: Int?
    /// What its occurrences take as their "remind before", in minutes.
    public var remindBeforeMin: Int

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = TemplateTable

    /// The columns, by name (held to `TemplateTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, ownerId = "owner_id", title, description, labels, checklist, defaultBucket = "default_bucket"
        case defaultTime = "default_time", priority, defaultDurationMin = "default_duration_min", status
        case version, createdAt = "created_at", updatedAt = "updated_at", endAfterCount = "end_after_count"
        case remindBeforeMin = "remind_before_min"
    }

    /// What the template gives each occurrence.
    public var values: CardValues {
        get {
            CardValues(title: title, description: description, labels: labels, checklist: checklist.map(\.text),
                       time: defaultTime, priority: priority, duration: defaultDurationMin)
        }
        set {
            title = newValue.title
            description = newValue.description
            labels = newValue.labels
            // Steps keep their habit links when their text stays.
            checklist = newValue.checklist.map { text in ChecklistStep(text, habitId: checklist.first { $0.text == text }?.habitId) }
            defaultTime = newValue.time
            priority = newValue.priority
            defaultDurationMin = newValue.duration
        }
    }
}
