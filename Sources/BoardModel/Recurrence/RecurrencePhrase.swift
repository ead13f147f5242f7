/// What a phrase such as "every other tuesday at 7am starting nov 1" says: a rule,
/// and perhaps its times of day and a start date.
public struct RecurrencePhrase: Hashable, Sendable {
    public let rule: RecurrenceRule
    /// Nil when the phrase names no time of day.
    public let times: TimesOfDay?
    public let start: LocalDate?

    public init(rule: RecurrenceRule, times: TimesOfDay?, start: LocalDate? = nil) {
        self.rule = rule
        self.times = times
        self.start = start
    }

    public init(rule: RecurrenceRule, time: LocalTime? = nil, start: LocalDate? = nil) {
        self.init(rule: rule, times: time.map(TimesOfDay.init), start: start)
    }

    /// The first time of day: a one-time schedule's only one.
    public var time: LocalTime? { times?.first }
}
