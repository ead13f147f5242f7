import ArgumentParser
import BoardModel

/// `--every`, `--starts`, `--until`, `--times`: a template's schedule.
struct ScheduleOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The rule: RRULE text or a phrase such as 'every weekday' or 'every! 3 days'.", valueName: "rule"))
    var every: String?
    @Option(help: ArgumentHelp("First possible date, YYYY-MM-DD. Default: today (or the phrase's 'starting').", valueName: "date"))
    var starts: String?
    @Option(help: ArgumentHelp("Last possible date, YYYY-MM-DD (inclusive).", valueName: "date")) var until: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("End after this many occurrences.", valueName: "N")) var times: Int?

    var isEmpty: Bool { every == nil && starts == nil && until == nil && times == nil }

    /// The rule with --until or --times applied, its phrase's time, and the start asked for.
    func read(today: LocalDate, current: RecurrenceRule? = nil) throws -> (rule: RecurrenceRule, time: LocalTime?, start: LocalDate?) {
        var phrase: RecurrencePhrase?
        if let every { phrase = try RuleInput.read(every, today: today) }
        guard var rule = phrase?.rule ?? current else {
            throw BoardError("every", "a template needs a rule, e.g. --every 'every weekday'")
        }
        let start = try starts.map { s throws in try CardFieldOptions.date(s, field: "starts") } ?? phrase?.start
        if until != nil && times != nil { throw BoardError("until", "give --until or --times, not both") }
        if let times {
            guard (1...RecurrenceRule.maxCount).contains(times) else {
                throw BoardError("times", "must be a whole number from 1 to \(RecurrenceRule.maxCount), got \(times)")
            }
            rule = try rule.with(end: .count(times))
        }
        if let until {
            let date = try CardFieldOptions.date(until, field: "until")
            let first = start ?? today
            guard date >= first else { throw BoardError("until", "the end \(date) is before the start \(first)") }
            rule = try rule.with(end: .until(date, nil))
        }
        return (rule, phrase?.time, start)
    }
}
