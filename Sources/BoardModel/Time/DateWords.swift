/// Dates and times as a person types them — "friday", "next monday", "in 3 days", "dec 3", "the
/// 15th", "9am", "6:30pm" — read by one parser wherever Board asks for one (ARCHITECTURE.md §15):
/// `add`/`edit --due/--time`, the card form and the calendar's `g`. The words are the recurrence
/// phrases' own (`PhraseParser`), so "tue" or "7:30 pm" mean the same in a schedule and on a card.
public enum DateWords {
    /// The forms a date may take, for refusals and help.
    public static let dateForms = "a weekday (fri, next fri, last fri), today, tomorrow, yesterday, in 3 days, in 2 weeks, dec 3, 3 dec, december 3 2027, the 15th or YYYY-MM-DD"
    /// The forms a time may take.
    public static let timeForms = "9am, 6:30pm, noon, midnight or 21:00"

    /// Which way a day that names no year (or no month, or no week) is placed: on or after today, as
    /// a date something is due on; or the nearest such day either way, as the Calendar's go-to.
    public enum Reach: Sendable { case ahead, nearest }

    /// The day `text` names, seen from `today`. A weekday is the next one on or after today (on a
    /// Friday "friday" is today), "last friday" the one before today; "next friday" is the Friday of
    /// the week after this one, weeks starting on `weekStart`. A month and day without a year is the
    /// next one on or after today — or, reaching `.nearest`, whichever is nearer, past or ahead.
    public static func date(_ text: String, today: LocalDate, weekStart: Weekday = .monday, field: String = "due",
                            reach: Reach = .ahead) throws(BoardError) -> LocalDate {
        var parser = PhraseParser(text)
        let date: LocalDate
        do throws(BoardError) { date = try parser.parseDayInWords(today: today, weekStart: weekStart, reach: reach) } catch {
            throw BoardError(Field(field), error.problem)
        }
        if let extra = parser.current {
            throw BoardError(Field(field), "'\(extra.echoed)' after the date is not understood; use \(dateForms)")
        }
        return date
    }

    /// A day and, after it, perhaps its time: "dec 3 at 9am", "next friday 6:30pm", "tomorrow noon",
    /// "2026-12-03 21:00". The day as `date` reads it; the time as `time` does.
    public static func dateTime(_ text: String, today: LocalDate, weekStart: Weekday = .monday,
                                field: String = "due") throws(BoardError) -> (date: LocalDate, time: LocalTime?) {
        var parser = PhraseParser(text)
        let date: LocalDate
        do throws(BoardError) { date = try parser.parseDayInWords(today: today, weekStart: weekStart) } catch {
            throw BoardError(Field(field), error.problem)
        }
        guard parser.current != nil else { return (date, nil) }
        let atGiven = parser.current == "at"
        if atGiven { parser.index += 1 }
        guard parser.current != nil else { throw BoardError(Field(field), "'at' needs a time after it, such as dec 3 at 9am") }
        let time: LocalTime, after = parser.tokens[parser.index]
        do throws(BoardError) { time = try parser.parseTime() } catch {
            // Neither a time nor "at": words after a date, said as such.
            if !atGiven { throw BoardError(Field(field), "'\(after.echoed)' after the date is not understood; use \(dateForms), then perhaps a time (at 9am)") }
            throw BoardError(Field(field), error.problem)
        }
        if let extra = parser.current {
            throw BoardError(Field(field), "'\(extra.echoed)' after the date and time is not understood; use \(dateForms), then perhaps a time (at 9am)")
        }
        return (date, time)
    }

    /// The time of day `text` names: "9am", "6:30 pm", "noon", "21:00", "at 7".
    public static func time(_ text: String, field: String = "time") throws(BoardError) -> LocalTime {
        var parser = PhraseParser(text)
        if parser.current == "at" { parser.index += 1 }
        guard parser.current != nil else { throw BoardError(Field(field), "is empty; use \(timeForms)") }
        let time: LocalTime
        do throws(BoardError) { time = try parser.parseTime() } catch { throw BoardError(Field(field), error.problem) }
        if let extra = parser.current {
            throw BoardError(Field(field), "'\(extra.echoed)' after the time is not understood; use \(timeForms)")
        }
        return time
    }

    /// The day a time given alone means: today while it is still ahead, else tomorrow.
    public static func day(for time: LocalTime, now: LocalDateTime) -> LocalDate {
        LocalDateTime(date: now.date, time: time) > now ? now.date : now.date.adding(days: 1)
    }
}

extension PhraseParser {
    /// A day in words: the one on or after today, and for words placed by today (a weekday, the
    /// 15th, a month and day without a year) the last such day before today too.
    typealias PlacedDay = (ahead: LocalDate, behind: LocalDate?)

    /// One day in words (`DateWords.date`); leaves the parser after the words it read.
    mutating func parseDayInWords(today: LocalDate, weekStart: Weekday, reach: DateWords.Reach = .ahead) throws(BoardError) -> LocalDate {
        let day = try parseDay(today: today, weekStart: weekStart)
        guard reach == .nearest, let behind = day.behind else { return day.ahead }
        return today.days(until: day.ahead) <= behind.days(until: today) ? day.ahead : behind
    }

