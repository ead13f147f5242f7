import Foundation
import Testing

@Suite struct RecurCommandTests {
    @Test func expandsAPhraseWithItsTime() throws {
        let r = try BoardBinary.run(["recur", "expand", "every other tuesday at 7am", "--start", "2026-11-18", "--count", "3"])
        #expect(r.status == 0)
        #expect(r.lines == ["2026-12-01T07:00", "2026-12-15T07:00", "2026-12-29T07:00"])
    }

    @Test func expandsRRuleTextWithCountAndUntil() throws {
        let r = try BoardBinary.run(["recur", "expand", "RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "--start", "2024-01-31", "--until", "2024-04-30"])
        #expect(r.lines == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"])
        let timed = try BoardBinary.run(["recur", "expand", "FREQ=DAILY", "--start", "2026-11-21T06:45", "--count", "2"])
        #expect(timed.lines == ["2026-11-21T06:45", "2026-11-22T06:45"])
        let defaultCount = try BoardBinary.run(["recur", "expand", "FREQ=DAILY", "--start", "2026-11-21"])
        #expect(defaultCount.lines.count == 10)
    }

    @Test func batchAnswersEveryLineAndGoesOnAfterABadOne() throws {
        let input = "FREQ=WEEKLY;BYDAY=MO,WE,FR\t2026-11-21\t3\nFREQ=DAILY;INTERVAL=0\t2026-11-21\t3\nFREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20261125\t2026-11-21\t5\nevery day at 9am\t2026-11-21\t2\n"
        let r = try BoardBinary.run(["recur", "expand", "--batch"], stdin: input)
        #expect(r.status == 0)
        #expect(r.lines == [
            "2026-11-23,2026-11-25,2026-11-27",
            "error: INTERVAL: must be a whole number from 1 to 9999, got 0",
            "",
            "2026-11-21T09:00,2026-11-22T09:00",
        ])
    }

    /// `--batch` and the single command agree: a rule's time earlier than a timed start begins the
    /// next day in both (the batch began the same day at 00:00).
    @Test(arguments: ["every day at 0:00", "every day at 6:59", "every day at 7:00", "FREQ=DAILY", "every weekday at 8am"])
    func batchAndSingleCommandAgree(rule: String) throws {
        let single = try BoardBinary.run(["recur", "expand", rule, "--start", "2026-12-01T07:00", "--count", "3"])
        let batch = try BoardBinary.run(["recur", "expand", "--batch"], stdin: "\(rule)\t2026-12-01T07:00\t3\n")
        #expect(single.status == 0 && batch.status == 0)
        #expect(batch.lines == [single.lines.joined(separator: ",")])
        if rule == "every day at 0:00" { #expect(single.lines.first == "2026-12-02T00:00") }
    }

    @Test func parsePrintsRuleTimeAnchorAndSummary() throws {
        let r = try BoardBinary.run(["recur", "parse", "every other tuesday at 7am"])
        #expect(r.lines == ["rule: FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "time: 07:00", "anchor: schedule", "summary: Every 2 weeks on Tuesday at 07:00"])
        let completion = try BoardBinary.run(["recur", "parse", "every! 3 days"])
        #expect(completion.lines == ["rule: FREQ=DAILY;INTERVAL=3", "anchor: completion", "summary: 3 days after completion"])
        let json = try BoardBinary.run(["recur", "parse", "every 31st at 19:30", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String]
        #expect(object == ["rule": "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "time": "19:30", "anchor": "schedule",
                           "month-end": "clamp", "summary": "Monthly on the 31st at 19:30"])
    }

    @Test func nextAfterAMomentAndAfterACompletion() throws {
        #expect(try BoardBinary.run(["recur", "next", "every day at 8am", "--after", "2026-11-20T07:00"]).lines == ["2026-11-20T08:00"])
        #expect(try BoardBinary.run(["recur", "next", "every day at 8am", "--after", "2026-11-20T22:00"]).lines == ["2026-11-21T08:00"])
        #expect(try BoardBinary.run(["recur", "next", "every weekday at 9am", "--after", "2026-11-20T22:00"]).lines == ["2026-11-23T09:00"])
        // every! 3 days, due Monday Nov 16, done Wednesday Nov 18 → Saturday Nov 21.
        #expect(try BoardBinary.run(["recur", "next", "every! 3 days", "--after", "2026-11-16", "--completed", "2026-11-18"]).lines == ["2026-11-21"])
    }

