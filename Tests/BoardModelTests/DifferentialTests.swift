import TestSupport
import BoardModel
import Testing

/// Board's engine against python-dateutil's rrule, an independent implementation.
/// It fails, never skips, when the oracle cannot run.
@Suite struct DifferentialTests {
    @Test func twoThousandRandomRulesMatchDateutil() throws {
        var g = SeededGenerator(seed: 20261121)
        let cases = (0..<2000).map { _ in RandomCase.make(&g) }
        let lines = cases.map { c in
            "\(c.rule.rrule(start: c.start))\t\(c.time.map { LocalDateTime(date: c.start, time: $0).description } ?? c.start.iso)\t60"
        }
        let expected = try Oracle.expand(lines)
        var mismatches: [String] = []
        for (i, c) in cases.enumerated() {
            let schedule = try Schedule(rule: c.rule, start: c.start, time: c.time)
            let ours = schedule.occurrences.prefix(60).map { date in
                c.time.map { LocalDateTime(date: date, time: $0).description } ?? date.iso
            }.joined(separator: ",")
            if ours != expected[i] { mismatches.append("\(lines[i])\n  board:    \(ours)\n  dateutil: \(expected[i])") }
        }
        let empty = expected.filter(\.isEmpty).count
        #expect(empty < cases.count / 10, "too many rules without occurrences (\(empty)): the generator tests too little")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) rules differ; first:\n\(mismatches.prefix(3).joined(separator: "\n"))")
    }

    /// The text form round-trips: what Board writes, Board reads back as the same dates.
    @Test func exportedTextReadsBackToTheSameDates() throws {
        var g = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let c = RandomCase.make(&g)
            let text = c.rule.rrule(start: c.start)
            let back = try RecurrenceRule(rrule: text)
            let a = Array(try Schedule(rule: c.rule, start: c.start, time: c.time).occurrences.prefix(40))
            let b = Array(try Schedule(rule: back, start: c.start, time: c.time).occurrences.prefix(40))
            #expect(a == b, "\(text) from \(c.start)")
        }
    }
}

/// Several times a day against python-dateutil: BYHOUR and BYMINUTE on every frequency, and
/// FREQ=HOURLY within a day, read the way `board recur expand` reads them.
@Suite struct TimesOfDayDifferentialTests {
    @Test func tenThousandRulesWithTimesOfDayMatchDateutil() throws {
        var g = SeededGenerator(seed: 20261128)
        var lines: [String] = [], ours: [String] = []
        while lines.count < 10_000 {
            let c = RandomCase.make(&g)
            let base = c.rule.rrule(start: c.start)
            // BYSETPOS picks among date-times, which Board refuses with several times (tested below).
            guard !base.contains("BYSETPOS") else { continue }
            let startTime = LocalTime(hour: Int.random(in: 0...23, using: &g), minute: Int.random(in: 0...59, using: &g))!
            var text: String
            if RandomCase.chance(0.3, &g) {
                let interval = [1, 2, 3, 4, 6, 8, 12].randomElement(using: &g)!
                // The date filters HOURLY keeps: no ordinals, no INTERVAL or WKST of the day rule.
                let filters = base.split(separator: ";").filter {
                    $0.hasPrefix("COUNT") || $0.hasPrefix("UNTIL") || $0.hasPrefix("BYMONTH") || ($0.hasPrefix("BYDAY") && !$0.contains(where: \.isNumber))
                }
                text = (["FREQ=HOURLY", "INTERVAL=\(interval)"] + filters.map(String.init)).joined(separator: ";")
                if RandomCase.chance(0.5, &g) { text += ";BYHOUR=" + Self.someOf(0...23, upTo: 8, &g) }
            } else {
                text = base + ";BYHOUR=" + Self.someOf(0...23, upTo: 6, &g)
            }
            if RandomCase.chance(0.4, &g) { text += ";BYMINUTE=" + Self.someOf(0...59, upTo: 2, &g) }
            guard let phrase = try? RecurrencePhrase(rrule: text, startTime: startTime) else { continue }
            let schedule = try Schedule(rule: phrase.rule, start: c.start, times: phrase.times)
            lines.append("\(text)\t\(LocalDateTime(date: c.start, time: startTime))\t60")
            ours.append(schedule.runs(startTime: startTime).prefix(60).map(\.description).joined(separator: ","))
        }
        let expected = try Oracle.expand(lines)
        var mismatches: [String] = []
        for i in lines.indices where ours[i] != expected[i] {
            mismatches.append("\(lines[i])\n  board:    \(ours[i])\n  dateutil: \(expected[i])")
        }
        let several = ours.filter { $0.split(separator: ",").prefix(30).map { $0.prefix(10) }.count > Set($0.split(separator: ",").prefix(30).map { $0.prefix(10) }).count }.count
        #expect(several > lines.count / 2, "too few rules with several runs a day (\(several)): the generator tests too little")
        #expect(expected.filter(\.isEmpty).count < lines.count / 10, "too many rules without runs")
        #expect(mismatches.count == 0, "\(mismatches.count) of \(lines.count) rules differ; first:\n\(mismatches.prefix(3).joined(separator: "\n"))")
    }

