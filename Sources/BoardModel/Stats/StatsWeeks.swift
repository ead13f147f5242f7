/// The weeks stats are counted in (ARCHITECTURE.md §12): the last `count` weeks up to today, each
/// starting on the user's week start; the last one is the current week, still running.
public struct StatsWeeks: Hashable, Sendable {
    public let starts: [LocalDate]
    public let today: LocalDate

    public init(count: Int, today: LocalDate, weekStart: Weekday) {
        let current = today.startOfWeek(weekStart)
        starts = (0..<count).reversed().map { current.adding(days: -7 * $0) }
        self.today = today
    }

    public var first: LocalDate { starts.first ?? today }

    /// The week `date` falls in, or nil outside the counted weeks (and after today).
    public func index(of date: LocalDate) -> Int? {
        guard date >= first, date <= today else { return nil }
        return first.days(until: date) / 7
    }

    /// A week's last counted day: its Sunday (or the day before the next start), today for the current one.
    public func end(of week: Int) -> LocalDate {
        min(starts[week].adding(days: 6), today)
    }
}