    @Test(arguments: [
        (["recur", "expand", "every blursday", "--start", "2026-11-21"], "error: phrase: unknown word 'blursday': after 'every'"),
        (["recur", "expand", "FREQ=DAILY;INTERVAL=0", "--start", "2026-11-21"], "error: INTERVAL: must be a whole number from 1 to 9999, got 0"),
        (["recur", "expand", "FREQ=DAILY;COUNT=2;UNTIL=20261231", "--start", "2026-11-21"], "error: COUNT: and UNTIL can't both be given: a rule ends after a count or on a date"),
        (["recur", "expand", "FREQ=MONTHLY;BYMONTHDAY=32", "--start", "2026-11-21"], "error: BYMONTHDAY: must be from 1 to 31 or -31 to -1, got 32"),
        (["recur", "expand", "every feb 31", "--start", "2026-11-21"], "error: BYMONTHDAY: February never has the 31st"),
        (["recur", "expand", "FREQ=DAILY;UNTIL=20260101", "--start", "2026-11-21"], "error: UNTIL: the end 2026-01-01 is before the start 2026-11-21"),
        (["recur", "expand", "FREQ=DAILY", "--start", "2026-11-21", "--until", "2026-11-01"], "error: until: the end 2026-11-01 is before the start 2026-11-21"),
        (["recur", "expand", "FREQ=DAILY", "--start", "2026-02-30"], "error: start: must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM, got '2026-02-30'"),
        (["recur", "expand", "FREQ=DAILY"], "error: start: missing; give --start YYYY-MM-DD or say 'starting …' in the phrase"),
        (["recur", "expand", "FREQ=DAILY", "--start", "2026-11-21", "--count", "x"], "error: count: must be a whole number, got 'x'"),
        (["recur", "parse", "every day", "--colour"], "error: --colour: not an option of 'board recur parse' (`board help recur parse` lists them)"),
        (["recur", "next", "every day", "--after", "soon"], "error: after: must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM, got 'soon'"),
        (["recur", "parse", "every day", "--tz", "Mars/Olympus"], "error: tz: 'Mars/Olympus' is not a time zone name such as Europe/Paris or America/New_York"),
    ])
    func badInputIsOneLineAndStatusTwo(arguments: [String], message: String) throws {
        let r = try BoardBinary.run(arguments)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == message + "\n")
    }
}

/// Issue: recurrence edges found by attacking the engine.
@Suite struct RecurEdgeTests {
    /// Repro: `recur expand 'every weekend' --start 9999-12-31 --count 3` printed dates in year 10000.
    @Test func noDateAfterTheYear9999() throws {
        let r = try BoardBinary.run(["recur", "expand", "every day", "--start", "9999-12-30", "--count", "5"])
        #expect(r.status == 0 && r.lines == ["9999-12-30", "9999-12-31"])
        let weekend = try BoardBinary.run(["recur", "expand", "every weekend", "--start", "9999-12-25", "--count", "5"])
        #expect(weekend.lines == ["9999-12-25", "9999-12-26"])
    }

    /// Repro: `recur next FREQ=DAILY --after 9999-12-31T23:00` exited 1.
    @Test func noNextOccurrenceIsAnEmptyAnswerNotAFailure() throws {
        let r = try BoardBinary.run(["recur", "next", "FREQ=DAILY", "--after", "9999-12-31T23:00"])
        #expect(r.status == 0 && r.stdout.isEmpty && r.stderr == "no occurrence at or after 9999-12-31T23:00\n")
    }

    /// Repro: `'every day at 12am' --start 2026-11-21T07:00` gave 2026-11-21T00:00 first, before the start.
    @Test func thePhrasesTimeNeverPutsAnOccurrenceBeforeTheStart() throws {
        let r = try BoardBinary.run(["recur", "expand", "every day at 12am", "--start", "2026-11-21T07:00", "--count", "2"])
        #expect(r.lines == ["2026-11-22T00:00", "2026-11-23T00:00"])
        let later = try BoardBinary.run(["recur", "expand", "every day at 9am", "--start", "2026-11-21T07:00", "--count", "1"])
        #expect(later.lines == ["2026-11-21T09:00"])
    }

    /// Several times a day (issue 54): each "at" adds its times, and each time is its own run.
    @Test func twoTimesInOnePhraseAreTwoRunsADay() throws {
        let r = try BoardBinary.run(["recur", "expand", "every day at 12pm at 12am", "--start", "2026-11-21", "--count", "3"])
        #expect(r.lines == ["2026-11-21T00:00", "2026-11-21T12:00", "2026-11-22T00:00"])
    }

