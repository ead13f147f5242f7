/// A rule placed in time: the date it starts from and the times of day its runs fall at.
/// This is what a template carries and what `board recur` expands.
public struct Schedule: Hashable, Sendable {
    public let rule: RecurrenceRule
    public let start: LocalDate
    /// Nil for a rule whose runs have no time of day (they last all day).
    public let times: TimesOfDay?

    /// Refuses an UNTIL before the start. The rule is kept `resolved(from: start)`, so a
    /// schedule restarted from any of its occurrences continues with the same dates.
    public init(rule: RecurrenceRule, start: LocalDate, times: TimesOfDay?) throws(BoardError) {
        if case .until(let until, _) = rule.end, until < start {
            throw BoardError("UNTIL", "the end \(until) is before the start \(start)")
        }
        try Self.check(times, with: rule)
        self.rule = rule.resolved(from: start)
        self.start = start
        self.times = times
    }

    public init(rule: RecurrenceRule, start: LocalDate, time: LocalTime? = nil) throws(BoardError) {
        try self.init(rule: rule, start: start, times: time.map(TimesOfDay.init))
    }

    /// After completion the next run counts from when the last was done, which names no time
    /// of the day's others: such a rule has one time at most.
    public static func check(_ times: TimesOfDay?, with rule: RecurrenceRule) throws(BoardError) {
        guard let times else { return }
        if rule.anchor == .completion, times.times.count > 1 {
            throw BoardError(.time, "a rule repeating after completion has one time of day, got \(times)")
        }
        guard times.keepsDays else { return }
        // Times kept to weekdays need a rule of days and weeks, whose weekdays they fall on.
        guard rule.frequency == .weekly || (rule.frequency == .daily && rule.interval == 1),
              rule.weekdays.allSatisfy({ $0.ordinal == nil }), rule.monthDays.isEmpty, rule.setPositions.isEmpty else {
            throw BoardError(.time, "times kept to weekdays (\(times)) need a rule of every day or of weekdays")
        }
        if case .count = rule.end {
            throw BoardError(.count, "a routine with different times on different days ends on a date, not after a number of times")
        }
        let ruleDays = rule.weekdays.isEmpty ? Set(Weekday.allCases) : Set(rule.weekdays.map(\.weekday))
        for (time, days) in times.days.sorted(by: { $0.key < $1.key }) where !days.isSubset(of: ruleDays) {
            let never = days.subtracting(ruleDays).sorted().map(\.name)
            throw BoardError(.time, "\(time) on \(PhraseVocabulary.list(never)) falls on no day the rule names")
        }
    }

    /// The first time of day: a one-time schedule's only one.
    public var time: LocalTime? { times?.first }

    /// How many runs a day with runs has.
    public var runsPerDay: Int { times?.times.count ?? 1 }

    /// Every day with runs from the start, lazily. With several times a COUNT counts runs, so the
    /// days are the first COUNT ÷ times, rounded up (the last may have only its first runs).
    public var occurrences: OccurrenceSequence { OccurrenceSequence(rule: dayRule, start: start, time: time) }

    /// The days with runs on or after `date`; periods before it are skipped unless the rule counts.
    public func occurrences(onOrAfter date: LocalDate) -> OccurrenceSequence {
        OccurrenceSequence(rule: dayRule, start: start, time: time, onOrAfter: date)
    }

    /// The days with runs inside `range`, both ends included.
    public func occurrences(in range: ClosedRange<LocalDate>) -> [LocalDate] {
        Array(occurrences(onOrAfter: range.lowerBound).lazy.prefix { $0 <= range.upperBound })
    }

    /// The rule the days follow: the rule itself, its COUNT turned from runs into days.
    private var dayRule: RecurrenceRule {
        guard runsPerDay > 1, case .count(let n) = rule.end else { return rule }
        return rule.ending(.count((n + runsPerDay - 1) / runsPerDay))
    }

    /// Every run (a day and a time) at or after `moment`, lazily. `startTime`, as RRULE's
    /// DTSTART's, says when on the start date runs begin (and begin to count).
    public func runs(atOrAfter moment: LocalDateTime? = nil, startTime: LocalTime? = nil) -> RunSequence {
        RunSequence(self, atOrAfter: moment, startTime: startTime)
    }

    /// The runs inside the days of `range`, both ends included.
    public func runs(in range: ClosedRange<LocalDate>) -> [LocalDateTime] {
        Array(runs(atOrAfter: LocalDateTime(date: range.lowerBound, time: .midnight)).lazy.prefix { $0.date <= range.upperBound })
    }

    /// The first day with runs on or after `date`.
    public func next(onOrAfter date: LocalDate) -> LocalDate? {
        var iterator = occurrences(onOrAfter: date).makeIterator()
        return iterator.next()
    }

    /// The first run at or after `moment`; a rule without a time of day counts as due at the
    /// start of its day.
    public func next(atOrAfter moment: LocalDateTime) -> LocalDateTime? {
        var iterator = runs(atOrAfter: moment).makeIterator()
        return iterator.next()
    }

    /// The next `count` days with runs on or after `date`: the editor's preview.
    public func preview(from date: LocalDate, count: Int = 7) -> [LocalDate] {
        Array(occurrences(onOrAfter: date).prefix(count))
    }
}
