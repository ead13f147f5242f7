import BoardCLI
import BoardModel
import Foundation

struct RecurNext: Command {
    static let info = CommandInfo(
        "next",
        abstract: "Print the next occurrence of a rule after a moment, or after a completion.",
        discussion: """
        Without --completed: the first occurrence at or after --after (a rule without a time of day
        counts as due at the start of its day). With --completed on a rule repeating after completion
        ("every! 3 days"): the day that many days, weeks or months after the completion.
        """,
        parameters: [rule, after, start, completed], runs: Self.self)
    static let rule = Declared.argument("rule", "The rule: RRULE text or a phrase.")
    static let after = Declared.requiredOption("after", "The moment, YYYY-MM-DDTHH:MM (or YYYY-MM-DD for its start).", value: "datetime")
    static let start = Declared.option("start", "The rule's start date; default: the day of --after.", value: "date")
    static let completed = Declared.option("completed", "When the previous occurrence was completed, YYYY-MM-DD.", value: "date")

    let rule: String, after: String, start: String?, completed: String?

    init(_ given: ParsedArguments) throws {
        rule = try given[Self.rule]
        after = try given[Self.after]
        start = try given[Self.start]
        completed = try given[Self.completed]
    }

    func run() throws {
        let (afterDate, afterTime) = try RuleInput.dateOrDateTime(after, field: "after")
        let phrase = try RuleInput.read(rule, today: afterDate, startTime: afterTime)
        let next: LocalDateTime?
        if let completed {
            let done = try FieldRules.isoDate(completed, field: "completed")
            guard phrase.rule.anchor == .completion else {
                throw BoardError("completed", "only a rule that repeats after completion ('every! 3 days') counts from a completion")
            }
            next = Self.within(phrase.rule.end, done.afterCompletion(of: phrase.rule)).map { LocalDateTime(date: $0, time: phrase.time ?? .midnight) }
        } else {
            let startDate = try start.map { t throws in try RuleInput.dateOrDateTime(t, field: "start").0 } ?? phrase.start ?? afterDate
            let schedule = try Schedule(rule: phrase.rule, start: startDate, times: phrase.times)
            next = schedule.next(atOrAfter: LocalDateTime(date: afterDate, time: afterTime ?? .midnight))
        }
        guard let next else {
            // An empty answer, not an error: nothing on stdout, a word on stderr, status 0.
            printErr("no occurrence at or after \(after)")
            return
        }
        writeText(RecurExpand.format(next, timed: phrase.times != nil) + "\n", to: .standardOutput)
    }

    private static func within(_ end: RecurrenceRule.End, _ date: LocalDate) -> LocalDate? {
        if case .until(let last, _) = end, date > last { return nil }
        return date
    }
}
