/// A recurrence pattern expressible in RFC 5545 (ARCHITECTURE.md §3): its frequency and
/// interval, the BYxxx filters, its month-end policy, its anchor and its end.
///
/// Values are validated and normalized on creation (lists sorted and deduplicated,
/// parts that cannot change the dates reset), so two rules that always produce the
/// same dates from the same start compare equal as far as the structure allows.
/// The start date and time of day are not part of the rule; see `Schedule`.
public struct RecurrenceRule: Hashable, Sendable {
    public enum Frequency: String, CaseIterable, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// What the next occurrence counts from: the calendar, or the day the previous one was completed.
    public enum Anchor: String, CaseIterable, Sendable { case schedule, completion }

    /// What a day of the month that a month lacks does: fall on the month's last day, or not occur.
    public enum MonthEndPolicy: String, CaseIterable, Sendable { case clamp, skip }

    public enum End: Hashable, Sendable {
        case never
        /// Inclusive. Without a time, the whole day is included.
        case until(LocalDate, LocalTime?)
        /// After this many occurrences, counted from the start.
        case count(Int)
    }

    public private(set) var frequency: Frequency
    public private(set) var interval: Int
    public private(set) var weekdays: [WeekdaySelector]
    public private(set) var monthDays: [Int]
    public private(set) var months: [Int]
    public private(set) var setPositions: [Int]
    public private(set) var weekStart: Weekday
    public private(set) var monthEndPolicy: MonthEndPolicy
    public private(set) var anchor: Anchor
    public private(set) var end: End

    public static let maxInterval = 9999
    /// The largest COUNT: nine digits, what RRULE text is read back with.
    public static let maxCount = 999_999_999

    public init(
        _ frequency: Frequency,
        interval: Int = 1,
        weekdays: [WeekdaySelector] = [],
        monthDays: [Int] = [],
        months: [Int] = [],
        setPositions: [Int] = [],
        weekStart: Weekday = .monday,
        monthEndPolicy: MonthEndPolicy = .clamp,
        anchor: Anchor = .schedule,
        end: End = .never
    ) throws(BoardError) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = Array(Set(weekdays)).sorted()
        self.monthDays = Array(Set(monthDays)).sorted { ($0 < 0 ? 100 - $0 : $0) < ($1 < 0 ? 100 - $1 : $1) }
        self.months = Array(Set(months)).sorted()
        self.setPositions = Array(Set(setPositions)).sorted { ($0 < 0 ? 1000 - $0 : $0) < ($1 < 0 ? 1000 - $1 : $1) }
        self.anchor = anchor
        self.end = end
        // Week start only moves the boundaries of multi-week calendar periods (no BYWEEKNO here).
        self.weekStart = frequency == .weekly && interval > 1 && anchor == .schedule ? weekStart : .monday
        self.monthEndPolicy = monthEndPolicy  // every property must be set before the normalizing call
        self.monthEndPolicy = normalizedPolicy(monthEndPolicy)
        try validate()
    }

    // MARK: Month-end policy

    /// Clamping is kept only where RRULE can express it (one day of the month, no BYDAY or
    /// BYSETPOS, one month for yearly rules); elsewhere RFC 5545's skip applies. After
    /// completion, month arithmetic always clamps.
    private func normalizedPolicy(_ requested: MonthEndPolicy) -> MonthEndPolicy {
        if anchor == .completion { return .clamp }
        return requested == .clamp && canClamp ? .clamp : .skip
    }

    /// Whether a day of the month this rule names can be missing from some month,
    /// so that the month-end policy changes its dates.
    public var monthEndMatters: Bool {
        guard anchor == .schedule, frequency == .monthly || frequency == .yearly else { return false }
        if monthDays.isEmpty && weekdays.isEmpty { return true }  // the day comes from the start date
        return monthDays.contains { $0 >= 29 || $0 <= -29 }
    }

    /// True when the rule names one day of the month (or takes it from the start) that
    /// can be clamped to a short month's last day and still export as RRULE.
    var canClamp: Bool {
        guard anchor == .schedule, frequency == .monthly || frequency == .yearly,
              weekdays.isEmpty, setPositions.isEmpty else { return false }
        switch frequency {
        case .monthly:
            return monthDays.isEmpty || (monthDays.count == 1 && monthDays[0] >= 29)
        default:
            if monthDays.isEmpty { return months.count <= 1 }
            return months.count == 1 && monthDays.count == 1 && monthDays[0] >= 29
        }
    }

    // MARK: Validation

    private func validate() throws(BoardError) {
        guard (1...Self.maxInterval).contains(interval) else {
            throw BoardError("INTERVAL", "must be a whole number from 1 to \(Self.maxInterval), got \(interval)")
        }
        if case .count(let n) = end, !(1...Self.maxCount).contains(n) {
            throw BoardError("COUNT", "must be a whole number from 1 to \(Self.maxCount), got \(n)")
        }
        if let bad = months.first(where: { !(1...12).contains($0) }) {
            throw BoardError("BYMONTH", "must be a month number from 1 to 12, got \(bad)")
        }
        if let bad = monthDays.first(where: { $0 == 0 || abs($0) > 31 }) {
            throw BoardError("BYMONTHDAY", "must be from 1 to 31 or -31 to -1, got \(bad)")
        }
        if let bad = setPositions.first(where: { $0 == 0 || abs($0) > 366 }) {
            throw BoardError("BYSETPOS", "must be from 1 to 366 or -366 to -1, got \(bad)")
        }
        if let bad = weekdays.first(where: { $0.ordinal.map { $0 == 0 || abs($0) > 5 } ?? false }) {
            throw BoardError("BYDAY", "an ordinal must be from 1 to 5 or -5 to -1, got \(bad)")
        }
        try validateCombinations()
        try validateSomeDateExists()
    }

    private func validateCombinations() throws(BoardError) {
        let ordinals = weekdays.filter { $0.ordinal != nil }
        if anchor == .completion && !(weekdays.isEmpty && monthDays.isEmpty && months.isEmpty && setPositions.isEmpty) {
            throw BoardError("anchor", "a rule repeating after completion takes no BYDAY, BYMONTHDAY, BYMONTH or BYSETPOS")
        }
        if !ordinals.isEmpty && (frequency == .daily || frequency == .weekly) {
            throw BoardError("BYDAY", "an ordinal such as \(ordinals[0]) needs FREQ=MONTHLY or FREQ=YEARLY")
        }
        if !ordinals.isEmpty && ordinals.count != weekdays.count {
            throw BoardError("BYDAY", "give every weekday an ordinal or none (1MO,-1FR or MO,FR)")
        }
        if !monthDays.isEmpty && frequency == .weekly {
            throw BoardError("BYMONTHDAY", "is not allowed with FREQ=WEEKLY")
        }
        if !setPositions.isEmpty {
            guard frequency == .monthly || frequency == .yearly else {
                throw BoardError("BYSETPOS", "needs FREQ=MONTHLY or FREQ=YEARLY")
            }
            guard !weekdays.isEmpty || !monthDays.isEmpty else {
                throw BoardError("BYSETPOS", "picks among the days of BYDAY or BYMONTHDAY, and the rule has neither")
            }
        }
    }

    /// Refuses a rule whose month and day can never meet (Feb 30, April 31).
    private func validateSomeDateExists() throws(BoardError) {
        guard !months.isEmpty, !monthDays.isEmpty, monthEndPolicy == .skip || frequency == .yearly else { return }
        let exists = months.contains { month in
            monthDays.contains { abs($0) <= LocalDate.maxDaysIn(month: month) }
        }
        if !exists {
            let names = months.map { MonthName.full[$0 - 1] }
            let days = monthDays.map { $0 > 0 ? "the " + ordinalSuffix($0) : "day \($0)" }
            throw BoardError("BYMONTHDAY", "\(names.joined(separator: " or ")) never has \(days.joined(separator: " or "))")
        }
    }
}

