/// A taskwarrior `recur` value as a Board rule, exactly or not at all (ARCHITECTURE.md §11).
/// `daily`, `weekdays`, `weekly`, `biweekly`, `monthly`, `quarterly`, `yearly` (and their
/// synonyms), `Nd`, `Nw`, `Nmo`, `Nq`, `Ny` and ISO 8601 periods of one unit (`P2W`, `P1M`);
/// a weekly rule keeps the weekday of the first due date, a monthly or yearly one its day, and a
/// day past the 28th clamps to the month's end as taskwarrior does.
public enum TaskwarriorRecurrence {
    public static func rule(_ recur: String, due: LocalDate) throws(BoardError) -> RecurrenceRule {
        let text = recur.trimmingSpaces.lowercased()
        switch text {
        case "daily", "day": return try make(.daily, 1, due)
        case "weekdays": return try RecurrenceRule(.weekly, weekdays: [Weekday.monday, .tuesday, .wednesday, .thursday, .friday].map { WeekdaySelector($0) })
        case "weekly", "week": return try make(.weekly, 1, due)
        case "biweekly", "fortnight": return try make(.weekly, 2, due)
        case "monthly", "month": return try make(.monthly, 1, due)
        case "bimonthly": return try make(.monthly, 2, due)
        case "quarterly", "quarter": return try make(.monthly, 3, due)
        case "semiannual": return try make(.monthly, 6, due)
        case "yearly", "annual", "year": return try make(.yearly, 1, due)
        case "biannual", "biyearly": return try make(.yearly, 2, due)
        default: break
        }
        if text.hasPrefix("p") { return try period(String(text.dropFirst()), recur: recur, due: due) }
        // N and a unit: 3d, 2w, 6mo, 1q, 2y (and their longer spellings).
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard let n = Int(digits), n > 0 else { throw notImportable(recur) }
        switch text.dropFirst(digits.count) {
        case "d", "day", "days": return try make(.daily, n, due)
        case "w", "wk", "wks", "week", "weeks": return try make(.weekly, n, due)
        case "mo", "mos", "mth", "mths", "month", "months": return try make(.monthly, n, due)
        case "q", "qtr", "qtrs", "quarter", "quarters": return try make(.monthly, 3 * n, due)
        case "y", "yr", "yrs", "year", "years": return try make(.yearly, n, due)
        default: throw notImportable(recur)
        }
    }

    /// `P1D`, `P2W`, `P3M`, `P1Y`: one unit, no time part.
    private static func period(_ body: String, recur: String, due: LocalDate) throws(BoardError) -> RecurrenceRule {
        guard let unit = body.last else { throw notImportable(recur) }
        guard let n = Int(body.dropLast()), n > 0 else { throw notImportable(recur) }
        switch unit {
        case "d": return try make(.daily, n, due)
        case "w": return try make(.weekly, n, due)
        case "m": return try make(.monthly, n, due)
        case "y": return try make(.yearly, n, due)
        default: throw notImportable(recur)
        }
    }

    private static func make(_ frequency: RecurrenceRule.Frequency, _ interval: Int, _ due: LocalDate) throws(BoardError) -> RecurrenceRule {
        guard interval <= RecurrenceRule.maxInterval else { throw BoardError("recur", "an interval of at most \(RecurrenceRule.maxInterval)") }
        switch frequency {
        case .weekly: return try RecurrenceRule(.weekly, interval: interval, weekdays: [WeekdaySelector(due.weekday)])
        case .monthly: return try RecurrenceRule(.monthly, interval: interval, monthDays: [due.day], monthEndPolicy: .clamp)
        case .yearly: return try RecurrenceRule(.yearly, interval: interval, monthDays: [due.day], months: [due.month], monthEndPolicy: .clamp)
        default: return try RecurrenceRule(frequency, interval: interval)
        }
    }

    private static func notImportable(_ recur: String) -> BoardError {
        BoardError("recur", "'\(recur)' has no exact rule (hours, minutes and seconds, or an unknown unit)")
    }
}
