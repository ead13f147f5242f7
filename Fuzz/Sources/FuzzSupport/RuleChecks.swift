import BoardModel

/// What must hold of a rule either parser made, as `board recur parse` and `recur expand` use it.
public enum RuleChecks {
    static let today = LocalDate(iso: "2026-11-24")!

    /// The RRULE text the rule is written as reads back as the same text (its canonical form),
    /// its words and its first occurrences come out without a trap, and the dates only go forward.
    public static func check(_ phrase: RecurrencePhrase, from target: String) {
        let text = phrase.rule.rrule(start: phrase.start)
        let again: RecurrenceRule
        do { again = try RecurrenceRule(rrule: text, anchor: phrase.rule.anchor) } catch {
            Refusal.finding(target, "its own RRULE text '\(text)' is refused: \(error)")
        }
        if again.rrule(start: phrase.start) != text {
            Refusal.finding(target, "'\(text)' reads back as '\(again.rrule(start: phrase.start))'")
        }
        _ = phrase.summary
        let start = phrase.start ?? today
        let schedule: Schedule
        do { schedule = try Schedule(rule: phrase.rule, start: start, times: phrase.times) } catch {
            Refusal.check(error, from: target)
            return
        }
        let dates = schedule.preview(from: start, count: 7)
        for (earlier, later) in zip(dates, dates.dropFirst()) where later <= earlier {
            Refusal.finding(target, "'\(text)' from \(start): \(later) follows \(earlier)")
        }
        if let first = dates.first, first < start { Refusal.finding(target, "'\(text)': \(first) is before the start \(start)") }
        // Runs, several a day, only go forward too, and each falls on a day with runs.
        let runs = Array(schedule.runs().prefix(50))
        for (earlier, later) in zip(runs, runs.dropFirst()) where later <= earlier {
            Refusal.finding(target, "'\(text)' from \(start): run \(later) follows \(earlier)")
        }
        if let first = runs.first, let day = dates.first, first.date != day {
            Refusal.finding(target, "'\(text)': the first run \(first) is not on the first day \(day)")
        }
    }
}
