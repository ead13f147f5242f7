import BoardModel
import Testing

@Suite struct RRuleTextTests {
    @Test func readsAndWritesEverySupportedPart() throws {
        let rule = try RecurrenceRule(rrule: "RRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYMONTH=1,3;BYDAY=-1FR,1MO;BYSETPOS=1")
        #expect(rule.frequency == .monthly && rule.interval == 2 && rule.end == .count(10))
        #expect(rule.months == [1, 3] && rule.setPositions == [1])
        #expect(rule.weekdays == [WeekdaySelector(.friday, ordinal: -1), WeekdaySelector(.monday, ordinal: 1)])
        #expect(rule.rrule() == "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYMONTH=1,3;BYDAY=-1FR,1MO;BYSETPOS=1")
        #expect(try RecurrenceRule(rrule: "freq=weekly;wkst=su;interval=2;byday=tu").rrule() == "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU")
        #expect(try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20261231").end == .until(date("2026-12-31"), nil))
        #expect(try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20261231T073000").rrule() == "FREQ=DAILY;UNTIL=20261231T073000")
        #expect(try RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=1,-1,15").rrule() == "FREQ=MONTHLY;BYMONTHDAY=1,15,-1")
    }

    @Test func weekStartIsDroppedWhereItCannotMatter() throws {
        #expect(try RecurrenceRule(rrule: "FREQ=WEEKLY;WKST=SU;BYDAY=TU").rrule() == "FREQ=WEEKLY;BYDAY=TU")
        #expect(try RecurrenceRule(rrule: "FREQ=MONTHLY;WKST=SU") == RecurrenceRule(rrule: "FREQ=MONTHLY"))
    }

    @Test func clampExportsAsSetPositionAndReadsBack() throws {
        let thirtyFirst = try RecurrenceRule(.monthly, monthDays: [31])
        #expect(thirtyFirst.rrule() == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(try RecurrenceRule(rrule: thirtyFirst.rrule()) == thirtyFirst)
        let leapDay = try RecurrenceRule(.yearly, monthDays: [29], months: [2])
        #expect(leapDay.rrule() == "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1")
        #expect(try RecurrenceRule(rrule: leapDay.rrule()) == leapDay)
        #expect(try RecurrenceRule(.monthly, monthDays: [30]).rrule() == "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1")
        // The day a plain monthly rule takes from its start is written out when the start is known.
        #expect(try RecurrenceRule(.monthly).rrule(start: date("2026-01-31")) == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(try RecurrenceRule(.monthly).rrule(start: date("2026-01-15")) == "FREQ=MONTHLY")
        // Skip is RFC 5545's own meaning.
        #expect(try RecurrenceRule(.monthly, monthDays: [31], monthEndPolicy: .skip).rrule() == "FREQ=MONTHLY;BYMONTHDAY=31")
        #expect(try RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=31").monthEndPolicy == .skip)
    }

    @Test(arguments: [
        ("FREQ=HOURLY", "FREQ: HOURLY is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY"),
        ("INTERVAL=2", "FREQ: is missing; a rule starts with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL: must be a whole number from 1 to 9999, got 0"),
        ("FREQ=DAILY;INTERVAL=x", "INTERVAL: must be a whole number, got 'X'"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20261231", "COUNT: and UNTIL can't both be given: a rule ends after a count or on a date"),
        ("FREQ=DAILY;COUNT=0", "COUNT: must be a whole number from 1 to 999999999, got 0"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY: must be from 1 to 31 or -31 to -1, got 32"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY: must be from 1 to 31 or -31 to -1, got 0"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31", "BYMONTHDAY: February never has the 31st"),
        ("FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31", "BYMONTHDAY: April never has the 31st"),
        ("FREQ=YEARLY;BYMONTH=13", "BYMONTH: must be a month number from 1 to 12, got 13"),
        ("FREQ=DAILY;BYHOUR=9", "BYHOUR: is a time of day, kept beside the rule; a stored rule has none"),
        ("FREQ=DAILY;BYWEEKNO=9", "BYWEEKNO: is not supported (Board reads FREQ, INTERVAL, COUNT, UNTIL, WKST, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, BYHOUR, BYMINUTE)"),
        ("FREQ=DAILY;COLOR=RED", "RRULE: 'COLOR' is not a part Board knows (it reads FREQ, INTERVAL, COUNT, UNTIL, WKST, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, BYHOUR, BYMINUTE)"),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ: is given twice"),
        ("FREQ=WEEKLY;BYDAY=1MO", "BYDAY: an ordinal such as 1MO needs FREQ=MONTHLY or FREQ=YEARLY"),
        ("FREQ=MONTHLY;BYDAY=6MO", "BYDAY: an ordinal must be from 1 to 5 or -5 to -1, got 6MO"),
        ("FREQ=MONTHLY;BYDAY=1MO,FR", "BYDAY: give every weekday an ordinal or none (1MO,-1FR or MO,FR)"),
        ("FREQ=MONTHLY;BYDAY=XX", "BYDAY: 'XX' is not a weekday such as MO, 1MO or -1FR"),
        ("FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY: is not allowed with FREQ=WEEKLY"),
        ("FREQ=DAILY;BYMONTHDAY=3;BYSETPOS=1", "BYSETPOS: needs FREQ=MONTHLY or FREQ=YEARLY"),
        ("FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS: picks among the days of BYDAY or BYMONTHDAY, and the rule has neither"),
        ("FREQ=DAILY;UNTIL=20261231T000000Z", "UNTIL: a UTC time (ending in Z) is not supported; Board's times are local, write 20261231T000000"),
        ("FREQ=DAILY;UNTIL=20260231", "UNTIL: must be a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS, got '20260231'"),
        ("FREQ=DAILY;WKST=XX", "WKST: must be MO, TU, WE, TH, FR, SA or SU, got XX"),
        ("FREQ=DAILY;BYMONTH=1,,2", "BYMONTH: has an empty item in '1,,2'"),
    ])
    func refusesBadRulesByName(text: String, message: String) {
        #expect(throws: BoardError.self) { try RecurrenceRule(rrule: text) }
        do {
            _ = try RecurrenceRule(rrule: text)
        } catch {
            #expect(error.description == message)
        }
    }

    /// Found by the RRULE fuzz target: a refusal echoed a whole value, so 300 characters of a
    /// part's name made a 400-character line.
    @Test(arguments: ["FREQ=DAILY;\(long)=1", "FREQ=\(long)", "FREQ=DAILY;WKST=\(long)", "FREQ=MONTHLY;BYDAY=\(long)",
                      "FREQ=DAILY;INTERVAL=\(long)", "FREQ=DAILY;UNTIL=\(long)", "FREQ=DAILY;UNTIL=\(long)Z",
                      "FREQ=DAILY;BYMONTH=,\(long)", "FREQ=DAILY;\(long)"])
    func aRefusalEchoesAReadableCut(text: String) {
        do {
            _ = try RecurrenceRule(rrule: text)
            Issue.record("'\(text.prefix(20))…' was taken")
        } catch {
            #expect(error.description.count < 200, "\(error.description.count) characters: \(error.description.prefix(80))")
            #expect(error.description.contains("…"))
        }
    }

    @Test func anEndBeforeTheStartIsRefused() {
        #expect(throws: BoardError("UNTIL", "the end 2026-01-01 is before the start 2026-02-01")) {
            try Schedule(rule: try RecurrenceRule(rrule: "FREQ=DAILY;UNTIL=20260101"), start: date("2026-02-01"))
        }
    }
}

private let long = String(repeating: "X", count: 300)