    private static func someOf(_ range: ClosedRange<Int>, upTo n: Int, _ g: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...n, using: &g)).map { _ in String(Int.random(in: range, using: &g)) }.joined(separator: ",")
    }
}

/// Times kept to weekdays against python-dateutil: a weekly rule whose times each fall on some of
/// its days gives the runs of one rule per time (on those days), merged in order.
@Suite struct DayTimesDifferentialTests {
    @Test func aThousandWeeklyRulesWithTimesOnSomeDaysMatchDateutilPerTime() throws {
        var g = SeededGenerator(seed: 54)
        var cases: [(schedule: Schedule, parts: [(rule: String, time: LocalTime)])] = []
        while cases.count < 1000 {
            let start = LocalDate(dayNumber: Int.random(in: LocalDate(year: 2000, month: 1, day: 1)!.dayNumber...LocalDate(year: 2040, month: 1, day: 1)!.dayNumber, using: &g))
            let days = Set((0..<Int.random(in: 2...5, using: &g)).map { _ in Weekday.allCases.randomElement(using: &g)! })
            guard days.count > 1 else { continue }
            var free: [LocalTime] = [], kept: [LocalTime: Set<Weekday>] = [:]
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                let time = LocalTime(hour: Int.random(in: 0...23, using: &g), minute: [0, 15, 30, 45].randomElement(using: &g)!)!
                if RandomCase.chance(0.3, &g) { free.append(time) } else {
                    kept[time, default: []].formUnion((0..<Int.random(in: 1...2, using: &g)).map { _ in days.randomElement(using: &g)! })
                }
            }
            let until = RandomCase.chance(0.5, &g) ? RecurrenceRule.End.until(start.adding(days: Int.random(in: 10...400, using: &g)), nil) : .never
            guard let times = try? TimesOfDay(free, days: kept),
                  let rule = try? RecurrenceRule(.weekly, interval: Int.random(in: 1...3, using: &g), weekdays: days.map { WeekdaySelector($0) },
                                                  weekStart: Weekday.allCases.randomElement(using: &g)!, end: until),
                  let schedule = try? Schedule(rule: rule, start: start, times: times) else { continue }
            let parts = try times.times.map { time in
                (rule: try (times.days[time].map { try rule.keeping($0) } ?? rule).rrule(start: start), time: time)
            }
            cases.append((schedule, parts))
        }
        let lines = cases.flatMap { c in c.parts.map { "\($0.rule)\t\(LocalDateTime(date: c.schedule.start, time: $0.time))\t40" } }
        let answers = try Oracle.expand(lines)
        var next = 0, mismatches: [String] = []
        for c in cases {
            var merged: [String] = []
            for _ in c.parts {
                merged += answers[next].split(separator: ",").map(String.init)
                next += 1
            }
            let expected = Array(merged.sorted().prefix(40))
            let ours = Array(c.schedule.runs().prefix(40)).map(\.description)
            // Each expansion stops at 40, so only the runs before the earliest part's last are complete.
            let complete = min(expected.count, ours.count, 40 / max(1, c.parts.count))
            if Array(ours.prefix(complete)) != Array(expected.prefix(complete)) {
                mismatches.append("\(c.schedule.rule.rrule()) \(c.schedule.times!) from \(c.schedule.start)\n  board: \(ours.prefix(complete))\n  dateutil: \(expected.prefix(complete))")
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) of \(cases.count) differ; first:\n\(mismatches.prefix(2).joined(separator: "\n"))")
    }
}
