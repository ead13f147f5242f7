/// A rule's BYxxx parts resolved against a start date (`RecurrenceRule.resolved(from:)`),
/// ready to list the matching days of one period.
struct DayFilter: Sendable {
    private let weekdayMask: UInt8                    // plain BYDAY; 0 = any weekday
    private let nthWeekdays: [WeekdaySelector]        // BYDAY with ordinals
    private let positiveDays: [Int]                   // BYMONTHDAY > 0, ascending
    private let negativeDays: [Int]                   // BYMONTHDAY < 0
    private let monthMask: UInt16                     // BYMONTH; 0 = any month
    private let clampDay: Int?                        // one day of the month, clamped to short months
    private let setPositions: [Int]
    /// Yearly rules without BYMONTH count ordinals (the 2nd Monday) through the year.
    private let ordinalsSpanYear: Bool

    init(rule unresolved: RecurrenceRule, start: LocalDate) {
        let rule = unresolved.resolved(from: start)
        let monthDays = rule.monthDays, months = rule.months, weekdays = rule.weekdays
        let plain = weekdays.filter { $0.ordinal == nil }
        weekdayMask = plain.reduce(0) { $0 | UInt8(1) << UInt8($1.weekday.rawValue) }
        nthWeekdays = weekdays.filter { $0.ordinal != nil }
        monthMask = months.reduce(0) { $0 | UInt16(1) << UInt16($1) }
        let canClampHere = rule.monthEndPolicy == .clamp && rule.canClamp && monthDays.count == 1 && monthDays[0] >= 29
        clampDay = canClampHere ? monthDays[0] : nil
        positiveDays = monthDays.filter { $0 > 0 }.sorted()
        negativeDays = monthDays.filter { $0 < 0 }
        setPositions = rule.setPositions
        ordinalsSpanYear = rule.frequency == .yearly && months.isEmpty
    }

    // MARK: Daily and weekly periods

    /// Whether one day passes BYMONTH, BYDAY and BYMONTHDAY (daily and weekly rules, no ordinals).
    func matches(_ date: LocalDate) -> Bool {
        if weekdayMask != 0 && weekdayMask & (1 << UInt8(date.weekday.rawValue)) == 0 { return false }
        guard monthMask != 0 || !positiveDays.isEmpty || !negativeDays.isEmpty else { return true }
        let (y, m, d) = date.parts
        if monthMask != 0 && monthMask & (1 << UInt16(m)) == 0 { return false }
        return matchesMonthDay(d, daysInMonth: LocalDate.daysIn(month: m, year: y))
    }

    func appendWeek(from weekBegin: LocalDate, to days: inout [LocalDate]) {
        for offset in 0..<7 {
            let day = weekBegin.adding(days: offset)
            if matches(day) { days.append(day) }
        }
    }

    // MARK: Monthly and yearly periods

