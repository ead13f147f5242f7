/// What a habit's entries say (ARCHITECTURE.md §5): only confirmed entries count, never ticks or routines.
public enum HabitStreak {
    /// Consecutive days with an entry, ending today, or yesterday while today is still open.
    public static func current(days: Set<LocalDate>, today: LocalDate) -> Int {
        var day = days.contains(today) ? today : today.adding(days: -1)
        var n = 0
        while days.contains(day) {
            n += 1
            day = day.adding(days: -1)
        }
        return n
    }

    /// The last `count` days up to today, oldest first, each with whether it has an entry.
    public static func recent(days: Set<LocalDate>, today: LocalDate, count: Int = 14) -> [(date: LocalDate, checked: Bool)] {
        (0..<count).reversed().map { back in
            let date = today.adding(days: -back)
            return (date, days.contains(date))
        }
    }
}

extension HabitStreak {
    /// The most consecutive days with an entry, ever.
    public static func longest(days: Set<LocalDate>) -> Int {
        var best = 0
        for day in days where !days.contains(day.adding(days: -1)) {
            var n = 1
            while days.contains(day.adding(days: n)) { n += 1 }
            best = max(best, n)
        }
        return best
    }
}
