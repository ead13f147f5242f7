import BoardModel
import Foundation
import Testing

/// Several times a day in the model (issue 54): phrases, summaries, refusals, COUNT and UNTIL
/// counted in runs, and runs across daylight-saving changes.
@Suite struct TimesOfDayTests {
    static let today = date("2026-11-21")

    private func times(_ phrase: String) throws -> [String] {
        try RecurrencePhrase(parsing: phrase, today: Self.today).times?.times.map(\.description) ?? []
    }

    @Test func phrasesNameSeveralTimes() throws {
        #expect(try times("every day at 8am and 8pm") == ["08:00", "20:00"])
        #expect(try times("every weekday at 9:00, 13:00 and 17:30") == ["09:00", "13:00", "17:30"])
        #expect(try times("every 3 hours from 8am to 8pm") == ["08:00", "11:00", "14:00", "17:00", "20:00"])
        #expect(try times("every 6 hours") == ["00:00", "06:00", "12:00", "18:00"])
        #expect(try times("every 4 hours at 7:30") == ["07:30", "11:30", "15:30", "19:30", "23:30"])
        #expect(try times("hourly").count == 24)
        // A repeated time is one run; "10 times" after a time is a count, not a time.
        #expect(try times("every day at 8am and 08:00") == ["08:00"])
        let counted = try RecurrencePhrase(parsing: "every day at 8am and 10 times", today: Self.today)
        #expect(counted.times?.times.count == 1 && counted.rule.end == .count(10))
    }

    @Test(arguments: [
        ("every day at 8am and 8pm", "Every day at 08:00 and 20:00"),
        ("every weekday at 9:00, 13:00 and 17:30", "Every weekday at 09:00, 13:00 and 17:30"),
        ("every 3 hours from 8am to 8pm", "Every day at 08:00, 11:00, 14:00, 17:00 and 20:00"),
        ("every day at noon and midnight, 6 times", "Every day at midnight and noon, 6 times"),
    ])
    func summariesReadBack(phrase: String, summary: String) throws {
        let parsed = try RecurrencePhrase(parsing: phrase, today: Self.today)
        #expect(parsed.summary == summary)
        #expect(try RecurrencePhrase(parsing: summary, today: Self.today) == parsed)
    }

    @Test(arguments: [
        ("every 3 hours from 8pm to 8am", "phrase: the window from 20:00 to 08:00 ends before it begins"),
        ("every 13 hours", "phrase: every 13 hours is not a time of day; say every 1 to 12 hours"),
        ("every 2 hours from 8am to 6pm at 9am", "phrase: say 'from … to …' or 'at …' for every 2 hours, not both"),
        ("every! day at 8am and 8pm", "time: a rule repeating after completion has one time of day, got 08:00, 20:00"),
    ])
    func badTimesSayWhy(phrase: String, message: String) {
        #expect(throws: BoardError.self) { try RecurrencePhrase(parsing: phrase, today: Self.today) }
        do { _ = try RecurrencePhrase(parsing: phrase, today: Self.today) } catch { #expect(error.description == message) }
    }

    @Test func moreThanTwentyFourTimesAreRefused() throws {
        let all = (0..<24).map { LocalTime(hour: $0, minute: 0)! } + [LocalTime(hour: 0, minute: 30)!]
        #expect(throws: BoardError(.time, "at most 24 times a day, got 25")) { try TimesOfDay(all) }
        #expect(throws: BoardError(.time, "needs at least one time of day")) { try TimesOfDay([]) }
        #expect(throws: BoardError(.time, "'8pm' is not a time HH:MM (00:00 to 23:59)")) { try TimesOfDay(parsing: "8:00, 8pm") }
        #expect(try TimesOfDay(parsing: "20:00, 8:00 and 08:00").description == "08:00, 20:00")
    }

    /// A stored rule never carries a time: the template keeps its times beside it.
    @Test func aStoredRuleRefusesTimesOfDay() {
        #expect(throws: BoardError("BYHOUR", "is a time of day, kept beside the rule; a stored rule has none")) {
            try RecurrenceRule(rrule: "FREQ=DAILY;BYHOUR=8")
        }
    }

    /// COUNT counts runs, not days; UNTIL with a time ends between a day's runs.
    @Test func theEndCountsRuns() throws {
        let twice = try TimesOfDay(parsing: "08:00, 20:00")
        let counted = try Schedule(rule: try RecurrenceRule(.daily, end: .count(3)), start: date("2026-11-28"), times: twice)
        #expect(Array(counted.runs()).map(\.description) == ["2026-11-28T08:00", "2026-11-28T20:00", "2026-11-29T08:00"])
        #expect(Array(counted.occurrences) == [date("2026-11-28"), date("2026-11-29")])
        let until = try Schedule(rule: try RecurrenceRule(.daily, end: .until(date("2026-11-29"), LocalTime(hour: 12, minute: 0))),
                                 start: date("2026-11-28"), times: twice)
        #expect(Array(until.runs()).map(\.description) == ["2026-11-28T08:00", "2026-11-28T20:00", "2026-11-29T08:00"])
        // Run k is found from the start, whatever the lower bound.
        let later = counted.runs(atOrAfter: LocalDateTime(iso: "2026-11-28T12:00")!)
        #expect(Array(later).map(\.description) == ["2026-11-28T20:00", "2026-11-29T08:00"])
    }

