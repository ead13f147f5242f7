/// The rules of a date written as YYYY-MM-DD and of a schedule's end, in one place for the
/// command line, the template editor, `board recur` and imported documents, so that each is
/// refused in the same words wherever it was typed (ARCHITECTURE.md §6).
extension FieldRules {
    /// A date written `YYYY-MM-DD`; dates in words are `DateWords.date`'s.
    public static func isoDate(_ text: String, field: String) throws(BoardError) -> LocalDate {
        guard let date = LocalDate(iso: text.trimmingSpaces) else {
            throw BoardError(Field(field), "must be a date YYYY-MM-DD" + (text.trimmingSpaces.isEmpty ? "" : ", got '\(text.echoed)'"))
        }
        return date
    }

    /// How many times a schedule runs, typed: a whole number from 1 to `RecurrenceRule.maxCount`.
    public static func times(_ text: String, field: String) throws(BoardError) -> Int {
        guard let n = Int(text.trimmingSpaces) else { throw timesError(text, field: field) }
        try check(times: n, field: field)
        return n
    }

    public static func check(times: Int, field: String) throws(BoardError) {
        guard (1...RecurrenceRule.maxCount).contains(times) else { throw timesError("\(times)", field: field) }
    }

    /// A schedule's end: after a number of times, or on a date not before its first run; never both.
    public static func end(until: (date: LocalDate, field: String)?, times: (count: Int, field: String)?,
                           first: LocalDate) throws(BoardError) -> RecurrenceRule.End? {
        if let until, let times { throw BoardError(Field(until.field), "give an end date or a number of times (\(times.field)), not both") }
        if let times {
            try check(times: times.count, field: times.field)
            return .count(times.count)
        }
        guard let until else { return nil }
        guard until.date >= first else { throw BoardError(Field(until.field), "the end \(until.date) is before the start \(first)") }
        return .until(until.date, nil)
    }

    private static func timesError(_ text: String, field: String) -> BoardError {
        BoardError(Field(field), "must be a whole number of times from 1 to \(RecurrenceRule.maxCount), got '\(text.echoed)'")
    }
}
