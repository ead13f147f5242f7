/// The dates of a rule from a start date, produced lazily in constant memory.
///
/// Calendar rules walk periods (a day, a week, a month or a year) numbered from the
/// start: period k is computed from the start and k, never from period k-1, so month
/// ends and leap days never drift. Within a period the candidate days are filtered by
/// BYMONTH, BYDAY and BYMONTHDAY, then BYSETPOS picks among them, as python-dateutil's
/// rrule does. The start date is a lower bound, not necessarily an occurrence.
public struct OccurrenceSequence: Sequence, Sendable {
    public let rule: RecurrenceRule
    public let start: LocalDate
    /// The time of day of every occurrence; only an UNTIL with a time looks at it.
    public let time: LocalTime?
    /// Where to begin producing dates; periods before it are skipped without being walked
    /// unless the rule counts its occurrences.
    public let lowerBound: LocalDate

    public init(rule: RecurrenceRule, start: LocalDate, time: LocalTime? = nil, onOrAfter lowerBound: LocalDate? = nil) {
        self.rule = rule
        self.start = start
        self.time = time
        self.lowerBound = Swift.max(start, lowerBound ?? start)
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol, Sendable {
        private let filter: DayFilter
        private let rule: RecurrenceRule
        private let start: LocalDate
        private let lowerBound: LocalDate
        private let lastDate: LocalDate?    // inclusive end from UNTIL, adjusted for the time of day
        private var remaining: Int?         // COUNT left, counted from the start
        private var period: Int             // index k of the next period to expand
        private var buffer: [LocalDate] = []
        private var bufferIndex = 0
        private var finished = false
        private let firstWeek: LocalDate    // start of the week holding the start date
        private let firstMonthIndex: Int    // year * 12 + month - 1 of the start date
        private var lastProduced: LocalDate? // after completion only: the previous occurrence
        private var lastHitYear: Int         // year of the last period that had a candidate day
        /// The Gregorian calendar repeats every 400 years, so a rule whose periods found no
        /// day in 400 × interval years never will; dateutil walks on to 9999 to learn the same.
        private let barrenYears: Int

        init(_ s: OccurrenceSequence) {
            rule = s.rule
            start = s.start
            lowerBound = s.lowerBound
            filter = DayFilter(rule: s.rule, start: s.start)
            firstWeek = s.start.startOfWeek(s.rule.weekStart)
            let (y, m, _) = s.start.parts
            firstMonthIndex = y * 12 + m - 1
            switch s.rule.end {
            case .never: lastDate = nil; remaining = nil
            case .count(let n): lastDate = nil; remaining = n
            case .until(let date, let untilTime):
                let occursAfterUntilTime = untilTime.map { (s.time ?? .midnight) > $0 } ?? false
                lastDate = occursAfterUntilTime ? date.adding(days: -1) : date
                remaining = nil
            }
            buffer.reserveCapacity(32)
            lastHitYear = s.lowerBound.year
            barrenYears = 400 * s.rule.interval
            period = remaining == nil ? Iterator.firstPeriod(onOrAfter: lowerBound, rule: rule, start: start,
                                                              firstWeek: firstWeek, firstMonthIndex: firstMonthIndex) : 0
        }

        public mutating func next() -> LocalDate? {
            while true {
                while bufferIndex < buffer.count {
                    let date = buffer[bufferIndex]
                    bufferIndex += 1
                    if let last = lastDate, date > last { return stop() }
                    // Years end at 9999, as in python-dateutil; a rule never runs past them.
                    if date.year > LocalDate.maxYear { return stop() }
                    guard date >= start else { continue }
                    if remaining != nil {
                        if remaining == 0 { return stop() }
                        remaining! -= 1
                    }
                    if date < lowerBound { continue }
                    return date
                }
                if finished { return nil }
                fillNextPeriod()
            }
        }

        private mutating func stop() -> LocalDate? {
            finished = true
            bufferIndex = buffer.count
            return nil
        }

        /// The index of the first period that can hold a date on or after `bound`.
        private static func firstPeriod(onOrAfter bound: LocalDate, rule: RecurrenceRule, start: LocalDate,
                                        firstWeek: LocalDate, firstMonthIndex: Int) -> Int {
            guard bound > start, rule.anchor == .schedule else { return 0 }
            switch rule.frequency {
            case .daily:
                return start.days(until: bound) / rule.interval
            case .weekly:
                return firstWeek.days(until: bound) / (7 * rule.interval)
            case .monthly:
                let (y, m, _) = bound.parts
                return (y * 12 + m - 1 - firstMonthIndex) / rule.interval
            case .yearly:
                return (bound.year - start.year) / rule.interval
            }
        }

        private mutating func fillNextPeriod() {
            buffer.removeAll(keepingCapacity: true)
            bufferIndex = 0
            let k = period
            period += 1
            if rule.anchor == .completion {
                fillCompletionStep(k)
                return
            }
            let periodStart: LocalDate
            switch rule.frequency {
            case .daily:
                periodStart = start.adding(days: k * rule.interval)
                guard periodStart.year <= LocalDate.maxYear else { finished = true; return }
                if filter.matches(periodStart) { buffer.append(periodStart) }
            case .weekly:
                periodStart = firstWeek.adding(days: k * 7 * rule.interval)
                guard periodStart.year <= LocalDate.maxYear else { finished = true; return }
                filter.appendWeek(from: periodStart, to: &buffer)
            case .monthly:
                let index = firstMonthIndex + k * rule.interval
                let year = index / 12, month = index % 12 + 1
                guard year <= LocalDate.maxYear else { finished = true; return }
                periodStart = LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: month, day: 1))
                filter.appendMonth(year: year, month: month, to: &buffer)
                filter.applySetPositions(&buffer)
            case .yearly:
                let year = start.year + k * rule.interval
                guard year <= LocalDate.maxYear else { finished = true; return }
                periodStart = LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: 1, day: 1))
                filter.appendYear(year, to: &buffer)
                filter.applySetPositions(&buffer)
            }
            // Nothing later can come before UNTIL, or ever come at all.
            if let last = lastDate, periodStart > last { finished = true }
            if !buffer.isEmpty { lastHitYear = periodStart.year }
            else if periodStart.year - lastHitYear > barrenYears { finished = true }
        }

        /// After completion, each occurrence is taken as completed on its own date.
        private mutating func fillCompletionStep(_ k: Int) {
            var date = start
            if k > 0, let previous = lastProduced { date = previous.afterCompletion(of: rule) }
            guard date.year <= LocalDate.maxYear else { finished = true; return }
            lastProduced = date
            buffer.append(date)
        }
    }
}

extension LocalDate {
    /// The date one rule interval after this one: what an after-completion rule schedules
    /// when the previous occurrence was completed on this date.
    public func afterCompletion(of rule: RecurrenceRule) -> LocalDate {
        switch rule.frequency {
        case .daily: return adding(days: rule.interval)
        case .weekly: return adding(days: 7 * rule.interval)
        case .monthly: return adding(months: rule.interval)
        case .yearly: return adding(years: rule.interval)
        }
    }
}
