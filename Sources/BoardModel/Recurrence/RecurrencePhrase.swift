/// What a phrase such as "every other tuesday at 7am starting nov 1" says: a rule,
/// and perhaps a time of day and a start date.
public struct RecurrencePhrase: Hashable, Sendable {
    public let rule: RecurrenceRule
    public let time: LocalTime?
    public let start: LocalDate?

    public init(rule: RecurrenceRule, time: LocalTime? = nil, start: LocalDate? = nil) {
        self.rule = rule
        self.time = time
        self.start = start
    }
}
