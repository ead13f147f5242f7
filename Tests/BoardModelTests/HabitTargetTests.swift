import BoardModel
import Testing

/// Habits with a target (issue 54, item 4): what a person types, and what entries say against it —
/// a period met when its entries reach the count, streaks of met days, weeks or months.
@Suite struct HabitTargetTests {
    @Test(arguments: [
        ("3 times a day", "3/day"), ("8 times a day", "8/day"), ("8x a day", "8/day"), ("8 x per day", "8/day"),
        ("4 times a week", "4/week"), ("twice a month", "2/month"), ("once a week", "1/week"), ("Three times a day", "3/day"),
        ("daily", "1/day"), ("weekly", "1/week"), ("monthly", "1/month"), ("3/day", "3/day"), ("once a day", "1/day"),
        ("2 times daily", "2/day"), ("100 times a day", "100/day"), ("eight times each day", "8/day"),
    ])
    func phrasesReadAsTargets(phrase: String, text: String) throws {
        #expect(try HabitTarget(phrase: phrase).text == text)
    }

    @Test(arguments: [
        ("0 times a day", "target: must be from 1 to 100 times a day, got 0"),
        ("101 times a week", "target: must be from 1 to 100 times a week, got 101"),
        ("3 times a fortnight", "target: must be like '3 times a day', '4 times a week' or 'twice a month', got '3 times a fortnight'"),
        ("", "target: must be like '3 times a day', '4 times a week' or 'twice a month', got ''"),
        ("-2 times a day", "target: must be like '3 times a day', '4 times a week' or 'twice a month', got '-2 times a day'"),
        ("99999999999999999999 times a day", "target: must be like '3 times a day', '4 times a week' or 'twice a month', got '99999999999999999999 times a day'"),
    ])
    func otherWordsAreRefusedNamingTheRule(phrase: String, message: String) {
        #expect(throws: BoardError.self) { try HabitTarget(phrase: phrase) }
        do { _ = try HabitTarget(phrase: phrase) } catch { #expect(error.description == message) }
    }

    @Test func aRefusalQuotesAControlCharacterForTheTerminalToEscape() {
        do {
            _ = try HabitTarget(phrase: "3 times a day\u{1b}[2J")
            Issue.record("taken")
        } catch {
            #expect(error.description.escapedForTerminal.hasSuffix("got '3 times a day\\e[2J'"), "\(error.description.escapedForTerminal)")
        }
    }

    @Test func theStoredFormReadsOnlyItself() {
        #expect(HabitTarget(text: "3/day")?.count == 3)
        for text in ["03/day", "0/day", "101/day", "3/days", "3", "/day", "3/day/", "+3/day", " 3/day"] { #expect(HabitTarget(text: text) == nil, "\(text)") }
    }

    @Test func summariesSayItInWords() throws {
        #expect(HabitTarget.daily.summary == "daily")
        #expect(try HabitTarget(phrase: "3 times a day").summary == "3 times a day")
        #expect(try HabitTarget(phrase: "twice a week").summary == "twice a week")
        #expect(try HabitTarget(phrase: "monthly").summary == "once a month")
        // Each summary reads back as its target.
        for text in ["1/day", "2/day", "5/week", "1/month", "31/month"] {
            let target = try #require(HabitTarget(text: text))
            #expect(try HabitTarget(phrase: target.summary) == target)
        }
    }

    @Test func aDayIsMetWhenItsEntriesReachTheCount() throws {
        let target = try HabitTarget(phrase: "3 times a day")
        let progress = HabitProgress(counts: [date("2026-11-27"): 3, date("2026-11-28"): 2, date("2026-11-26"): 4], target: target)
        #expect(progress.isMet(inPeriodOf: date("2026-11-27")) && !progress.isMet(inPeriodOf: date("2026-11-28")))
        #expect(progress.standing(today: date("2026-11-28")) == "2/3 today")
        // Today still open: the streak ends yesterday.
        #expect(progress.currentStreak(today: date("2026-11-28")) == 2)
        #expect(progress.currentStreak(today: date("2026-11-29")) == 0)
        #expect(progress.longestStreak == 2)
    }

    @Test func aWeekCountsFromTheUsersWeekStart() throws {
        let target = try HabitTarget(phrase: "4 times a week")
        // Sun 22 … Sat 28 November 2026: four entries from Monday 23 on, one on Sunday 22.
        let counts = [date("2026-11-22"): 1, date("2026-11-23"): 1, date("2026-11-24"): 2, date("2026-11-27"): 1]
        let monday = HabitProgress(counts: counts, target: target, weekStart: .monday)
        let sunday = HabitProgress(counts: counts, target: target, weekStart: .sunday)
        #expect(monday.standing(today: date("2026-11-28")) == "4/4 this week")
        #expect(sunday.standing(today: date("2026-11-28")) == "5/4 this week")
        // Monday's weeks: Sunday 22 is the week before, with one entry: not met.
        #expect(monday.currentStreak(today: date("2026-11-28")) == 1)
        #expect(monday.metPeriods == [date("2026-11-23")])
        #expect(sunday.metPeriods == [date("2026-11-22")])
        #expect(monday.currentStreak(today: date("2026-11-30")) == 1, "next week still open")
        #expect(monday.currentStreak(today: date("2026-12-07")) == 0)
    }

    @Test func monthsOfEveryLengthAndFebruaryTheTwentyNinth() throws {
        let target = try HabitTarget(phrase: "twice a month")
        let counts = [date("2028-01-31"): 1, date("2028-01-01"): 1, date("2028-02-29"): 2, date("2028-03-31"): 1, date("2028-04-01"): 1]
        let progress = HabitProgress(counts: counts, target: target)
        #expect(progress.metPeriods == [date("2028-01-01"), date("2028-02-01")])
        #expect(progress.count(inPeriodOf: date("2028-02-01")) == 2)
        #expect(progress.standing(today: date("2028-03-31")) == "1/2 this month")
        #expect(progress.currentStreak(today: date("2028-03-15")) == 2)
        #expect(progress.longestStreak == 2)
        #expect(target.start(of: date("2028-02-29"), weekStart: .monday) == date("2028-02-01"))
        #expect(target.next(after: date("2028-01-01")) == date("2028-02-01"))
        #expect(target.previous(before: date("2028-03-01")) == date("2028-02-01"))
    }

    @Test func statsCountEntriesAndMetPeriodsWeekByWeek() throws {
        // Weeks from Monday: Nov 16–22 and Nov 23–29 2026 (today Sat 28).
        let weeks = StatsWeeks(count: 2, today: date("2026-11-28"), weekStart: .monday)
        let day = try HabitTarget(phrase: "3 times a day")
        let counts = [date("2026-11-16"): 3, date("2026-11-17"): 2, date("2026-11-23"): 4, date("2026-11-24"): 3, date("2026-11-28"): 1]
        let daily = HabitStats(id: "w", name: "Water", target: day, entries: counts, weeks: weeks, weekStart: .monday)
        #expect(daily.checkinsByWeek == [5, 8] && daily.metByWeek == [1, 2])
        // A month's target: met on the day its entries reached two, the 24th.
        let month = HabitStats(id: "m", name: "Call", target: try HabitTarget(phrase: "twice a month"), entries: counts, weeks: weeks, weekStart: .monday)
        #expect(month.metByWeek == [1, 0], "November was met on the 16th already")
        let week = HabitStats(id: "r", name: "Run", target: try HabitTarget(phrase: "9 times a week"), entries: counts, weeks: weeks, weekStart: .monday)
        #expect(week.metByWeek == [0, 0] && week.currentStreak == 0)
        #expect(HabitStats(id: "r", name: "Run", target: try HabitTarget(phrase: "8 times a week"), entries: counts, weeks: weeks, weekStart: .monday)
            .metByWeek == [0, 1])
    }

    @Test func aDailyHabitsDayIsYesOrNo() {
        // Two devices checked in the same day: the day counts once, as it always did.
        let progress = HabitProgress(counts: [date("2026-11-27"): 2, date("2026-11-28"): 1])
        #expect(progress.counts[date("2026-11-27")] == 1)
        #expect(progress.standing(today: date("2026-11-28")) == "1/1 today")
        #expect(progress.currentStreak(today: date("2026-11-28")) == 2)
    }

    /// Streaks are counted from the periods themselves, so a long history is no slower per day
    /// than a short one and no streak skips a period: checked against counting day by day.
    @Test func streaksAgreeWithCountingDayByDay() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let target = try HabitTarget(count: Int.random(in: 1...3, using: &generator), period: [.day, .week, .month].randomElement(using: &generator)!)
            let start = date("2027-12-01")
            var counts: [LocalDate: Int] = [:]
            for offset in 0..<200 where Bool.random(using: &generator) { counts[start.adding(days: offset)] = Int.random(in: 1...3, using: &generator) }
            let weekStart = [Weekday.monday, .sunday, .saturday].randomElement(using: &generator)!
            let progress = HabitProgress(counts: counts, target: target, weekStart: weekStart)
            // The oracle: walk back day by day, summing each period's days by hand.
            func sum(_ first: LocalDate) -> Int {
                var n = 0, day = first
                while target.start(of: day, weekStart: weekStart) == first {
                    n += progress.counts[day] ?? 0
                    day = day.adding(days: 1)
                }
                return n
            }
            let today = start.adding(days: 199)
            var first = target.start(of: today, weekStart: weekStart)
            if sum(first) < target.count { first = target.start(of: first.adding(days: -1), weekStart: weekStart) }
            var expected = 0
            while sum(first) >= target.count {
                expected += 1
                first = target.start(of: first.adding(days: -1), weekStart: weekStart)
            }
            #expect(progress.currentStreak(today: today) == expected, "\(target) \(weekStart)")
        }
    }
}
