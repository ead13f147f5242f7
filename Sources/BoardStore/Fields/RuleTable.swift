import BoardModel

/// The fields of a template's recurrence rule (`recurrence_rules`), in `RecurrenceRuleRecord`'s
/// order (ARCHITECTURE.md §7). The server adds the owner a device reads from the template.
public enum RuleTable: SyncedTable {
    public static let tableName = "recurrence_rules"
    public typealias F = SyncedField

    public static let id = F("id", .key(.id), server: .text)
    public static let ownerId = F("owner_id", document: false, nil, server: .uuid, serverOnly: true)
    public static let templateId = F("template_id", document: false, .id, server: .text)
    public static let rrule = F("rrule", .rrule, server: .text)
    public static let anchor = F("anchor", .choice(RecurrenceRule.Anchor.allCases.map(\.rawValue)), server: .text)
    public static let monthEndPolicy = F("month_end_policy", .choice(["clamp", "skip"]), server: .text)
    public static let timezone = F("timezone", .optional(.timeZone), server: .text)
    public static let startsOn = F("starts_on", .date, server: .date)
    public static let endsOn = F("ends_on", .optional(.date), server: .date)

    public static let fields = [id, ownerId, templateId, rrule, anchor, monthEndPolicy, timezone, startsOn, endsOn]
}
