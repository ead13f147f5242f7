import BoardModel
import Testing

/// Dates and times in words (docs/dates.md): each form, at each week start, and the refusals.
@Suite struct DateWordsTests {
    /// Friday Nov 20, 2026.
    static let friday = date("2026-11-20")

    @Test(arguments: [
        ("today", "2026-11-20"), ("tomorrow", "2026-11-21"), ("yesterday", "2026-11-19"),
        // A weekday is the next one on or after today: on a Friday, "friday" is today.
        ("friday", "2026-11-20"), ("fri", "2026-11-20"), ("Saturday", "2026-11-21"), ("thu", "2026-11-26"), ("monday", "2026-11-23"),
        // "next" is that day of the following week (weeks from Monday).
        ("next friday", "2026-11-27"), ("next monday", "2026-11-23"), ("next sun", "2026-11-29"),
        ("in 3 days", "2026-11-23"), ("in 2 weeks", "2026-12-04"), ("in a week", "2026-11-27"), ("in one day", "2026-11-21"),
        ("dec 3", "2026-12-03"), ("3 dec", "2026-12-03"), ("december 3rd", "2026-12-03"), ("nov 20", "2026-11-20"),
        ("nov 19", "2027-11-19"), ("jan 5", "2027-01-05"), ("december 3 2027", "2027-12-03"), ("december 3, 2027", "2027-12-03"),
        ("3 december 2027", "2027-12-03"), ("feb 29", "2028-02-29"),
        ("the 15th", "2026-12-15"), ("the 20th", "2026-11-20"), ("21st", "2026-11-21"), ("the 31st", "2026-12-31"),
        ("2026-12-02", "2026-12-02"), ("  2026-12-02 ", "2026-12-02"),
    ])
    func reads(text: String, expected: String) throws {
        #expect(try DateWords.date(text, today: Self.friday) == date(expected), "\(text)")
    }

    /// Issue 52: a date with its time, as `--due` and the form's Due field take it.
    @Test(arguments: [
        ("dec 3 at 9am", "2026-12-03", "09:00"), ("next friday 6:30pm", "2026-11-27", "18:30"), ("tomorrow noon", "2026-11-21", "12:00"),
        ("2026-12-03 21:00", "2026-12-03", "21:00"), ("fri at 7", "2026-11-20", "07:00"), ("dec 3", "2026-12-03", nil),
        ("december 3, 2027 at 8:15am", "2027-12-03", "08:15"),
    ])
    func readsADateWithItsTime(text: String, day: String, time: String?) throws {
        let read = try DateWords.dateTime(text, today: Self.friday)
        #expect(read.date == date(day) && read.time?.description == time, "\(text): \(read)")
    }

    @Test func refusesWhatFollowsADateThatIsNoTime() {
        #expect(throws: BoardError("due", "'later' after the date is not understood; use \(DateWords.dateForms), then perhaps a time (at 9am)")) {
            try DateWords.dateTime("fri later", today: Self.friday)
        }
        #expect(throws: BoardError("due", "'at' needs a time after it, such as dec 3 at 9am")) { try DateWords.dateTime("dec 3 at", today: Self.friday) }
        #expect(throws: BoardError.self) { try DateWords.dateTime("dec 3 at 25:00", today: Self.friday) }
        #expect(throws: BoardError("due", "'please' after the date and time is not understood; use \(DateWords.dateForms), then perhaps a time (at 9am)")) {
            try DateWords.dateTime("dec 3 9am please", today: Self.friday)
        }
    }

    /// "next" at each week start: the weekday of the week after the one holding today.
    @Test func nextFollowsTheWeekStart() throws {
        let saturday = date("2026-11-21")
        // Weeks from Monday: Saturday's week is Nov 16–22, the next Nov 23–29.
        #expect(try DateWords.date("next friday", today: saturday, weekStart: .monday) == date("2026-11-27"))
        #expect(try DateWords.date("next sunday", today: saturday, weekStart: .monday) == date("2026-11-29"))
        // Weeks from Sunday: Saturday's week is Nov 15–21, the next Nov 22–28.
        #expect(try DateWords.date("next sunday", today: saturday, weekStart: .sunday) == date("2026-11-22"))
        #expect(try DateWords.date("next friday", today: saturday, weekStart: .sunday) == date("2026-11-27"))
        // Weeks from Saturday: Saturday starts its week, so "next" is at least seven days on.
        #expect(try DateWords.date("next saturday", today: saturday, weekStart: .saturday) == date("2026-11-28"))
        #expect(try DateWords.date("next friday", today: saturday, weekStart: .saturday) == date("2026-12-04"))
    }

    @Test(arguments: [
        ("03/04", "due: '03/04' is ambiguous (day/month or month/day?); write YYYY-MM-DD or a month's name, such as dec 3"),
        ("feb 30", "due: February never has a 30th"),
        ("february 29 2027", "due: February 29, 2027 does not exist"),
        ("2026-02-30", "due: '2026-02-30' is not a date YYYY-MM-DD that exists"),
        ("soonish", "due: 'soonish' is not a date; use \(DateWords.dateForms)"),
        ("fri later", "due: 'later' after the date is not understood; use \(DateWords.dateForms)"),
        ("next", "due: ends too early: expected a weekday after 'next', such as next friday"),
        ("in 3 months", "due: unknown word '3': expected a count of days or weeks after 'in', such as in 3 days"),
        ("the 32nd", "due: no month has a 32nd"),
        ("", "due: is empty; use \(DateWords.dateForms)"),
    ])
    func refuses(text: String, message: String) {
        #expect(throws: BoardError.self) { try DateWords.date(text, today: Self.friday) }
        do { _ = try DateWords.date(text, today: Self.friday) } catch { #expect(error.description == message) }
    }

    @Test(arguments: [
        ("9am", "09:00"), ("6:30pm", "18:30"), ("6:30 PM", "18:30"), ("noon", "12:00"), ("midnight", "00:00"),
        ("21:00", "21:00"), ("at 7", "07:00"), ("12am", "00:00"), ("12pm", "12:00"),
    ])
    func readsTimes(text: String, expected: String) throws {
        #expect(try DateWords.time(text).description == expected)
        #expect(try FieldRules.time(text)?.description == expected)
    }

    @Test(arguments: ["25:00", "13pm", "9:7", "tea time", "9am sharp"])
    func refusesTimes(text: String) {
        #expect(throws: BoardError.self) { try FieldRules.time(text) }
    }

    /// A time alone is today's while still ahead, else tomorrow's — never "now" itself.
    @Test func aTimeAloneTakesTheNextDayItFits() throws {
        let now = LocalDateTime(date: Self.friday, time: LocalTime(hour: 10, minute: 0)!)
        #expect(DateWords.day(for: LocalTime(hour: 18, minute: 30)!, now: now) == Self.friday)
        #expect(DateWords.day(for: LocalTime(hour: 9, minute: 0)!, now: now) == date("2026-11-21"))
        #expect(DateWords.day(for: LocalTime(hour: 10, minute: 0)!, now: now) == date("2026-11-21"))
    }
}
