import BoardModel
import Foundation
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

/// The plan a `task export` makes, on hand-written exports: what the real binary can't easily be made to write.
@Suite struct TaskwarriorPlanTests {
    let paris = TimeZone(identifier: "Europe/Paris")!
    let today = LocalDate(iso: "2026-11-21")!  // a Saturday

    func plan(_ json: String) throws -> ImportPlan {
        try TaskwarriorImport.plan(try TaskwarriorTask.tasks(in: Data(json.utf8)), zone: paris, today: today)
    }

    @Test func aMaskedDeletionWhoseChildIsGoneIsASkippedDate() throws {
        // Weekly from Monday Nov 2 (Paris midnight); the child of index 1 was purged, the mask remembers it.
        let plan = try plan("""
            [{"uuid":"p","status":"recurring","description":"Bins","due":"20261101T230000Z","recur":"weekly","mask":"+X-"},
             {"uuid":"c0","status":"completed","description":"Bins","due":"20261101T230000Z","end":"20261102T180000Z","parent":"p","imask":0},
             {"uuid":"c2","status":"pending","description":"Bins","due":"20261115T230000Z","parent":"p","imask":2}]
            """)
        let template = try #require(plan.templates.first)
        #expect(template.skipped.map(\.iso) == ["2026-11-09"])
        #expect(template.occurrences.map(\.date.iso) == ["2026-11-02", "2026-11-16"])
        #expect(template.occurrences[0].completedAt == "2026-11-02T18:00:00.000Z")
        #expect(template.values.time == nil, "a midnight due is a date without a time")
    }

    @Test func anExportOfOneObjectPerLineIsReadToo() throws {
        let plan = try plan("""
            {"uuid":"a","status":"pending","description":"One"}
            {"uuid":"b","status":"waiting","description":"Two","due":"20261123T090000Z"}
            """)
        #expect(plan.cards.map(\.values.title) == ["One", "Two"])
        #expect(plan.cards[1].values.time?.description == "10:00")
        #expect(plan.cards[1].bucket == .nextWeek)
    }

    @Test(arguments: [
        ("2026-11-20", Bucket.thisWeek), ("2026-11-21", .weekend), ("2026-11-22", .weekend), ("2026-11-23", .nextWeek),
        ("2026-11-29", .nextWeek), ("2026-11-30", .nextMonth), ("2027-03-01", .nextMonth),
    ])
    func aDueDateGoesToItsBucket(due: String, bucket: Bucket) {
        #expect(Bucket.forDue(LocalDate(iso: due), today: today) == bucket)
        #expect(Bucket.forDue(nil, today: today) == .thisWeek)
    }

    @Test(arguments: [("2026-11-18", Bucket.thisWeek), ("2026-11-20", .thisWeek), ("2026-11-21", .weekend), ("2026-11-23", .nextWeek), ("2026-11-30", .nextMonth)])
    func fromAWednesdayTheWeekendIsTheComingOne(due: String, bucket: Bucket) {
        #expect(Bucket.forDue(LocalDate(iso: due), today: LocalDate(iso: "2026-11-18")!) == bucket)
    }

    @Test func anOddIdGetsAStableBoardId() {
        #expect(ImportPlan.boardId(for: "5e1ff7ed-362c-401f-bd39-a0e7d3b10b41", prefix: "tw") == "5e1ff7ed-362c-401f-bd39-a0e7d3b10b41")
        let odd = ImportPlan.boardId(for: "abc123@google.com", prefix: "ics")
        #expect(odd.hasPrefix("ics-") && odd.count == 36)
        #expect(odd == ImportPlan.boardId(for: "abc123@google.com", prefix: "ics"))
        #expect(odd != ImportPlan.boardId(for: "abc124@google.com", prefix: "ics"))
    }
}
