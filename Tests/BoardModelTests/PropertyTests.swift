import TestSupport
import BoardModel
import Testing

@Suite struct PropertyTests {
    /// Restarting from the k-th occurrence with COUNT reduced by k gives the tail.
    @Test func restartingFromTheKthOccurrenceGivesTheTail() throws {
        var g = SeededGenerator(seed: 11)
        var checked = 0
        while checked < 300 {
            let c = RandomCase.make(&g)
            let count = Int.random(in: 5...30, using: &g)
            guard let counted = try? c.rule.with(end: .count(count)) else { continue }
            let schedule = try Schedule(rule: counted, start: c.start)
            let rule = schedule.rule
            let all = Array(schedule.occurrences)
            guard all.count >= 2 else { continue }
            let k = Int.random(in: 1..<all.count, using: &g)
            let tail = Array(try Schedule(rule: try rule.with(end: .count(count - k)), start: all[k]).occurrences)
            #expect(tail == Array(all[k...]), "\(rule.rrule(start: c.start)) from \(c.start), k=\(k)")
            checked += 1
        }
    }

    /// A range query equals the full list filtered to the range, also when periods are skipped.
    @Test func rangeQueryEqualsFilteredFullList() throws {
        var g = SeededGenerator(seed: 12)
        for _ in 0..<400 {
            let c = RandomCase.make(&g)
            let schedule = try Schedule(rule: c.rule, start: c.start, time: c.time)
            let lower = c.start.adding(days: Int.random(in: -30...2000, using: &g))
            let upper = lower.adding(days: Int.random(in: 0...800, using: &g))
            let full = schedule.occurrences.prefix { $0 <= upper }.filter { $0 >= lower }
            #expect(schedule.occurrences(in: lower...upper) == Array(full), "\(c.rule.rrule(start: c.start)) from \(c.start) in \(lower)...\(upper)")
        }
    }

    /// parse(summary(r)) == r, with and without a time of day and a start date.
    @Test func summaryParsesBackToTheSameRule() throws {
        var g = SeededGenerator(seed: 13)
        let today = LocalDate(year: 2026, month: 11, day: 21)!
        var checked = 0
        for i in 0..<3000 {
            let anchor: RecurrenceRule.Anchor = i % 10 == 0 ? .completion : .schedule
            let start = today.adding(days: Int.random(in: -400...400, using: &g))
            guard let rule = try? RandomCase.randomRule(&g, start: start, anchor: anchor) else { continue }
            let phrase = RecurrencePhrase(
                rule: rule,
                time: RandomCase.chance(0.5, &g) ? LocalTime(hour: Int.random(in: 0...23, using: &g), minute: Int.random(in: 0...59, using: &g)) : nil,
                start: RandomCase.chance(0.5, &g) ? start : nil)
            let text = phrase.summary
            let back = try? RecurrencePhrase(parsing: text, today: today)
            #expect(back == phrase, "\(text)  ←  \(rule.rrule())")
            checked += 1
        }
        #expect(checked >= 2_500, "only \(checked) random rules were valid and checked")
    }
}
