/// The runs of a schedule, each a day and a time of day, in order, lazily (ARCHITECTURE.md §3).
/// A day with runs has every one of the schedule's times, except where the rule ends: a COUNT
/// counts runs and an UNTIL with a time stops at it, as python-dateutil counts BYHOUR's.
/// A schedule without times has one run a day at midnight.
public struct RunSequence: Sequence, Sendable {
    public let schedule: Schedule
    /// Runs before this are left out (but still counted by a COUNT).
    public let lowerBound: LocalDateTime?
    /// Runs on the start date before this time do not exist, as before RRULE's DTSTART: a COUNT
    /// does not count them.
    public let startTime: LocalTime?

    init(_ schedule: Schedule, atOrAfter lowerBound: LocalDateTime?, startTime: LocalTime?) {
        self.schedule = schedule
        self.lowerBound = lowerBound
        self.startTime = startTime
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol, Sendable {
        private var days: OccurrenceSequence.Iterator
        private let timesOfDay: TimesOfDay?
        private var times: [LocalTime]
        private let lowerBound: LocalDateTime?
        private var remaining: Int?
        private let firstRun: LocalDateTime
        private let lastRun: LocalDateTime?
        private var day: LocalDate?
        private var timeIndex = 0

        init(_ s: RunSequence) {
            let schedule = s.schedule
            timesOfDay = schedule.times
            times = schedule.times?.times ?? [.midnight]
            lowerBound = s.lowerBound
            firstRun = LocalDateTime(date: schedule.start, time: s.startTime ?? .midnight)
            switch schedule.rule.end {
            case .count(let n):
                // Counted from the start, so the days are walked from there; a day more than the
                // count needs, for the start date's runs before its time.
                remaining = n
                lastRun = nil
                let perDay = times.count
                days = OccurrenceSequence(rule: schedule.rule.ending(.count((n + perDay - 1) / perDay + 1)), start: schedule.start,
                                          time: schedule.time).makeIterator()
            case .until(let date, let time):
                remaining = nil
                lastRun = LocalDateTime(date: date, time: time ?? LocalTime(hour: 23, minute: 59)!)
                days = schedule.occurrences(onOrAfter: s.lowerBound?.date ?? schedule.start).makeIterator()
            case .never:
                remaining = nil
                lastRun = nil
                days = schedule.occurrences(onOrAfter: s.lowerBound?.date ?? schedule.start).makeIterator()
            }
        }

        public mutating func next() -> LocalDateTime? {
            while true {
                if day == nil || timeIndex == times.count {
                    guard let next = days.next() else { return nil }
                    day = next
                    timeIndex = 0
                    // Times kept to some weekdays fall on those days only.
                    if let timesOfDay, timesOfDay.keepsDays { times = timesOfDay.times(on: next) }
                    if times.isEmpty { continue }
                }
                let run = LocalDateTime(date: day!, time: times[timeIndex])
                timeIndex += 1
                if let lastRun, run > lastRun { return nil }
                if run < firstRun { continue }
                if remaining != nil {
                    if remaining == 0 { return nil }
                    remaining! -= 1
                }
                if let lowerBound, run < lowerBound { continue }
                return run
            }
        }
    }
}
