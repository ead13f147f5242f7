/// Dates and times inside phrases: "at 7:30 pm", "starting nov 1", "until 2026-12-31".
extension PhraseParser {
    /// A date as written: complete, or a month and day still to be placed in a year.
    enum PhraseDate {
        case exact(LocalDate)
        case monthDay(Int, Int)
        case relative(Int)   // days from today

        func resolve(onOrAfter reference: LocalDate, today: LocalDate) -> LocalDate? {
            switch self {
            case .exact(let date): return date
            case .relative(let days): return today.adding(days: days)
            case .monthDay(let month, let day):
                for year in reference.year...(reference.year + 8) {
                    if let date = LocalDate(year: year, month: month, day: day), date >= reference { return date }
                }
                return nil
            }
        }

        /// The last such day before `reference` (a month and day placed in an earlier year); nil for
        /// a date that names its own day.
        func resolve(before reference: LocalDate) -> LocalDate? {
            guard case .monthDay(let month, let day) = self else { return nil }
            for year in stride(from: reference.year, through: max(1, reference.year - 8), by: -1) {
                if let date = LocalDate(year: year, month: month, day: day), date < reference { return date }
            }
            return nil
        }
    }


    /// "7am", "7:30 pm", "19:30", "7", "noon", "midnight".
    mutating func parseTime() throws(BoardError) -> LocalTime {
        guard let word = take() else { throw unexpected(context: "expected a time after 'at'") }
        if word == "noon" { return LocalTime(hour: 12, minute: 0)! }
        if word == "midnight" { return .midnight }
        var body = Substring(word), meridiem: String?
        for suffix in ["am", "pm", "a", "p"] where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            meridiem = String(suffix.prefix(1))
            break
        }
        if meridiem == nil, let next = current, ["am", "pm", "a.m.", "p.m."].contains(next) {
            index += 1
            meridiem = String(next.prefix(1))
        }
        let pieces = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let hour = Int.decimal(pieces[0]),
              pieces.count == 1 || pieces[1].count == 2, let minute = pieces.count == 2 ? Int.decimal(pieces[1]) : 0 else {
            throw BoardError("time", "'\(word.echoed)' is not a time such as 7am, 7:30pm or 19:30")
        }
        var h = hour
        if let meridiem {
            guard (1...12).contains(hour) else { throw BoardError("time", "'\(word.echoed)': with am/pm the hour is 1 to 12") }
            h = hour % 12 + (meridiem == "p" ? 12 : 0)
        }
        guard let time = LocalTime(hour: h, minute: minute) else {
            throw BoardError("time", "'\(word.echoed)' is not a time of day (00:00 to 23:59)")
        }
        return time
    }

    /// "2026-11-01", "nov 1", "november 1st, 2026", "today", "tomorrow".
    mutating func parseDate(context: String) throws(BoardError) -> PhraseDate {
        guard let word = current else { throw unexpected(context: "expected a date after '\(context.echoed)'") }
        if word == "today" { index += 1; return .relative(0) }
        if word == "tomorrow" { index += 1; return .relative(1) }
        if word.contains("-") {
            guard let date = LocalDate(iso: word) else {
                throw BoardError("date", "'\(word.echoed)' is not a date YYYY-MM-DD that exists")
            }
            index += 1
            return .exact(date)
        }
        guard let month = Vocabulary.month(word) else { throw unexpected(context: "expected a date after '\(context.echoed)'") }
        index += 1
        guard let dayText = current, let day = Vocabulary.ordinal(dayText) ?? Int.decimal(dayText) else {
            throw unexpected(context: "expected a day after '\(word.echoed)'")
        }
        index += 1
        var look = index
        if look < tokens.count, tokens[look] == "," { look += 1 }
        if look < tokens.count, tokens[look].count == 4, let year = Int.decimal(tokens[look]) {
            index = look + 1
            guard let date = LocalDate(year: year, month: month, day: day) else {
                throw BoardError("date", "\(MonthName.full[month - 1]) \(day), \(year) does not exist")
            }
            return .exact(date)
        }
        guard day <= LocalDate.maxDaysIn(month: month) else {
            throw BoardError("date", "\(MonthName.full[month - 1]) never has a \(ordinalSuffix(day))")
        }
        return .monthDay(month, day)
    }
}