    /// The table, through the binary: each phrase and rule now expands to its runs.
    @Test(arguments: [
        (["expand", "every day at 8am and 8pm", "--start", "2026-11-28", "--count", "3"],
         ["2026-11-28T08:00", "2026-11-28T20:00", "2026-11-29T08:00"]),
        (["expand", "FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0", "--start", "2026-11-28", "--count", "3"],
         ["2026-11-28T08:00", "2026-11-28T20:00", "2026-11-29T08:00"]),
        (["expand", "every weekday at 9:00, 13:00 and 17:30", "--start", "2026-11-27", "--count", "4"],
         ["2026-11-27T09:00", "2026-11-27T13:00", "2026-11-27T17:30", "2026-11-30T09:00"]),
        (["expand", "every 3 hours from 8am to 8pm", "--start", "2026-11-28", "--count", "6"],
         ["2026-11-28T08:00", "2026-11-28T11:00", "2026-11-28T14:00", "2026-11-28T17:00", "2026-11-28T20:00", "2026-11-29T08:00"]),
        (["expand", "FREQ=HOURLY;INTERVAL=6;COUNT=3", "--start", "2026-11-28T09:30"],
         ["2026-11-28T09:30", "2026-11-28T15:30", "2026-11-28T21:30"]),
        // COUNT counts runs, and the start's earlier runs are not runs at all, as before DTSTART.
        (["expand", "FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0;COUNT=3", "--start", "2026-11-28T12:00"],
         ["2026-11-28T20:00", "2026-11-29T08:00", "2026-11-29T20:00"]),
        (["next", "every day at 8am and 8pm", "--after", "2026-11-28T09:00"], ["2026-11-28T20:00"]),
        (["expand", "every mon at 18:00 and thu at 8:00", "--start", "2026-11-23", "--count", "3"],
         ["2026-11-23T18:00", "2026-11-26T08:00", "2026-11-30T18:00"]),
        (["parse", "every day at 8am and 8pm"],
         ["rule: FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0", "time: 08:00, 20:00", "anchor: schedule", "summary: Every day at 08:00 and 20:00"]),
        (["parse", "every day at 8:00 and 20:30"],
         ["rule: FREQ=DAILY", "time: 08:00, 20:30", "anchor: schedule", "summary: Every day at 08:00 and 20:30"]),
    ])
    func severalTimesADay(arguments: [String], lines: [String]) throws {
        let r = try BoardBinary.run(["recur"] + arguments)
        #expect(r.status == 0 && r.lines == lines, "\(r.stderr)")
    }

    @Test(arguments: [
        (["expand", "every day at 25:00", "--start", "2026-11-28"], "error: time: '25:00' is not a time of day (00:00 to 23:59)"),
        (["expand", "FREQ=DAILY;BYHOUR=25", "--start", "2026-11-28"], "error: BYHOUR: must be an hour from 0 to 23, got 25"),
        (["expand", "FREQ=DAILY;BYHOUR=", "--start", "2026-11-28"], "error: BYHOUR: has an empty item in ''"),
        (["expand", "FREQ=DAILY;BYHOUR=1,2,3,4,5;BYMINUTE=0,10,20,30,40", "--start", "2026-11-28"],
         "error: BYHOUR: with BYMINUTE names 25 times a day; at most 24"),
        (["expand", "FREQ=HOURLY;INTERVAL=5", "--start", "2026-11-28"],
         "error: INTERVAL: with FREQ=HOURLY must divide 24 (1, 2, 3, 4, 6, 8 or 12), so every day has the same times; got 5"),
        (["expand", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1;BYHOUR=8,20", "--start", "2026-11-28"],
         "error: BYSETPOS: can't be combined with several times of day (BYHOUR, BYMINUTE, FREQ=HOURLY)"),
        (["parse", "every! day at 8am and 8pm"], "error: time: a rule repeating after completion has one time of day, got 08:00, 20:00"),
        (["parse", "every day at"], "error: phrase: ends too early: expected a time after 'at'"),
    ])
    func aBadTimeOfDayIsRefusedByName(arguments: [String], message: String) throws {
        let r = try BoardBinary.run(["recur"] + arguments)
        #expect(r.status == 2 && r.stderr == message + "\n" && r.stdout.isEmpty)
    }

    @Test func anOverlongCountNamesTheOptionGiven() throws {
        let board = try BoardFile()
        let r = try board.run(["template", "add", "X", "--every", "daily", "--times", "2147483648"])
        #expect(r.status == 2 && r.stderr == "error: times: must be a whole number of times from 1 to 999999999, got '2147483648'\n")
    }

    /// A sitter's timed steps (issue 54): shown in time order, the next one of today marked.
    @Test func routineShowMarksTheNextTimedStep() throws {
        let board = try BoardFile()
        let made = try board.run(["template", "add", "Sitter", "--every", "every day", "--checklist", "Play", "--checklist", "07:30 Meds",
                                  "--checklist", "07:00 Breakfast"], now: "2026-11-21T06:00")
        let id = try #require(made.stdout.split(separator: " ").dropFirst(2).first.map { String($0.dropLast()) })
        let show = try board.run(["routine", "show", id], now: "2026-11-21T07:10")
        #expect(show.lines == ["Sitter · Sat Nov 21 (today) · 0 of 3 done", "  1. [ ] 07:00 Breakfast", "  2. [ ] 07:30 Meds  ← next", "  3. [ ] Play"],
                "\(show.stdout) \(show.stderr)")
        try board.run(["routine", "tick", id, "2"], now: "2026-11-21T07:20")
        #expect(!(try board.run(["routine", "show", id], now: "2026-11-21T07:25").stdout.contains("← next")), "none left ahead")
        #expect(try board.run(["routine", "show", id], now: "2026-11-21T06:50").stdout.contains("1. [ ] 07:00 Breakfast  ← next"))
    }
}
