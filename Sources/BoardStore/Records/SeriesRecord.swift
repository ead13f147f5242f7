import BoardModel
import GRDB

/// A row of `series`: the running state of a template's occurrences.
public struct SeriesRecord: Hashable, Sendable, BoardRecord, Codable {
    public static let databaseTableName = "series"

    public var id: String
    public var templateId: String
    public var ownerId: String
    public var startsOn: LocalDate
    public var endsOn: LocalDate?
    public var status: TemplateStatus
    public var lastGeneratedAt: String?
    public var usedCount: Int
    /// ISO dates (or date-times: one run of several a day) skipped once ("skip next", a deleted
    /// occurrence): never generated again.
    public var skippedDates: [String]
    /// The last day generation has filled; nil until the first generation.
    public var generatedThrough: LocalDate?

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = SeriesTable

    /// The columns, by name (held to `SeriesTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, templateId = "template_id", ownerId = "owner_id", startsOn = "starts_on", endsOn = "ends_on"
        case status, lastGeneratedAt = "last_generated_at", usedCount = "used_count"
        case skippedDates = "skipped_dates", generatedThrough = "generated_through"
    }

    /// The whole days skipped.
    public var skipped: Set<LocalDate> { skippedRuns.days }

    /// The days and single runs skipped.
    public var skippedRuns: SkippedRuns { SkippedRuns(entries: skippedDates) }
}
