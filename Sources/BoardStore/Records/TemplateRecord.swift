import BoardModel
import GRDB

public enum TemplateStatus: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case draft, active, paused, archived
}

/// A row of `templates`: a routine's definition.
public struct TemplateRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "templates"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

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

/// A row of `recurrence_rules`: the template's rule as RRULE text, with what RRULE can't say.
public struct RecurrenceRuleRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "recurrence_rules"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    public var id: String
    public var templateId: String
    public var rrule: String
    public var anchor: String
    public var monthEndPolicy: String
    public var timezone: String?
    public var startsOn: LocalDate
    public var endsOn: LocalDate?

    /// The rule, read back from its text.
    public func rule() throws -> RecurrenceRule {
        try RecurrenceRule(rrule: rrule, anchor: RecurrenceRule.Anchor(rawValue: anchor) ?? .schedule)
    }
}

/// A row of `series`: the running state of a template's occurrences.
public struct SeriesRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "series"
    public static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    public static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    public var id: String
    public var templateId: String
    public var ownerId: String
    public var startsOn: LocalDate
    public var endsOn: LocalDate?
    public var status: TemplateStatus
    public var lastGeneratedAt: String?
    public var usedCount: Int
    /// ISO dates skipped once ("skip next", a deleted occurrence): never generated again.
    public var skippedDates: [String]

    public var skipped: Set<LocalDate> { Set(skippedDates.compactMap { LocalDate(iso: $0) }) }
}

/// A row of `settings`: the one user of this file.
struct SettingsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "settings"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    var id: Int
    var ownerId: String
    var timeZone: String?
}

/// A row of `events`: what happened to templates and occurrences, for statistics later.
struct EventRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "events"
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    var id: Int64?
    var at: String
    var kind: String
    var templateId: String?
    var taskId: String?
    var detail: String
}
