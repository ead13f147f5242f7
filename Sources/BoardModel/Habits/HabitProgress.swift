/// What a habit's entries say against its target (ARCHITECTURE.md §5): only confirmed entries
/// count, never ticks or routines. A period (a day, week or month) is met when its entries reach
/// the target; streaks count met periods.
public struct HabitProgress: Hashable, Sendable {
    public let target: HabitTarget
    /// Entries per local day (the sum over every device's count of that day); a daily habit's
    /// day is yes or no, so two devices checking in the same day count it once.
    public let counts: [LocalDate: Int]
    public let weekStart: Weekday

    public init(counts: [LocalDate: Int], target: HabitTarget = .daily, weekStart: Weekday = .monday) {
        self.counts = counts.filter { $0.value > 0 }.mapValues { target == .daily ? 1 : $0 }
        self.target = target
        self.weekStart = weekStart
    }

    /// The entries of the period `date` falls in.
    public func count(inPeriodOf date: LocalDate) -> Int {
        let start = target.start(of: date, weekStart: weekStart), end = target.next(after: start)
        if target.period == .day { return counts[date] ?? 0 }
        var n = 0
        var day = start
        while day < end {
            n += counts[day] ?? 0
            day = day.adding(days: 1)
        }
        return n
    }

    /// Whether the period `date` falls in has reached the target.
    public func isMet(inPeriodOf date: LocalDate) -> Bool { count(inPeriodOf: date) >= target.count }

    /// The first days of the met periods.
    public var metPeriods: Set<LocalDate> { Set(daysMet.map { target.start(of: $0, weekStart: weekStart) }) }

    /// The day each met period was met on: the first of its days whose entries, added up from the
    /// period's start, reach the target. What a chart of met periods counts, week by week.
    public var daysMet: [LocalDate] {
        var byPeriod: [LocalDate: [LocalDate]] = [:]
        for day in counts.keys { byPeriod[target.start(of: day, weekStart: weekStart), default: []].append(day) }
        return byPeriod.values.compactMap { days in
            var total = 0
            for day in days.sorted() {
                total += counts[day] ?? 0
                if total >= target.count { return day }
            }
            return nil
        }.sorted()
    }

    /// Consecutive met periods ending with today's, or with the one before while today's is still open.
    public func currentStreak(today: LocalDate) -> Int {
        let met = metPeriods
        var start = target.start(of: today, weekStart: weekStart)
        if !met.contains(start) { start = target.previous(before: start) }
        var n = 0
        while met.contains(start) {
            n += 1
            start = target.previous(before: start)
        }
        return n
    }

    /// The most consecutive met periods, ever.
    public var longestStreak: Int {
        let met = metPeriods
        var best = 0
        for start in met where !met.contains(target.previous(before: start)) {
            var n = 1, next = target.next(after: start)
            while met.contains(next) {
                n += 1
                next = target.next(after: next)
            }
            best = max(best, n)
        }
        return best
    }

    /// The last `count` days up to today, oldest first, each with its entries.
    public func recent(today: LocalDate, count: Int = 14) -> [(date: LocalDate, entries: Int)] {
        (0..<count).reversed().map { back in
            let date = today.adding(days: -back)
            return (date, counts[date] ?? 0)
        }
    }

    /// Where today's period stands: "2/3 today", "3/4 this week", "1/2 this month".
    public func standing(today: LocalDate) -> String {
        let period = switch target.period {
        case .day: "today"
        case .week: "this week"
        case .month: "this month"
        }
        return "\(count(inPeriodOf: today))/\(target.count) \(period)"
    }
}
