import BoardModel
import GRDB

/// A row of `recurrence_rules`: the template's rule as RRULE text, with what RRULE can't say.
public struct RecurrenceRuleRecord: Hashable, Sendable, BoardRecord, Codable {
    public static let databaseTableName = "recurrence_rules"

    public var id: String
    public var templateId: String
    public var rrule: String
    public var anchor: String
    public var monthEndPolicy: String
    public var timezone: String?
    public var startsOn: LocalDate
    public var endsOn: LocalDate?

    /// Typed columns for requests, from the record's table: `Columns.id == id`.
    public typealias Columns = RuleTable

    /// The columns, by name (held to `RuleTable` by a test).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, templateId = "template_id", rrule, anchor, monthEndPolicy = "month_end_policy", timezone
        case startsOn = "starts_on", endsOn = "ends_on"
    }

    /// The rule, read back from its text.
    public func rule() throws -> RecurrenceRule {
        try RecurrenceRule(rrule: rrule, anchor: RecurrenceRule.Anchor(rawValue: anchor) ?? .schedule)
    }
}
