import BoardModel

func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }
func moment(_ iso: String) -> LocalDateTime { LocalDateTime(iso: iso)! }

/// The first `n` dates of an RRULE text from `start`, as ISO strings.
func expand(_ rrule: String, from start: String, _ n: Int = 10) throws -> [String] {
    let schedule = try Schedule(rule: try RecurrenceRule(rrule: rrule), start: date(start))
    return schedule.occurrences.prefix(n).map(\.iso)
}

/// The first `n` dates of a phrase from `start`.
func expand(phrase: String, from start: String, _ n: Int = 10) throws -> [String] {
    let parsed = try RecurrencePhrase(parsing: phrase, today: date(start))
    return try Schedule(rule: parsed.rule, start: date(start)).occurrences.prefix(n).map(\.iso)
}