    func appendMonth(year: Int, month: Int, to days: inout [LocalDate]) {
        if monthMask != 0 && monthMask & (1 << UInt16(month)) == 0 { return }
        let dim = LocalDate.daysIn(month: month, year: year)
        let first = LocalDate.dayNumber(year: year, month: month, day: 1)
        if let clampDay {
            days.append(LocalDate(dayNumber: first + min(clampDay, dim) - 1))
            return
        }
        let firstWeekday = LocalDate(dayNumber: first).weekday
        let yearContext = ordinalsSpanYear ? YearContext(year: year, firstOfMonth: first) : nil
        let begin = days.count
        // Candidates come from the most selective part; every candidate then passes all parts.
        if !positiveDays.isEmpty || !negativeDays.isEmpty {
            for d in positiveDays where d <= dim { days.append(LocalDate(dayNumber: first + d - 1)) }
            for d in negativeDays where dim + 1 + d >= 1 { days.append(LocalDate(dayNumber: first + dim + d)) }
        } else if !nthWeekdays.isEmpty && yearContext == nil {
            for selector in nthWeekdays {
                let d = Self.nthDay(selector, firstWeekday: firstWeekday, length: dim)
                if d >= 1 && d <= dim { days.append(LocalDate(dayNumber: first + d - 1)) }
            }
        } else if weekdayMask != 0 {
            for weekday in 0..<7 where weekdayMask & (1 << UInt8(weekday)) != 0 {
                var d = 1 + Weekday(rawValue: weekday)!.daysSince(firstWeekday)
                while d <= dim {
                    days.append(LocalDate(dayNumber: first + d - 1))
                    d += 7
                }
            }
        } else {
            for d in 1...dim { days.append(LocalDate(dayNumber: first + d - 1)) }
        }
        var kept = begin
        for i in begin..<days.count {
            let date = days[i]
            let d = date.dayNumber - first + 1
            let weekday = Weekday(rawValue: (firstWeekday.rawValue + d - 1) % 7)!
            if weekdayMask != 0 && weekdayMask & (1 << UInt8(weekday.rawValue)) == 0 { continue }
            if !nthWeekdays.isEmpty {
                let (index, length) = yearContext.map { ($0.dayOfYear(d), $0.length) } ?? (d, dim)
                guard matchesOrdinal(weekday, index: index, periodLength: length) else { continue }
            }
            days[kept] = date
            kept += 1
        }
        days.removeSubrange(kept...)
        if days.count - begin > 1 {
            days[begin...].sort()
            var unique = begin + 1
            for i in (begin + 1)..<days.count where days[i] != days[unique - 1] {
                days[unique] = days[i]
                unique += 1
            }
            days.removeSubrange(unique...)
        }
    }

    /// The day of the month (or of the year) of the nth weekday, counting from the end when
    /// negative; outside 1...length when the period has no such day.
    private static func nthDay(_ selector: WeekdaySelector, firstWeekday: Weekday, length: Int) -> Int {
        let n = selector.ordinal!
        if n > 0 { return 1 + selector.weekday.daysSince(firstWeekday) + (n - 1) * 7 }
        let lastWeekday = Weekday(rawValue: (firstWeekday.rawValue + length - 1) % 7)!
        return length - lastWeekday.daysSince(selector.weekday) + (n + 1) * 7
    }

    func appendYear(_ year: Int, to days: inout [LocalDate]) {
        for month in 1...12 { appendMonth(year: year, month: month, to: &days) }
    }

    /// Keeps only the BYSETPOS picks of a period's days (already ascending).
    func applySetPositions(_ days: inout [LocalDate]) {
        guard !setPositions.isEmpty, !days.isEmpty else { return }
        let count = days.count
        var picked: [Int] = []
        for position in setPositions {
            let index = position > 0 ? position - 1 : count + position
            if index >= 0 && index < count && !picked.contains(index) { picked.append(index) }
        }
        picked.sort()
        let chosen = picked.map { days[$0] }
        days.removeAll(keepingCapacity: true)
        days.append(contentsOf: chosen)
    }

    // MARK: Helpers

    private func matchesMonthDay(_ d: Int, daysInMonth dim: Int) -> Bool {
        if positiveDays.isEmpty && negativeDays.isEmpty { return true }
        return positiveDays.contains(d) || negativeDays.contains(d - dim - 1)
    }

    /// Day `index` (1-based) of a period of `periodLength` days is the nth `weekday`
    /// counting from the start, and the -nth counting from the end.
    private func matchesOrdinal(_ weekday: Weekday, index: Int, periodLength: Int) -> Bool {
        let fromStart = (index - 1) / 7 + 1
        let fromEnd = -((periodLength - index) / 7 + 1)
        return nthWeekdays.contains { $0.weekday == weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }
    }

    private struct YearContext {
        let offset: Int   // day of the year of the month's first day, minus one
        let length: Int
        init(year: Int, firstOfMonth: Int) {
            offset = firstOfMonth - LocalDate.dayNumber(year: year, month: 1, day: 1)
            length = LocalDate.daysIn(year: year)
        }
        func dayOfYear(_ dayOfMonth: Int) -> Int { offset + dayOfMonth }
    }
}
