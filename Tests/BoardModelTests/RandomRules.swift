import TestSupport
import BoardModel


/// A random valid rule over every supported part, with a random start and maybe a time.
struct RandomCase {
    let rule: RecurrenceRule
    let start: LocalDate
    let time: LocalTime?

    static func make(_ g: inout SeededGenerator) -> RandomCase {
        while true {
            if let c = try? attempt(&g) { return c }
        }
    }

    static func randomRule(_ g: inout SeededGenerator, start: LocalDate, anchor: RecurrenceRule.Anchor = .schedule) throws -> RecurrenceRule {
        let freq = RecurrenceRule.Frequency.allCases.randomElement(using: &g)!
        let interval = chance(0.6, &g) ? 1 : (chance(0.8, &g) ? Int.random(in: 2...5, using: &g) : Int.random(in: 6...15, using: &g))
        var weekdays: [WeekdaySelector] = []
        var monthDays: [Int] = []
        var months: [Int] = []
        var setPositions: [Int] = []
        if anchor == .schedule {
            let calendarLevel = freq == .monthly || freq == .yearly
            if chance(0.45, &g) {
                let n = Int.random(in: 1...4, using: &g)
                let ordinals = calendarLevel && chance(0.5, &g)
                weekdays = (0..<n).map { _ in
                    let day = Weekday.allCases.randomElement(using: &g)!
                    guard ordinals else { return WeekdaySelector(day) }
                    let o = Int.random(in: 1...5, using: &g)
                    return WeekdaySelector(day, ordinal: chance(0.5, &g) ? o : -o)
                }
            }
            let ordinals = weekdays.contains { $0.ordinal != nil }
            if freq != .weekly && chance(weekdays.isEmpty ? 0.5 : (ordinals ? 0.1 : 0.25), &g) {
                let n = Int.random(in: 1...3, using: &g)
                monthDays = (0..<n).map { _ in
                    let d = chance(0.4, &g) ? Int.random(in: 27...31, using: &g) : Int.random(in: 1...31, using: &g)
                    return chance(0.25, &g) ? -d : d
                }
            }
            if chance(0.3, &g) { months = (0..<Int.random(in: 1...3, using: &g)).map { _ in Int.random(in: 1...12, using: &g) } }
            let severalPerPeriod = weekdays.contains { $0.ordinal == nil } || monthDays.count > 1 || weekdays.count > 1
            if calendarLevel && severalPerPeriod && chance(0.35, &g) {
                setPositions = (0..<Int.random(in: 1...2, using: &g)).map { _ in
                    let p = chance(0.8, &g) ? Int.random(in: 1...3, using: &g) : Int.random(in: 4...6, using: &g)
                    return chance(0.5, &g) ? p : -p
                }
            }
        }
        let end: RecurrenceRule.End
        switch Int.random(in: 0..<3, using: &g) {
        case 0: end = .never
        case 1: end = .count(Int.random(in: 1...40, using: &g))
        default:
            let until = start.adding(days: Int.random(in: 0...3000, using: &g))
            end = .until(until, chance(0.3, &g) ? LocalTime(hour: Int.random(in: 0...23, using: &g), minute: 0) : nil)
        }
        return try RecurrenceRule(
            freq, interval: interval, weekdays: weekdays, monthDays: monthDays, months: months,
            setPositions: setPositions, weekStart: Weekday.allCases.randomElement(using: &g)!,
            monthEndPolicy: chance(0.5, &g) ? .clamp : .skip, anchor: anchor, end: end)
    }

    private static func attempt(_ g: inout SeededGenerator) throws -> RandomCase {
        let start = LocalDate(dayNumber: Int.random(in: LocalDate(year: 1990, month: 1, day: 1)!.dayNumber...LocalDate(year: 2040, month: 12, day: 31)!.dayNumber, using: &g))
        let time = chance(0.4, &g) ? LocalTime(hour: Int.random(in: 0...23, using: &g), minute: Int.random(in: 0...59, using: &g)) : nil
        return RandomCase(rule: try randomRule(&g, start: start), start: start, time: time)
    }

    static func chance(_ p: Double, _ g: inout SeededGenerator) -> Bool { Double.random(in: 0..<1, using: &g) < p }
}