extension RecurrenceRule {
    /// The same rule with another end that needs no check: one the rule's own end already allowed.
    public func ending(_ end: End) -> RecurrenceRule {
        var copy = self
        copy.end = end
        return copy
    }

    /// The rule on `days` only, for a time kept to them (`TimesOfDay.days`): a weekly rule with
    /// those of its weekdays, an every-day rule weekly on them.
    public func keeping(_ days: Set<Weekday>) throws(BoardError) -> RecurrenceRule {
        let ruleDays = weekdays.isEmpty ? Set(Weekday.allCases) : Set(weekdays.map(\.weekday))
        return try weekly(on: days.intersection(ruleDays))
    }

    /// The rule repeating weekly on `days`, with its interval (an every-day rule's: 1), week start and end.
    public func weekly(on days: Set<Weekday>) throws(BoardError) -> RecurrenceRule {
        try RecurrenceRule(.weekly, interval: frequency == .weekly ? interval : 1, weekdays: days.sorted().map { WeekdaySelector($0) },
                           weekStart: weekStart, anchor: anchor, end: end)
    }

    /// The same rule with another end.
    public func with(end: End) throws(BoardError) -> RecurrenceRule {
        try RecurrenceRule(frequency, interval: interval, weekdays: weekdays, monthDays: monthDays, months: months,
                           setPositions: setPositions, weekStart: weekStart, monthEndPolicy: monthEndPolicy,
                           anchor: anchor, end: end)
    }
}

extension RecurrenceRule {
    /// The rule with the parts it takes from its start written out, as python-dateutil
    /// defaults them: with no BYDAY or BYMONTHDAY, a weekly rule repeats on the start's
    /// weekday, a monthly rule on its day, a yearly rule on its month and day.
    /// The dates are the same; the rule then no longer depends on which occurrence it starts from.
    public func resolved(from start: LocalDate) -> RecurrenceRule {
        guard anchor == .schedule, monthDays.isEmpty, weekdays.isEmpty else { return self }
        var copy = self
        switch frequency {
        case .daily: return self
        case .weekly: copy.weekdays = [WeekdaySelector(start.weekday)]
        case .monthly: copy.monthDays = [start.day]
        case .yearly:
            copy.monthDays = [start.day]
            if copy.months.isEmpty { copy.months = [start.month] }
        }
        // Only clamping can change once the day is explicit, and it stays expressible.
        copy.monthEndPolicy = copy.normalizedPolicy(monthEndPolicy)
        return copy
    }
}
