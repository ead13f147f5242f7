import BoardCLI
import BoardModel

/// `--every`, `--starts`, `--until`, `--times`: a template's schedule.
struct ScheduleOptions {
    static let every = Declared.option(.every, "The rule: RRULE text or a phrase such as 'every weekday' or 'every! 3 days'.", value: "rule")
    static let starts = Declared.option("starts", "First possible date: YYYY-MM-DD or words (next monday, dec 1). Default: today (or the phrase's 'starting').", value: "date")
    static let until = Declared.option(.until, "Last possible date, inclusive: YYYY-MM-DD or words (dec 31, in 2 weeks).", value: "date")
    static let times = Declared.number("times", "End after this many occurrences.", value: "N")
    static let parameters: [any ParameterDeclaration] = [every, starts, until, times]

    let every: String?, starts: String?, until: String?, times: Int?

    init(_ given: ParsedArguments) throws {
        every = try given[Self.every]
        starts = try given[Self.starts]
        until = try given[Self.until]
        times = try given[Self.times]
    }

    var isEmpty: Bool { every == nil && starts == nil && until == nil && times == nil }

    /// The times from `--time` or from the rule's "at …", refused when both say different times
    /// (one silently winning over the other surprised people).
    static func times(option: TimesOfDay?, phrase: TimesOfDay?) throws -> TimesOfDay? {
        if let option, let phrase, option != phrase {
            throw BoardError("time", "two times, --time \(option) and the rule's 'at \(phrase.display)'; give one")
        }
        return option ?? phrase
    }

    /// The rule with --until or --times applied, its phrase's times of day, and the start asked for.
    func read(today: LocalDate, current: RecurrenceRule? = nil) throws -> (rule: RecurrenceRule, times: TimesOfDay?, start: LocalDate?) {
        var phrase: RecurrencePhrase?
        if let every { phrase = try RuleInput.read(every, today: today) }
        guard var rule = phrase?.rule ?? current else {
            throw BoardError("every", "a template needs a rule, e.g. --every 'every weekday'")
        }
        let start = try starts.map { s throws in try CardFieldOptions.date(s, field: "starts", today: today) } ?? phrase?.start
        let untilDate = try until.map { text throws in (date: try CardFieldOptions.date(text, field: "until", today: today), field: "until") }
        if let end = try FieldRules.end(until: untilDate, times: times.map { ($0, "times") }, first: start ?? today) {
            rule = try rule.with(end: end)
        }
        return (rule, phrase?.times, start)
    }
}
