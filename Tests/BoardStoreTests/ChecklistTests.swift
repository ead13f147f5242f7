import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Checklists of routines (ARCHITECTURE.md §5) and the rule that only confirmed entries count.
@Suite struct ChecklistTests {
    let steps = ["Brush teeth", "Drink water", "Stretch", "Lay out clothes", "Lights off"]

    func bedtime(_ f: StoreFixture, at now: BoardClock = clock("2026-11-21T21:00")) throws -> TemplateRecord {
        try f.store.routines.add(CardValues(title: "Bedtime", checklist: steps), rule: nil, clock: now)
    }

    func entryCount(_ f: StoreFixture) throws -> Int {
        try f.store.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM habit_entries")! }
    }

    @Test func aRoutineWithoutAScheduleHasNoSeriesAndNoOccurrences() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T21:00")
        let t = try bedtime(f)
        try f.store.routines.generate(clock: clock("2026-11-23T08:00"))
        let overview = try f.store.routines.overview(t.id, clock: now)
        #expect(overview.scheduling == nil && overview.summary == "No schedule (checklist)" && overview.upcoming.isEmpty)
        #expect(try f.store.cards.list().isEmpty)
        #expect(throws: BoardError("schedule", "“Bedtime” has no schedule (it is a checklist); only a scheduled routine has occurrences")) {
            try f.store.routines.skipNext(t.id, clock: now)
        }
        // Pause, resume and duplicate work on it; a schedule can't be bolted on.
        try f.store.routines.pause(t.id, clock: now)
        try f.store.routines.resume(t.id, clock: now)
        let copy = try f.store.routines.duplicate(t.id, clock: now)
        #expect(try f.store.routines.overview(copy.id, clock: now).scheduling == nil)
        #expect(throws: BoardError("repeat", "“Bedtime” was created without a schedule and keeps none; create a scheduled template instead")) {
            try f.store.routines.planEdit(t.id, TemplateEditRequest(rule: try rule("every day")), clock: now)
        }
    }

    @Test func ticksBelongToTheLocalDayAndTheListIsFreshAtMidnight() throws {
        let f = try StoreFixture()
        let evening = clock("2026-11-21T23:50")
        let t = try bedtime(f, at: evening)
        let today = RoutineChecklist.Owner.routine(templateId: t.id, day: evening.today)
        for i in [0, 1, 2] { #expect(try f.store.checklists.toggle(i, of: today, clock: evening)) }
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: evening.today, clock: evening).doneCount == 3)
        let midnight = clock("2026-11-22T00:10")
        let fresh = try f.store.checklists.read(ofRoutine: t.id, day: midnight.today, clock: midnight)
        #expect(fresh.doneCount == 0 && fresh.steps.map(\.text) == steps)
        // Yesterday's ticks are still yesterday's, and unticking toggles back.
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: date("2026-11-21"), clock: midnight).doneCount == 3)
        #expect(try f.store.checklists.toggle(0, of: today, clock: midnight) == false)
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: date("2026-11-21"), clock: midnight).doneCount == 2)
    }

    @Test func theDayIsTheUsersTimeZonesDay() throws {
        let f = try StoreFixture()
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        // 23:50 in Tokyo is 15:50 in Paris, still Nov 21 in both; 00:10 in Tokyo is Nov 22 there but Nov 21 in Paris.
        let lateTokyo = clock("2026-11-21T23:50", tokyo)
        let t = try bedtime(f, at: lateTokyo)
        try f.store.checklists.toggle(1, of: .routine(templateId: t.id, day: lateTokyo.today), clock: lateTokyo)
        let afterMidnightTokyo = clock("2026-11-22T00:10", tokyo)
        #expect(afterMidnightTokyo.instant.timeIntervalSince(lateTokyo.instant) == 20 * 60)
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: afterMidnightTokyo.today, clock: afterMidnightTokyo).doneCount == 0)
        let sameInstantInParis = BoardClock(instant: afterMidnightTokyo.instant, zone: paris)
        #expect(sameInstantInParis.today == date("2026-11-21"))
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: sameInstantInParis.today, clock: sameInstantInParis).doneCount == 1)
    }

    @Test func ticksArePrunedAfterThirtyDaysAndOccurrenceTicksAreNeverReset() throws {
        let f = try StoreFixture()
        let start = clock("2026-10-22T21:00")
        let t = try bedtime(f, at: start)
        try f.store.checklists.toggle(0, of: .routine(templateId: t.id, day: start.today), clock: start)
        let scheduled = try f.store.routines.add(CardValues(title: "Gym", checklist: ["Warm up", "Lift"]), rule: try rule("every day"),
                                                start: date("2026-10-22"), clock: start)
        let occurrence = try #require(try f.store.occurrences(of: scheduled.id).first)
        try f.store.checklists.toggle(1, of: .card(id: occurrence.id), clock: start)
        func tickRows() throws -> Int { try f.store.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM routine_ticks")! } }

        // Thirty days later the tick is still kept; one more day and the next write prunes it.
        try f.store.routines.generate(clock: clock("2026-11-21T08:00"))
        #expect(try tickRows() == 1)
        try f.store.routines.generate(clock: clock("2026-11-22T08:00"))
        #expect(try tickRows() == 0)
        #expect(throws: BoardError("date", "2026-10-22 is more than 30 days ago; older ticks are not kept")) {
            try f.store.checklists.read(ofRoutine: t.id, day: date("2026-10-22"), clock: clock("2026-11-22T08:00"))
        }
        // The occurrence keeps its tick for good.
        #expect(try f.store.checklists.read(ofCard: occurrence.id).steps.map(\.done) == [false, true])
    }

    @Test func anEleventhStepAndARepeatedStepAreRefused() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T21:00")
        #expect(throws: BoardError("checklist", "at most 10 steps, got 11")) {
            try f.store.routines.add(CardValues(title: "Long", checklist: (1...11).map { "Step \($0)" }), rule: nil, clock: now)
        }
        let t = try f.store.routines.add(CardValues(title: "Ten", checklist: (1...10).map { "Step \($0)" }), rule: nil, clock: now)
        #expect(throws: BoardError("checklist", "at most 10 steps, got 11")) {
            try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(checklist: (1...11).map { "Step \($0)" })), clock: now)
        }
        #expect(throws: BoardError("checklist", "step 2 repeats step 1 (“Tea”); steps must differ")) {
            try f.store.routines.add(CardValues(title: "Twice", checklist: ["Tea", "Tea"]), rule: nil, clock: now)
        }
        #expect(try f.store.reader.templates(clock: now).count == 1)
    }

    @Test func tickingLinkedStepsNeverCreatesOrChangesAnEntryAndStreaksReadEntriesOnly() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T21:00")
        let water = try f.store.habits.add("Drink water", clock: now)
        let t = try bedtime(f)
        try f.store.checklists.link(1, ofTemplate: t.id, toHabit: water.id, clock: now)
        for day in 0..<5 {
            let c = clock(LocalDate(iso: "2026-11-17")!.adding(days: day).iso + "T21:00")
            try f.store.checklists.toggle(1, of: .routine(templateId: t.id, day: c.today), clock: c)
        }
        #expect(try entryCount(f) == 0)
        #expect(try f.store.habits.list(clock: now).first?.streak == 0)
        // An entry confirmed by hand, then ticking again: the entry stays exactly as it was.
        try f.store.habits.checkIn(habitId: water.id, day: now.today, clock: now)
        let before = try f.store.habits.entry(habitId: water.id, day: now.today)
        try f.store.checklists.toggle(1, of: .routine(templateId: t.id, day: now.today), clock: clock("2026-11-21T22:00"))
        #expect(try f.store.habits.entry(habitId: water.id, day: now.today) == before)
        #expect(try f.store.habits.list(clock: now).first?.streak == 1)
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: now.today, clock: now).steps[1].habitName == "Drink water")
    }

    @Test func undoingATemplateEditKeepsItsEntriesAndTicks() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T21:00")
        let water = try f.store.habits.add("Drink water", clock: now)
        let t = try bedtime(f)
        try f.store.checklists.toggle(0, of: .routine(templateId: t.id, day: now.today), clock: now)
        try f.store.habits.checkIn(habitId: water.id, day: now.today, source: .routine, routineId: t.id, clock: now)
        let (_, edit) = try f.store.recording {
            try f.store.routines.applyEdit(try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(title: "Night")), clock: now), clock: now)
        }
        try f.store.apply(edit.inverse, verb: "undone")
        #expect(try f.store.routines.overview(t.id, clock: now).template.title == "Bedtime")
        #expect(try f.store.habits.entry(habitId: water.id, day: now.today)?.routineId == t.id)
        #expect(try f.store.checklists.read(ofRoutine: t.id, day: now.today, clock: now).doneCount == 1)
    }

    @Test func habitLinksAreCheckedAndKeptAcrossAnEdit() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T21:00")
        let water = try f.store.habits.add("Drink water", clock: now)
        #expect(throws: BoardError("habit", "no habit nope")) {
            try f.store.routines.add(CardValues(title: "Bedtime", checklist: ["A", "B"]), rule: nil, habitLinks: [nil, "nope"], clock: now)
        }
        let t = try f.store.routines.add(CardValues(title: "Bedtime", checklist: ["A", "B"]), rule: nil, habitLinks: [nil, water.id], clock: now)
        // A step added keeps the other steps' links (by text).
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(checklist: ["A", "B", "C"])), clock: now)
        try f.store.routines.applyEdit(plan, clock: now)
        #expect(try f.store.routines.overview(t.id, clock: now).template.checklist.map(\.habitId) == [nil, water.id, nil])
    }
}
