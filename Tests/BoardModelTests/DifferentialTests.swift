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
