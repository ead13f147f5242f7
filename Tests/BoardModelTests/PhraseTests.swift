import BoardModel
import Testing

@Suite struct PhraseTests {
    static let today = date("2026-11-21")

    /// Phrase → RRULE text, time and anchor.
    @Test(arguments: [
        ("every day", "FREQ=DAILY"), ("daily", "FREQ=DAILY"), ("Every Day", "FREQ=DAILY"), ("ev day", "FREQ=DAILY"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("every workday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every weekend", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every week", "FREQ=WEEKLY"), ("weekly", "FREQ=WEEKLY"), ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every 4 months", "FREQ=MONTHLY;INTERVAL=4"), ("every 2 years", "FREQ=YEARLY;INTERVAL=2"),
        ("every two weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every monday", "FREQ=WEEKLY;BYDAY=MO"), ("every mon, wed and fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every mon, tues, wed, and fri", "FREQ=WEEKLY;BYDAY=MO,TU,WE,FR"),
        ("every other tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"), ("every 2 weeks on tue", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
        ("every month", "FREQ=MONTHLY"), ("monthly", "FREQ=MONTHLY"),
        ("every 15th", "FREQ=MONTHLY;BYMONTHDAY=15"), ("every 27th", "FREQ=MONTHLY;BYMONTHDAY=27"),
        ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every 31st", "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
        ("every last day", "FREQ=MONTHLY;BYMONTHDAY=-1"), ("every first monday", "FREQ=MONTHLY;BYDAY=1MO"),
        ("every 3rd friday", "FREQ=MONTHLY;BYDAY=3FR"), ("every last friday", "FREQ=MONTHLY;BYDAY=-1FR"),
        // Issue: "last friday of the month" was refused ("unknown word 'last'").
        ("last friday of the month", "FREQ=MONTHLY;BYDAY=-1FR"), ("every last friday of the month", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("first monday of every month", "FREQ=MONTHLY;BYDAY=1MO"), ("the 15th of each month", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("the last day of the month", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every last workday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        ("every year", "FREQ=YEARLY"), ("yearly", "FREQ=YEARLY"),
        ("every jan 27th", "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=27"), ("every march 14", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14"),
        ("every feb 29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1"),
        ("every! 3 days", "FREQ=DAILY;INTERVAL=3"), ("every 3 days after completion", "FREQ=DAILY;INTERVAL=3"),
        ("every day for 10 times", "FREQ=DAILY;COUNT=10"), ("every day 10 times", "FREQ=DAILY;COUNT=10"),
        ("every day until dec 31", "FREQ=DAILY;UNTIL=20261231"), ("every day until 2027-01-15", "FREQ=DAILY;UNTIL=20270115"),
        ("every 2nd to last day", "FREQ=MONTHLY;BYMONTHDAY=-2"),
        ("every month on the 15th, skipping short months", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every 31st, skipping short months", "FREQ=MONTHLY;BYMONTHDAY=31"),
    ])
    func phraseGivesRule(phrase: String, rrule: String) throws {
        #expect(try RecurrencePhrase(parsing: phrase, today: Self.today).rule.rrule() == rrule)
    }

    @Test func timesStartsAndAnchors() throws {
        let p = try RecurrencePhrase(parsing: "every other tuesday at 7am", today: Self.today)
        #expect(p.time == LocalTime(hour: 7, minute: 0) && p.rule.anchor == .schedule)
        #expect(try RecurrencePhrase(parsing: "every day at 19:30", today: Self.today).time == LocalTime(hour: 19, minute: 30))
        #expect(try RecurrencePhrase(parsing: "every day at 7:30 pm", today: Self.today).time == LocalTime(hour: 19, minute: 30))
        #expect(try RecurrencePhrase(parsing: "every day at 12am", today: Self.today).time == LocalTime.midnight)
        #expect(try RecurrencePhrase(parsing: "every day at noon", today: Self.today).time == LocalTime(hour: 12, minute: 0))
        #expect(try RecurrencePhrase(parsing: "every day starting 2026-11-01", today: Self.today).start == date("2026-11-01"))
        // A date without a year is the next one on or after today.
        #expect(try RecurrencePhrase(parsing: "every day starting dec 1", today: Self.today).start == date("2026-12-01"))
        #expect(try RecurrencePhrase(parsing: "every day starting nov 1", today: Self.today).start == date("2027-11-01"))
        #expect(try RecurrencePhrase(parsing: "every! 3 days", today: Self.today).rule.anchor == .completion)
        let full = try RecurrencePhrase(parsing: "Every weekday at 7:30 starting Nov 23, 2026 until Dec 31", today: Self.today)
        #expect(full.start == date("2026-11-23") && full.rule.end == .until(date("2026-12-31"), nil))
    }

    @Test(arguments: [
        ("", "phrase: is empty; try 'every day', 'every monday' or 'every 15th'"),
        ("fortnightly", "phrase: unknown word 'fortnightly': start with 'every', 'daily', 'weekly', 'monthly' or 'yearly'"),
        ("every blursday", "phrase: unknown word 'blursday': after 'every'"),
        ("every day at 25:00", "time: '25:00' is not a time of day (00:00 to 23:59)"),
        ("every day at 13pm", "time: '13pm': with am/pm the hour is 1 to 12"),
        ("every 0 days", "INTERVAL: must be a whole number from 1 to 9999, got 0"),
        ("every feb 31", "BYMONTHDAY: February never has the 31st"),
        ("every day 3 times until dec 31", "until: a rule ends after a number of times or on a date, not both"),
        ("every day starting 2026-12-10 until 2026-12-01", "until: the end 2026-12-01 is before the start 2026-12-10"),
        ("every week on the 15th", "BYMONTHDAY: is not allowed with FREQ=WEEKLY"),
        ("every day of the month", "phrase: 'of the month' follows a day of the month, as in 'last friday of the month'"),
        ("3 days", "phrase: say 'every 3 days' or add 'after completion'"),
        ("every last", "phrase: ends too early: say 'last day', 'last friday' or 'last workday'"),
        ("every day at", "phrase: ends too early: expected a time after 'at'"),
        ("every monday after completion", "anchor: a rule repeating after completion takes no BYDAY, BYMONTHDAY, BYMONTH or BYSETPOS"),
    ])
    func badPhrasesSayWhy(phrase: String, message: String) {
        do {
            let p = try RecurrencePhrase(parsing: phrase, today: Self.today)
            Issue.record("'\(phrase)' parsed as \(p.summary)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        ("every day", "Every day"), ("every weekday", "Every weekday"),
        ("every 2 weeks on tuesday and thursday", "Every 2 weeks on Tuesday and Thursday"),
        ("every 15th", "Monthly on the 15th"), ("every last friday", "Monthly on the last Friday"),
        ("every march 14", "Every year on March 14"), ("every! 3 days", "3 days after completion"),
        ("every day for 10 times", "Every day, 10 times"), ("every day until 2026-12-31", "Every day, until Dec 31, 2026"),
        ("every day at 7:30", "Every day at 07:30"), ("every mon, wed and fri", "Every Monday, Wednesday and Friday"),
        // Issue 44: "at midnight" read back as "Every day at 0:00".
        ("every day at midnight", "Every day at midnight"), ("every day at 0:00", "Every day at midnight"), ("every day at noon", "Every day at noon"),
        ("every last workday", "Monthly on the last workday"), ("every month", "Every month"),
        ("every 31st, skipping short months", "Monthly on the 31st, skipping short months"),
        ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "Every year on the fourth Thursday in November"),
        ("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", "Monthly on Friday, on the 13th"),
        ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,SU", "Every 2 weeks on Tuesday and Sunday, weeks start on Sunday"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15,-1;BYSETPOS=1,-1", "Monthly on the 1st, 15th and last day, only the first and last of each month"),
    ])
    func summaries(input: String, summary: String) throws {
        let phrase = input.contains("FREQ=") ? RecurrencePhrase(rule: try RecurrenceRule(rrule: input))
                                              : try RecurrencePhrase(parsing: input, today: Self.today)
        #expect(phrase.summary == summary)
        #expect(try RecurrencePhrase(parsing: summary, today: Self.today) == phrase)
    }

    /// Found by the phrase fuzz target: an unknown word was echoed whole, however long.
    @Test(arguments: ["\(long)", "every \(long)", "every day at \(long)", "every day starting \(long)",
                      "every day until 2026-13-\(long)", "every march \(long)", "every 15th of \(long)"])
    func aRefusalEchoesAReadableCut(phrase: String) {
        do {
            let p = try RecurrencePhrase(parsing: phrase, today: Self.today)
            Issue.record("'\(phrase.prefix(20))…' parsed as \(p.summary)")
        } catch {
            #expect(error.description.count < 200, "\(error.description.count) characters: \(error.description.prefix(80))")
        }
    }
}

private let long = String(repeating: "x", count: 300)
