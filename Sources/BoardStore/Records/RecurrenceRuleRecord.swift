import BoardModel
import GRDB

/// A row of `recurrence_rules`: the template's rule as RRULE text, with what RRULE can't say.
public struct RecurrenceRuleRecord: Hashable, Sendable, BoardRecord {
    public static let databaseTableName = "recurrence_rules"

    public var id: String
    public var templateId: String
    public var rrule: String
    public var anchor: String
    public var monthEndPolicy: String
    public var timezone: String?
    public var startsOn: LocalDate
    public var endsOn: LocalDate?

    /// The columns, by name: records are decoded by these keys, without converting each row's names.
    /// Typed columns for requests: `CardRecord.Columns.seriesId == id`.
    public typealias Columns = CodingKeys

    public enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, templateId = "template_id", rrule, anchor, monthEndPolicy = "month_end_policy", timezone
        case startsOn = "starts_on", endsOn = "ends_on"
    }

    /// The rule, read back from its text.
    public func rule() throws -> RecurrenceRule {
        try RecurrenceRule(rrule: rrule, anchor: RecurrenceRule.Anchor(rawValue: anchor) ?? .schedule)
    }
}
