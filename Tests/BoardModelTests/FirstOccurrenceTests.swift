import BoardModel
import Testing

/// The first-occurrence rules (ARCHITECTURE.md §4), with "now" passed in.
@Suite struct FirstOccurrenceTests {
    let eight = LocalTime(hour: 8, minute: 0)!
    let nine = LocalTime(hour: 9, minute: 0)!

    @Test func dailyStartsTodayBeforeItsTimeAndTomorrowAfter() throws {
        let daily = try RecurrenceRule(.daily)
        #expect(try FirstOccurrence.of(daily, time: eight, now: moment("2026-11-20T07:00")) == moment("2026-11-20T08:00"))
        #expect(try FirstOccurrence.of(daily, time: eight, now: moment("2026-11-20T22:00")) == moment("2026-11-21T08:00"))
        #expect(try FirstOccurrence.of(daily, time: eight, now: moment("2026-11-20T08:00")) == moment("2026-11-20T08:00"))
    }

    @Test func weekdaysCreatedFridayNightStartMonday() throws {
        let weekdays = try RecurrencePhrase(parsing: "every weekday", today: date("2026-11-20")).rule
        #expect(try FirstOccurrence.of(weekdays, time: nine, now: moment("2026-11-20T22:00")) == moment("2026-11-23T09:00"))
    }

    @Test func customDaysCreatedTuesdayNightStartWednesday() throws {
        let mwf = try RecurrencePhrase(parsing: "every mon, wed and fri", today: date("2026-11-17")).rule
        #expect(try FirstOccurrence.of(mwf, time: nine, now: moment("2026-11-17T22:00")) == moment("2026-11-18T09:00"))
        let wednesday = try RecurrenceRule(.weekly, weekdays: [WeekdaySelector(.wednesday)])
        #expect(try FirstOccurrence.of(wednesday, time: LocalTime(hour: 15, minute: 0), now: moment("2026-11-17T23:00")) == moment("2026-11-18T15:00"))
    }

    @Test func oneTimeTaskInThePastIsRefused() throws {
        #expect(throws: BoardError("time", "Thu Nov 19 14:00 has passed (it is Fri Nov 20 10:00)")) {
            try FirstOccurrence.checkOneTime(date: date("2026-11-19"), time: LocalTime(hour: 14, minute: 0), now: moment("2026-11-20T10:00"))
        }
        // Issue 52: it named neither the time given nor now.
        #expect(throws: BoardError("time", "09:59 today has passed (it is 10:00)")) {
            try FirstOccurrence.checkOneTime(date: date("2026-11-20"), time: LocalTime(hour: 9, minute: 59), now: moment("2026-11-20T10:00"))
        }
        try FirstOccurrence.checkOneTime(date: date("2026-11-20"), time: LocalTime(hour: 14, minute: 0), now: moment("2026-11-20T10:00"))
        try FirstOccurrence.checkOneTime(date: date("2026-11-20"), time: nil, now: moment("2026-11-20T22:00"))
        // Issue: a past date with no time was refused as "a time in the past".
        #expect(throws: BoardError("due", "cannot create a card with a date in the past: 2026-11-19 is before today, 2026-11-20")) {
            try FirstOccurrence.checkOneTime(date: date("2026-11-19"), time: nil, now: moment("2026-11-20T10:00"))
        }
    }
}
