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
    /// The times of day its runs fall at (ARCHITECTURE.md §3); one for most routines.
    public var times: TimesOfDay?
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
        case times = "default_time", priority, defaultDurationMin = "default_duration_min", status
        case version, createdAt = "created_at", updatedAt = "updated_at", endAfterCount = "end_after_count"
        case remindBeforeMin = "remind_before_min"
    }

    /// What the template gives each occurrence.
    public var values: CardValues {
        get {
            CardValues(title: title, description: description, labels: labels, checklist: checklist.map(\.text),
                       time: times?.first, priority: priority, duration: defaultDurationMin)
        }
        set {
            title = newValue.title
            description = newValue.description
            labels = newValue.labels
            // Steps keep their habit links and reminders when their text stays.
            checklist = newValue.checklist.map { text in checklist.first { $0.text == text } ?? ChecklistStep(text) }
            // A card's one time: a new one replaces the times, the first kept keeps them all.
            if newValue.time != times?.first { times = newValue.time.map(TimesOfDay.init) }
            priority = newValue.priority
            defaultDurationMin = newValue.duration
        }
    }
}

extension TemplateRecord {
    /// A template read column by column rather than through Codable, as a card is: the screen
    /// reads its Routines column again after every write (ARCHITECTURE.md §7).
    public init(row: Row) throws {
        let p = try row.positions(of: TemplateTable.fields)
        id = try row.decode(atIndex: p[0])
        ownerId = try row.decode(atIndex: p[1])
        title = try row.decode(atIndex: p[2])
        description = try row.decode(atIndex: p[3])
        labels = try JSONColumn.strings(row.decode(atIndex: p[4]), column: TemplateTable.labels.column)
        checklist = try JSONColumn.array(row.decode(atIndex: p[5]))
        guard let bucket = Bucket(rawValue: try row.decode(atIndex: p[6])) else { throw JSONColumn.Unreadable(column: TemplateTable.defaultBucket.column) }
        defaultBucket = bucket
        times = try row.decode(atIndex: p[7])
        priority = try row.decode(atIndex: p[8])
        defaultDurationMin = try row.decode(atIndex: p[9])
        guard let status = TemplateStatus(rawValue: try row.decode(atIndex: p[10])) else { throw JSONColumn.Unreadable(column: TemplateTable.status.column) }
        self.status = status
        version = try row.decode(atIndex: p[11])
        createdAt = try row.decode(atIndex: p[12])
        updatedAt = try row.decode(atIndex: p[13])
        endAfterCount = try row.decode(atIndex: p[14])
        remindBeforeMin = try row.decode(atIndex: p[15])
    }
}
