import BoardModel
import BoardStore
import Foundation
import GRDB
import Testing

/// The product's acceptance criteria for routines, each against a real SQLite file.
@Suite struct AcceptanceTests {
    let now = clock("2026-11-21T09:00")  // a Saturday

    @Test func occurrencesDefaultToRoutinesAndMovingOneMakesABucketException() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Stretch", checklist: ["neck", "back"], time: LocalTime(hour: 7, minute: 30)),
                                        rule: try rule("every day"), clock: now)
        let occurrences = try f.store.occurrences(of: t.id)
        #expect(occurrences.allSatisfy { $0.bucket == .routines && $0.exceptionMask.isEmpty })
        #expect(occurrences.allSatisfy { $0.checklist == [ChecklistItem("neck"), ChecklistItem("back")] })
        #expect(occurrences.allSatisfy { $0.dueDate == $0.occurrenceDate && $0.dueTime == LocalTime(hour: 7, minute: 30) })
        try f.store.cards.move(occurrences[0].id, to: .weekend, clock: now)
        #expect(try f.store.cards.find(occurrences[0].id).exceptionMask == [.bucket])
        #expect(try f.store.cards.find(occurrences[0].id).bucket == .weekend)
        // Reordering within Routines is not an exception.
        try f.store.cards.move(occurrences[1].id, to: .routines, position: 0, clock: now)
        #expect(try f.store.cards.find(occurrences[1].id).exceptionMask.isEmpty)
    }

    @Test func generationFillsExactlyTheNextSevenDaysAndIsIdempotent() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Water plants"), rule: try rule("every day"), start: date("2026-11-01"), clock: now)
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } ==
                ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"])
        #expect(try f.store.routines.generate(clock: now) == 0)
        // The next day adds exactly one; no past date is ever backfilled.
        #expect(try f.store.routines.generate(clock: clock("2026-11-22T09:00")) == 1)
        #expect(try f.store.occurrences(of: t.id).count == 8)
        #expect(try f.store.routines.generate(clock: clock("2026-11-30T09:00")) == 7)
        #expect(try f.store.occurrences(of: t.id).first { $0.occurrenceDate == date("2026-11-29") } == nil)
    }

    @Test func skipNextRemovesTheNextOccurrenceForGood() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Gym"), rule: try rule("every mon, wed and fri"), clock: now)
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } == ["2026-11-23", "2026-11-25", "2026-11-27"])
        #expect(try f.store.routines.skipNext(t.id, clock: now).date == date("2026-11-23"))
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } == ["2026-11-25", "2026-11-27"])
        #expect(try f.store.routines.generate(clock: now) == 0)
        #expect(try f.store.routines.overview(t.id, clock: now).nextRun == date("2026-11-25"))
        // Skipping again skips the following one; a completed occurrence is not "next".
        try f.store.cards.complete(try f.store.occurrences(of: t.id)[0].id, clock: now)
        #expect(try f.store.routines.skipNext(t.id, clock: now).date == date("2026-11-27"))
    }

    @Test func propagationChangesOnlyOpenOccurrencesFromTodayAndSparesExceptions() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Read", labels: ["home"], priority: 1), rule: try rule("every day"),
                                        start: date("2026-11-18"), clock: clock("2026-11-18T08:00"))
        // Nov 18–24 generated three days ago; today is Nov 21.
        let all = try f.store.occurrences(of: t.id)
        let overdue = all.first { $0.occurrenceDate == date("2026-11-19") }!
        let done = all.first { $0.occurrenceDate == date("2026-11-22") }!
        let renamed = all.first { $0.occurrenceDate == date("2026-11-23") }!
        try f.store.cards.complete(done.id, clock: now)
        try f.store.cards.edit(renamed.id, CardEdit(title: "Read a novel"), clock: now)
        #expect(try f.store.cards.find(renamed.id).exceptionMask == [.title])

        let edit = TemplateEditRequest(fields: CardEdit(title: "Read 20 pages", priority: 2))
        let plan = try f.store.routines.planEdit(t.id, edit, clock: now)
        // Open from today: Nov 21, 23 (priority only), 24 + the newly generated 25, 26, 27 come after.
        #expect(plan.propagation.changedFields == [.title, .priority])
        #expect(plan.propagation.updates.map(\.date.iso) == ["2026-11-21", "2026-11-23", "2026-11-24"])
        #expect(plan.propagation.updates.first { $0.cardId == renamed.id }?.fields == [.priority])
        #expect(plan.impact == "Will update 3 non-completed occurrences. Completed tasks and field exceptions won't change.")
        #expect(plan.propagation.overdueOpen == 3)
        try f.store.routines.applyEdit(plan, clock: now)

        #expect(try f.store.cards.find(done.id).title == "Read" && f.store.cards.find(done.id).priority == 1)
        #expect(try f.store.cards.find(overdue.id).title == "Read")
        #expect(try f.store.cards.find(renamed.id).title == "Read a novel" && f.store.cards.find(renamed.id).priority == 2)
        let today = try f.store.occurrences(of: t.id).first { $0.occurrenceDate == date("2026-11-21") }!
        #expect(today.title == "Read 20 pages" && today.priority == 2 && today.labels == ["home"])
        #expect(try f.store.routines.overview(t.id, clock: now).template.version == 2)
        #expect(try f.store.occurrences(of: t.id).filter { $0.occurrenceDate! > date("2026-11-24") }.allSatisfy { $0.title == "Read 20 pages" })

        // Overdue open ones change only when asked.
        let withOverdue = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(description: "any book"), includeOverdue: true), clock: now)
        #expect(withOverdue.propagation.updates.contains { $0.cardId == overdue.id })
        #expect(!withOverdue.propagation.updates.contains { $0.cardId == done.id })
    }

    @Test func endAfterNShowsRemainingAndArchivesItself() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Physio"), rule: try rule("every mon, wed and fri for 5 times"), clock: now)
        var overview = try f.store.routines.overview(t.id, clock: now)
        #expect(overview.template.endAfterCount == 5)
        // Remaining: the runs dated after today, one figure in the list, the screen and stats (was the
        // runs not yet generated: a new template said "0 left").
        #expect(overview.remaining == 5 && overview.template.status == .active)
        #expect(try f.store.routines.generate(clock: clock("2026-11-28T09:00")) == 2)
        overview = try f.store.routines.overview(t.id, clock: clock("2026-11-28T09:00"))
        #expect(overview.remaining == 2 && overview.template.status == .active, "Nov 30 and Dec 2 are still ahead")
        let stats = try #require(try f.store.stats.report(weeks: 2, weekStart: .monday, clock: clock("2026-11-28T09:00")).templates.first)
        #expect(stats.remainingByWeek?.last == overview.remaining, "stats say the same figure at today's end")
        try f.store.routines.generate(clock: clock("2026-12-03T09:00"))
        overview = try f.store.routines.overview(t.id, clock: clock("2026-12-03T09:00"))
        #expect(overview.template.status == .archived && overview.scheduling?.series.status == .archived)
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } == ["2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30", "2026-12-02"])
    }

    @Test func endOnADateIsHonouredAndArchives() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Advent"), rule: try rule("every day until 2026-11-24"), clock: now)
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"])
        #expect(try f.store.routines.overview(t.id, clock: now).template.status == .active)
        try f.store.routines.generate(clock: clock("2026-11-25T00:00"))
        #expect(try f.store.routines.overview(t.id, clock: now).template.status == .archived)
    }

    @Test func theUsersTimeZoneDecidesToday() throws {
        // 23:30 UTC on Nov 21 is already 08:30 on Nov 22 in Tokyo.
        let f = try StoreFixture()
        let instant = LocalDateTime(iso: "2026-11-21T23:30")!.instant(in: TimeZone(identifier: "UTC")!)
        let tokyo = BoardClock(instant: instant, zone: TimeZone(identifier: "Asia/Tokyo")!)
        let t = try f.store.routines.add(CardValues(title: "Tea"), rule: try rule("every day"), start: date("2026-11-01"), clock: tokyo)
        #expect(try f.store.occurrences(of: t.id).first?.occurrenceDate == date("2026-11-22"))
        let utc = BoardClock(instant: instant, zone: TimeZone(identifier: "UTC")!)
        let u = try f.store.routines.add(CardValues(title: "Coffee"), rule: try rule("every day"), start: date("2026-11-01"), clock: utc)
        #expect(try f.store.occurrences(of: u.id).first?.occurrenceDate == date("2026-11-21"))
    }
}
