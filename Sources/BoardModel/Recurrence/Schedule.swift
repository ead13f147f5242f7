/// A rule placed in time: the date it starts from and the time of day its occurrences
/// fall at. This is what a template carries and what `board recur` expands.
public struct Schedule: Hashable, Sendable {
    public let rule: RecurrenceRule
    public let start: LocalDate
    public let time: LocalTime?

    /// Refuses an UNTIL before the start. The rule is kept `resolved(from: start)`, so a
    /// schedule restarted from any of its occurrences continues with the same dates.
    public init(rule: RecurrenceRule, start: LocalDate, time: LocalTime? = nil) throws(BoardError) {
        if case .until(let until, _) = rule.end, until < start {
            throw BoardError("UNTIL", "the end \(until) is before the start \(start)")
        }
        self.rule = rule.resolved(from: start)
        self.start = start
        self.time = time
    }

    /// Every occurrence date from the start, lazily.
    public var occurrences: OccurrenceSequence { OccurrenceSequence(rule: rule, start: start, time: time) }

    /// The occurrences on or after `date`; periods before it are skipped unless the rule counts.
    public func occurrences(onOrAfter date: LocalDate) -> OccurrenceSequence {
        OccurrenceSequence(rule: rule, start: start, time: time, onOrAfter: date)
    }

    /// The occurrences inside `range`, both ends included.
    public func occurrences(in range: ClosedRange<LocalDate>) -> [LocalDate] {
        Array(occurrences(onOrAfter: range.lowerBound).lazy.prefix { $0 <= range.upperBound })
    }

    /// The first occurrence on or after `date`.
    public func next(onOrAfter date: LocalDate) -> LocalDate? {
        var iterator = occurrences(onOrAfter: date).makeIterator()
        return iterator.next()
    }

    /// The first occurrence whose date and time are at or after `moment`; a rule without
    /// a time of day counts as due at the start of its day.
    public func next(atOrAfter moment: LocalDateTime) -> LocalDateTime? {
        let time = self.time ?? .midnight
        for date in occurrences(onOrAfter: moment.date) {
            let candidate = LocalDateTime(date: date, time: time)
            if candidate >= moment { return candidate }
        }
        return nil
    }

    /// The next `count` occurrences on or after `date`: the editor's preview.
    public func preview(from date: LocalDate, count: Int = 7) -> [LocalDate] {
        Array(occurrences(onOrAfter: date).prefix(count))
    }
}
