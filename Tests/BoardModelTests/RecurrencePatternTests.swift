import BoardModel
import Testing

/// Every pattern of ARCHITECTURE.md §3 and its edges.
@Suite struct RecurrencePatternTests {
    @Test func everyNDays() throws {
        #expect(try expand("FREQ=DAILY;INTERVAL=3", from: "2024-02-27", 4) == ["2024-02-27", "2024-03-01", "2024-03-04", "2024-03-07"])
        #expect(try expand("FREQ=DAILY", from: "2024-12-30", 3) == ["2024-12-30", "2024-12-31", "2025-01-01"])
    }

    @Test func rfcWeekStartExample() throws {
        #expect(try expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", from: "1997-08-05") ==
                ["1997-08-05", "1997-08-10", "1997-08-19", "1997-08-24"])
        #expect(try expand("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", from: "1997-08-05") ==
                ["1997-08-05", "1997-08-17", "1997-08-19", "1997-08-31"])
    }

    @Test func everyOtherTuesdayStartingOnAWednesday() throws {
        // The week holding the start (Mon Nov 16 – Sun Nov 22) is week 0; its Tuesday is past.
        #expect(try expand(phrase: "every other tuesday", from: "2026-11-18", 3) == ["2026-12-01", "2026-12-15", "2026-12-29"])
    }

    @Test func weekdaysSkipWeekends() throws {
        #expect(try expand(phrase: "every weekday", from: "2026-11-20", 3) == ["2026-11-20", "2026-11-23", "2026-11-24"])
    }

    @Test func theThirtyFirstUnderBothPolicies() throws {
        let clamp = try RecurrenceRule(.monthly, monthDays: [31], monthEndPolicy: .clamp)
        let skip = try RecurrenceRule(.monthly, monthDays: [31], monthEndPolicy: .skip)
        #expect(try Schedule(rule: clamp, start: date("2024-01-31")).occurrences.prefix(5).map(\.iso) ==
                ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31"])
        #expect(try Schedule(rule: skip, start: date("2024-01-31")).occurrences.prefix(4).map(\.iso) ==
                ["2024-01-31", "2024-03-31", "2024-05-31", "2024-07-31"])
    }

    @Test func monthlyFromTheStartNeverDrifts() throws {
        // "every month" from Jan 31: occurrence k is month k's 31st or last day, never Feb 29 + 1 month.
        #expect(try expand(phrase: "every month", from: "2024-01-31", 4) == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"])
        #expect(try expand("FREQ=MONTHLY", from: "2024-01-31", 3) == ["2024-01-31", "2024-03-31", "2024-05-31"])
    }

    @Test func monthsOfEveryLengthUnderBothPolicies() throws {
        for day in 28...31 {
            let clamp = try Schedule(rule: try RecurrenceRule(.monthly, monthDays: [day]), start: date("2023-01-01"))
            let skip = try Schedule(rule: try RecurrenceRule(.monthly, monthDays: [day], monthEndPolicy: .skip), start: date("2023-01-01"))
            let year = clamp.occurrences(in: date("2023-01-01")...date("2024-12-31"))
            #expect(year.count == 24, "clamp day \(day)")
            for d in year { #expect(d.day == min(day, LocalDate.daysIn(month: d.month, year: d.year))) }
            let skipped = skip.occurrences(in: date("2023-01-01")...date("2024-12-31"))
            #expect(skipped.allSatisfy { $0.day == day })
            let monthsWithDay = (2023...2024).flatMap { y in (1...12).filter { LocalDate.daysIn(month: $0, year: y) >= day } }
            #expect(skipped.count == monthsWithDay.count, "skip day \(day)")
        }
    }

    @Test func februaryTwentyNinthBothPolicies() throws {
        let clamp = try RecurrenceRule(.yearly, monthDays: [29], months: [2])
        let skip = try RecurrenceRule(.yearly, monthDays: [29], months: [2], monthEndPolicy: .skip)
        #expect(try Schedule(rule: clamp, start: date("2024-01-01")).occurrences.prefix(5).map(\.iso) ==
                ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
        #expect(try Schedule(rule: skip, start: date("2024-01-01")).occurrences.prefix(3).map(\.iso) ==
                ["2024-02-29", "2028-02-29", "2032-02-29"])
        // 2100 is not a leap year.
        #expect(try Schedule(rule: skip, start: date("2096-03-01")).occurrences.prefix(1).map(\.iso) == ["2104-02-29"])
    }

    @Test func lastDayAndSecondToLastDay() throws {
        #expect(try expand(phrase: "every last day", from: "2024-01-01", 3) == ["2024-01-31", "2024-02-29", "2024-03-31"])
        #expect(try expand("FREQ=MONTHLY;BYMONTHDAY=-2", from: "2023-02-01", 2) == ["2023-02-27", "2023-03-30"])
    }

    @Test func fifthWeekdayOnlyInMonthsThatHaveOne() throws {
        // Fifth Friday of the month: 2026 has them in January, May, July, October.
        #expect(try expand("FREQ=MONTHLY;BYDAY=5FR", from: "2026-01-01", 4) == ["2026-01-30", "2026-05-29", "2026-07-31", "2026-10-30"])
        #expect(try expand(phrase: "every first monday", from: "2026-11-21", 2) == ["2026-12-07", "2027-01-04"])
        #expect(try expand(phrase: "every 3rd friday", from: "2026-11-01", 2) == ["2026-11-20", "2026-12-18"])
        #expect(try expand(phrase: "every last friday", from: "2026-11-01", 2) == ["2026-11-27", "2026-12-25"])
    }

    @Test func lastWorkdayViaSetPosition() throws {
        // Jan 31 2026 is a Saturday: the last workday is Friday Jan 30.
        #expect(try expand(phrase: "every last workday", from: "2026-01-01", 3) == ["2026-01-30", "2026-02-27", "2026-03-31"])
        #expect(try expand("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: "2026-01-01", 3) == ["2026-01-30", "2026-02-27", "2026-03-31"])
    }

    @Test func yearly() throws {
        #expect(try expand(phrase: "every march 14", from: "2026-11-21", 2) == ["2027-03-14", "2028-03-14"])
        #expect(try expand("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", from: "2026-01-01", 2) == ["2026-11-26", "2027-11-25"])
        #expect(try expand("FREQ=YEARLY;BYDAY=1MO", from: "2026-01-01", 2) == ["2026-01-05", "2027-01-04"])
    }

    @Test func countDoesNotCountSkippedDates() throws {
        // Under skip, months without a 31st don't use up the count.
        #expect(try expand("FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3", from: "2026-01-01") == ["2026-01-31", "2026-03-31", "2026-05-31"])
        // The start is a lower bound: dates before it in its period don't count either.
        #expect(try expand("FREQ=WEEKLY;BYDAY=MO,FR;COUNT=3", from: "2026-11-18") == ["2026-11-20", "2026-11-23", "2026-11-27"])
    }

    @Test func untilIsInclusive() throws {
        #expect(try expand("FREQ=DAILY;UNTIL=20261124", from: "2026-11-21") == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"])
        let timed = try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20261123T073000")
        let at0730 = try Schedule(rule: timed, start: date("2026-11-21"), time: LocalTime(hour: 7, minute: 30))
        #expect(at0730.occurrences.map(\.iso) == ["2026-11-21", "2026-11-22", "2026-11-23"])
        let at0800 = try Schedule(rule: timed, start: date("2026-11-21"), time: LocalTime(hour: 8, minute: 0))
        #expect(at0800.occurrences.map(\.iso) == ["2026-11-21", "2026-11-22"])
    }

    @Test func startIsALowerBoundNotAnOccurrence() throws {
        #expect(try expand("FREQ=WEEKLY;BYDAY=MO", from: "2026-11-21", 1) == ["2026-11-23"])
        #expect(try expand(phrase: "every 15th", from: "2026-11-21", 1) == ["2026-12-15"])
    }

    @Test func afterCompletionCountsFromTheCompletionDay() throws {
        let rule = try RecurrencePhrase(parsing: "every! 3 days", today: date("2026-11-16")).rule
        #expect(rule.anchor == .completion)
        // Due Monday Nov 16, done Wednesday Nov 18 → next Saturday Nov 21.
        #expect(date("2026-11-18").afterCompletion(of: rule) == date("2026-11-21"))
        let monthly = try RecurrenceRule(.monthly, anchor: .completion)
        #expect(date("2026-01-31").afterCompletion(of: monthly) == date("2026-02-28"))
        #expect(date("2026-11-21").afterCompletion(of: try RecurrenceRule(.weekly, interval: 2, anchor: .completion)) == date("2026-12-05"))
    }

    @Test func queriesNextRangeAndPreview() throws {
        let schedule = try Schedule(rule: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR"), start: date("2020-01-01"))
        #expect(schedule.next(onOrAfter: date("2026-11-21")) == date("2026-11-23"))
        #expect(schedule.occurrences(in: date("2026-11-21")...date("2026-11-27")).map(\.iso) == ["2026-11-23", "2026-11-25", "2026-11-27"])
        #expect(schedule.preview(from: date("2026-11-21")).count == 7)
        #expect(schedule.preview(from: date("2026-11-21")).last == date("2026-12-07"))
    }

    @Test func endlessRulesStopAtYear9999AndEmptyRulesEnd() throws {
        let never = try Schedule(rule: try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=20"), start: date("2026-01-01"))
        #expect(Array(never.occurrences.prefix(1)).isEmpty)
        let late = try Schedule(rule: try RecurrenceRule(.yearly), start: date("9998-06-01"))
        #expect(Array(late.occurrences).map(\.iso) == ["9998-06-01", "9999-06-01"])
    }
}
