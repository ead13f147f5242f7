import BoardModel
import Testing

/// taskwarrior's `recur` values as Board rules, exactly or refused by name.
@Suite struct TaskwarriorRecurrenceTests {
    let monday = LocalDate(iso: "2026-11-23")!, thirtyFirst = LocalDate(iso: "2026-10-31")!

    @Test(arguments: [
        ("daily", "FREQ=DAILY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekly", "FREQ=WEEKLY;BYDAY=MO"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), ("2w", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), ("3d", "FREQ=DAILY;INTERVAL=3"),
        ("monthly", "FREQ=MONTHLY;BYMONTHDAY=23"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=23"),
        ("6mo", "FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=23"), ("yearly", "FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=23"),
        ("2y", "FREQ=YEARLY;INTERVAL=2;BYMONTH=11;BYMONTHDAY=23"), ("P2W", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), ("P1M", "FREQ=MONTHLY;BYMONTHDAY=23"),
    ])
    func aRecurValueIsItsRule(recur: String, rrule: String) throws {
        #expect(try TaskwarriorRecurrence.rule(recur, due: monday).rrule(start: monday) == rrule)
    }

    @Test func theThirtyFirstClampsToTheMonthsEnd() throws {
        let rule = try TaskwarriorRecurrence.rule("monthly", due: thirtyFirst)
        #expect(rule.rrule(start: thirtyFirst) == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        let dates = Array(try Schedule(rule: rule, start: thirtyFirst).occurrences.prefix(4)).map(\.iso)
        #expect(dates == ["2026-10-31", "2026-11-30", "2026-12-31", "2027-01-31"])
    }

    @Test(arguments: ["2h", "30min", "PT1H", "sometimes", "0d", "-1w", "P1DT2H"])
    func withoutAnExactRuleItIsRefusedByName(recur: String) {
        #expect(throws: BoardError.self) { try TaskwarriorRecurrence.rule(recur, due: LocalDate(iso: "2026-11-23")!) }
    }
}
