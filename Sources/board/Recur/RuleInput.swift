import BoardCLI
import BoardModel

/// A RULE argument: RRULE text (`FREQ=…`, with or without `RRULE:`) or a phrase in plain words.
enum RuleInput {
    static func isRRule(_ text: String) -> Bool {
        let upper = text.uppercased()
        return upper.contains("FREQ=") || upper.hasPrefix("RRULE:")
    }

    /// Reads either form; the phrase parser resolves dates without a year against `today` and
    /// starts weeks on config.toml's `week_start` (RRULE text keeps RFC 5545's Monday unless it says WKST).
    /// RRULE's BYHOUR and BYMINUTE default to `startTime`, as to DTSTART's.
    static func read(_ text: String, today: LocalDate, startTime: LocalTime? = nil) throws -> RecurrencePhrase {
        if isRRule(text) { return try RecurrencePhrase(rrule: text, startTime: startTime) }
        return try RecurrencePhrase(parsing: text, today: today, weekStart: ConfigFile.loaded.weekStart ?? .monday)
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`.
    static func dateOrDateTime(_ text: String, field: String) throws -> (LocalDate, LocalTime?) {
        if let date = LocalDate(iso: text) { return (date, nil) }
        if let moment = LocalDateTime(iso: text) { return (moment.date, moment.time) }
        throw BoardError(Field(field), "must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM, got '\(text)'")
    }
}