    private mutating func parseDay(today: LocalDate, weekStart: Weekday) throws(BoardError) -> PlacedDay {
        guard let word = current else { throw BoardError("date", "is empty; use \(DateWords.dateForms)") }
        if word.contains("/") {
            throw BoardError("date", "'\(word.echoed)' is ambiguous (day/month or month/day?); write YYYY-MM-DD or a month's name, such as dec 3")
        }
        if word == "yesterday" { index += 1; return (today.adding(days: -1), nil) }
        if let weekday = Vocabulary.weekdayNames[word] {
            index += 1
            let ahead = today.adding(days: weekday.daysSince(today.weekday))
            return (ahead, ahead == today ? nil : ahead.adding(days: -7))
        }
        if word == "next" || word == "last" {
            index += 1
            guard let name = current, let weekday = Vocabulary.weekdayNames[name] else {
                throw unexpected(context: "expected a weekday after '\(word)', such as \(word) friday")
            }
            index += 1
            // "last friday": the one before today (a week ago on a Friday).
            if word == "last" {
                let back = today.weekday.daysSince(weekday)
                return (today.adding(days: back == 0 ? -7 : -back), nil)
            }
            return (today.startOfWeek(weekStart).adding(days: 7 + weekday.daysSince(weekStart)), nil)
        }
        if word == "in" {
            index += 1
            guard let count = current.flatMap({ $0 == "a" || $0 == "an" ? 1 : Vocabulary.cardinal($0) }), let unitWord = peek(1),
                  let unit = Vocabulary.units[unitWord], unit == .daily || unit == .weekly else {
                throw unexpected(context: "expected a count of days or weeks after 'in', such as in 3 days")
            }
            index += 2
            let days = count * (unit == .weekly ? 7 : 1)
            guard days <= 366 * 100 else { throw BoardError("date", "'in \(count) \(unitWord.echoed)' is too far ahead") }
            return (today.adding(days: days), nil)
        }
        if word == "the" || (Vocabulary.ordinal(word) != nil && Vocabulary.ordinalWords[word] == nil && Vocabulary.month(peek(1) ?? "") == nil) {
            return try parseDayOfMonth(today: today)
        }
        // "3 dec", "3rd december 2027": a day before the month's name.
        if let day = Vocabulary.ordinal(word) ?? Int.decimal(word), let monthWord = peek(1), let month = Vocabulary.month(monthWord) {
            index += 2
            return try placed(month: month, day: day, today: today)
        }
        if word == "today" || word == "tomorrow" || word.contains("-") || Vocabulary.month(word) != nil {
            let date = try parseDate(context: "the date")
            guard let resolved = date.resolve(onOrAfter: today, today: today) else {
                throw BoardError("date", "'\(word.echoed)' falls on no day in the next eight years")
            }
            return (resolved, date.resolve(before: today))
        }
        throw BoardError("date", "'\(word.echoed)' is not a date; use \(DateWords.dateForms)")
    }

    /// "the 15th": the next 15th on or after today, in a month that has one (and the last before today).
    private mutating func parseDayOfMonth(today: LocalDate) throws(BoardError) -> PlacedDay {
        if current == "the" { index += 1 }
        guard let dayWord = current, let day = Vocabulary.ordinal(dayWord) ?? Int.decimal(dayWord) else {
            throw unexpected(context: "expected a day of the month, such as the 15th")
        }
        index += 1
        guard (1...31).contains(day) else { throw BoardError("date", "no month has a \(ordinalSuffix(day))") }
        let thisMonth = LocalDate(year: today.year, month: today.month, day: 1)!
        func found(_ months: StrideThrough<Int>, _ keep: (LocalDate) -> Bool) -> LocalDate? {
            months.lazy.compactMap { LocalDate(year: thisMonth.adding(months: $0).year, month: thisMonth.adding(months: $0).month, day: day) }.first(where: keep)
        }
        guard let ahead = found(stride(from: 0, through: 12, by: 1), { $0 >= today }) else {
            throw BoardError("date", "no month ahead has a \(ordinalSuffix(day))")
        }
        return (ahead, found(stride(from: 0, through: -12, by: -1), { $0 < today }))
    }

    /// A month and a day, with the year that follows them if one does, else the next on or after
    /// today (and the last before it).
    private mutating func placed(month: Int, day: Int, today: LocalDate) throws(BoardError) -> PlacedDay {
        if current == "," { index += 1 }
        if let yearWord = current, yearWord.count == 4, let year = Int.decimal(yearWord) {
            index += 1
            guard let date = LocalDate(year: year, month: month, day: day) else {
                throw BoardError("date", "\(MonthName.full[month - 1]) \(day), \(year) does not exist")
            }
            return (date, nil)
        }
        guard (1...LocalDate.maxDaysIn(month: month)).contains(day) else {
            throw BoardError("date", "\(MonthName.full[month - 1]) never has a \(ordinalSuffix(day))")
        }
        let date = PhraseDate.monthDay(month, day)
        guard let ahead = date.resolve(onOrAfter: today, today: today) else {
            throw BoardError("date", "\(MonthName.full[month - 1]) \(day) falls on no day in the next eight years")
        }
        return (ahead, date.resolve(before: today))
    }
}
