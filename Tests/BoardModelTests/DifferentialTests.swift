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