    /// A 02:30 run on spring-forward day and a 01:30 run on fall-back day each happen once, at the
    /// instants RFC 5545 gives: the gap's time moves forward by the gap, the overlap's is the first.
    @Test func runsAcrossDaylightSavingChangesHappenOnce() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let schedule = try Schedule(rule: try RecurrenceRule(.daily), start: date("2026-03-07"), times: try TimesOfDay(parsing: "01:30, 02:30"))
        let spring = schedule.runs(in: date("2026-03-08")...date("2026-03-08"))
        #expect(spring.map(\.description) == ["2026-03-08T01:30", "2026-03-08T02:30"])
        let springInstants = spring.map { $0.instant(in: zone) }
        #expect(Set(springInstants).count == 2)
        #expect(LocalDateTime(instant: springInstants[1], in: zone).description == "2026-03-08T03:30")
        let fall = schedule.runs(in: date("2026-11-01")...date("2026-11-01"))
        #expect(fall.map(\.description) == ["2026-11-01T01:30", "2026-11-01T02:30"])
        let first = fall[0].instant(in: zone)
        // The first 01:30 is EDT (UTC-4): 05:30 UTC.
        #expect(Int(first.timeIntervalSince1970) % 86_400 == 5 * 3600 + 1800)
        #expect(fall[1].instant(in: zone).timeIntervalSince(first) == 2 * 3600)
    }

    // MARK: Different times on different days

    @Test(arguments: [
        ("every mon at 18:00 and thu at 8:00", "Every Monday at 18:00 and Thursday at 08:00", "thu 08:00, mon 18:00"),
        ("every day at 8am and sat at 10am", "Every day at 08:00 and Saturday at 10:00", "08:00, sat 10:00"),
        ("every weekday at 7:00 and weekend at 9:00", "Every weekday at 07:00 and weekend at 09:00", "mon/tue/wed/thu/fri 07:00, sat/sun 09:00"),
        ("every mon and thu at 8:00 and thu at 20:00", "Every Monday and Thursday at 08:00 and Thursday at 20:00", "08:00, thu 20:00"),
        ("every 2 weeks on mon at 18:00 and thu at 8:00", "Every 2 weeks on Monday at 18:00 and Thursday at 08:00", "thu 08:00, mon 18:00"),
    ])
    func differentTimesOnDifferentDays(phrase: String, summary: String, stored: String) throws {
        let parsed = try RecurrencePhrase(parsing: phrase, today: Self.today)
        #expect(parsed.summary == summary)
        #expect(try RecurrencePhrase(parsing: summary, today: Self.today) == parsed)
        #expect(parsed.times?.description == stored)
        #expect(try TimesOfDay(parsing: stored) == parsed.times, "the stored text reads back")
    }

    @Test func aYogaClassMondayEveningAndThursdayMorningIsOneRoutine() throws {
        let phrase = try RecurrencePhrase(parsing: "every mon at 18:00 and thu at 8:00", today: Self.today)
        let schedule = try Schedule(rule: phrase.rule, start: date("2026-11-23"), times: phrase.times)
        #expect(Array(schedule.runs().prefix(4)).map(\.description) == ["2026-11-23T18:00", "2026-11-26T08:00", "2026-11-30T18:00", "2026-12-03T08:00"])
        #expect(schedule.rule.rrule(start: schedule.start, times: schedule.times) == nil, "no one RRULE says it")
    }

    @Test(arguments: [
        ("every mon at 7:00 and thu", "phrase: ends too early: expected 'at' and a time after Thursday"),
        ("every mon at 7:00 and thu at 8:00, 3 times", "count: a routine with different times on different days ends on a date, not after a number of times"),
        ("every 15th at 8:00 and mon at 9:00", "time: times kept to weekdays (08:00, mon 09:00) need a rule of every day or of weekdays"),
        ("every 3 hours and mon at 9:00", "phrase: unknown word 'mon'"),
    ])
    func badDayTimesSayWhy(phrase: String, message: String) {
        do {
            let p = try RecurrencePhrase(parsing: phrase, today: Self.today)
            Issue.record("'\(phrase)' parsed as \(p.summary)")
        } catch { #expect(error.description == message) }
    }

    @Test func aTimeKeptToADayTheRuleNeverHasIsRefused() throws {
        let rule = try RecurrenceRule(.weekly, weekdays: [WeekdaySelector(.monday)])
        let times = try TimesOfDay(parsing: "sat 10:00")
        #expect(throws: BoardError(.time, "10:00 on Saturday falls on no day the rule names")) {
            try Schedule(rule: rule, start: date("2026-11-23"), times: times)
        }
        #expect(throws: BoardError(.time, "ends with weekdays and no time after them")) { try TimesOfDay(parsing: "08:00, mon") }
        #expect(try FieldRules.timesOfDay("mon 6pm, thu 8am")?.description == "thu 08:00, mon 18:00")
    }
}
