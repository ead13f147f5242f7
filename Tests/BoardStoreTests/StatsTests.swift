import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// `stats` on a history built day by day through the store, as a user makes it; every figure
/// checked against a value computed by hand in the comments.
@Suite struct StatsTests {
    /// "Stretch", daily from Oct 1 2026 with three steps, lived through to Thursday Oct 22:
    /// completed Oct 1–20 (two steps ticked up to the 10th, one after), Oct 21 missed, Oct 22–24
    /// skipped with skip-next on the 22nd, Oct 25–28 retitled, paused and resumed twice.
    /// "Course", daily ×10 from Oct 15. "Drink water": Sep 1–14 and Oct 14–22.
    struct History {
        let f: StoreFixture
        let stretch: TemplateRecord
        let course: TemplateRecord
        let water: HabitRecord
        let today = clock("2026-10-22T08:00")

        init() throws {
            f = try StoreFixture()
            let store = f.store
            stretch = try store.routines.add(CardValues(title: "Stretch", checklist: ["Warm up", "Hold", "Breathe"]), rule: try rule("every day"),
                                            start: date("2026-10-01"), clock: clock("2026-10-01T08:00"))
            var course: TemplateRecord?
            for day in 1...22 {
                let now = clock(String(format: "2026-10-%02dT08:00", day))
                try store.routines.generate(clock: now)
                if day == 15 {
                    course = try store.routines.add(CardValues(title: "Course"), rule: try rule("every day").with(end: .count(10)),
                                                   start: date("2026-10-15"), clock: now)
                }
                guard day <= 20 else { continue }
                let occurrence = try #require(try store.occurrences(of: stretch.id).first { $0.occurrenceDate == now.today })
                _ = try store.checklists.toggle(0, of: .card(id: occurrence.id), clock: now)
                if day <= 10 { _ = try store.checklists.toggle(1, of: .card(id: occurrence.id), clock: now) }
                try store.cards.complete(occurrence.id, clock: now)
            }
            self.course = course!
            for _ in 1...3 { try store.routines.skipNext(stretch.id, clock: today) }
            for occurrence in try store.occurrences(of: stretch.id) where occurrence.occurrenceDate! >= date("2026-10-25") {
                try store.cards.edit(occurrence.id, CardEdit(title: "Stretch, longer"), clock: today)
            }
            for _ in 1...2 {
                try store.routines.pause(stretch.id, clock: today)
                try store.routines.resume(stretch.id, clock: today)
            }
            water = try store.habits.add("Drink water", clock: today)
            for offset in 0..<14 { try store.habits.checkIn(habitId: water.id, day: date("2026-09-01").adding(days: offset), clock: today) }
            for offset in 0..<9 { try store.habits.checkIn(habitId: water.id, day: date("2026-10-14").adding(days: offset), clock: today) }
        }

        func stats() throws -> BoardStats { try f.store.stats.report(weeks: 12, weekStart: .monday, clock: today) }
    }

    @Test func figuresOfAConstructedHistoryAreTheHandComputedOnes() throws {
        let h = try History()
        let stats = try h.stats()
        #expect(stats.weeks.starts.first == date("2026-08-03") && stats.weeks.starts.last == date("2026-10-19"))
        let s = try #require(stats.templates.first { $0.id == h.stretch.id })
        #expect(s.generated == 28, "Oct 1–7 on the first day, then one a day through Oct 28")
        #expect(s.completed == 20)
        #expect(s.skipped == 3)
        #expect(s.deleted == 0)
        #expect(s.open == 5, "Oct 21 and Oct 25–28")
        #expect(s.due == 21 && s.completedDue == 20, "Oct 1–21 were due before today")
        #expect(s.adherence == 20.0 / 21.0)
        #expect(s.exceptions == ["title": 4])
        #expect(s.pauses == 2 && s.resumes == 2)
        #expect(s.remainingByWeek == nil)
        // Weeks from Monday: Sep 28–Oct 4 holds Oct 1–4, all done; Oct 19–22: the 19th and 20th done, the 21st not, the 22nd skipped.
        #expect(s.completionByWeek == Array(repeating: nil, count: 8) + [1, 1, 1, 2.0 / 3.0])

        let c = try #require(stats.templates.first { $0.id == h.course.id })
        // Ten days from Oct 15: four used by Oct 18, eight by today; before Oct 12 all ten were left.
        #expect(c.remainingByWeek == Array(repeating: 10, count: 10) + [6, 2])
        #expect(c.generated == 10 && c.completed == 0 && c.adherence == 0, "Oct 15–21 were due, none completed")

        let w = try #require(stats.habits.first)
        #expect(w.currentStreak == 9 && w.longestStreak == 14)
        // Sep 1–6 in the week of Aug 31, Sep 7–13, Sep 14 alone; Oct 14–18 and Oct 19–22.
        #expect(w.checkinsByWeek == [0, 0, 0, 0, 6, 7, 1, 0, 0, 0, 5, 4])
        #expect(stats.totals.generated == 38 && stats.totals.completed == 20)
    }

    @Test func boardsMadeBeforeMigrationV8ReadTheSame() throws {
        let h = try History()
        let before = try h.stats().templates.first { $0.id == h.stretch.id }!
        // As a board of the previous version: no count of what was generated, then the migration's.
        try h.f.store.database.write { db in
            try db.execute(sql: "DROP INDEX events_kind")
            try db.execute(sql: "DROP INDEX tasks_series_completion")
            try db.execute(sql: "ALTER TABLE series DROP COLUMN generated_count")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v8 generation recorded'")
        }
        try BoardDatabase.migrate(h.f.store.database)
        let after = try h.stats().templates.first { $0.id == h.stretch.id }!
        #expect(after == before, "every figure reads the same rows and events")
    }

    @Test func oneTemplateAlone() throws {
        let h = try History()
        let stats = try h.f.store.stats.report(weeks: 4, weekStart: .monday, templateId: h.course.id, clock: h.today)
        #expect(stats.templates.map(\.title) == ["Course"])
        #expect(stats.habits.isEmpty)
        #expect(throws: BoardError.self) { try h.f.store.stats.report(weeks: 4, weekStart: .monday, templateId: "nope", clock: h.today) }
    }
}

/// Issue: eight step edits on one occurrence counted as "checklist 8" in "customised most".
@Suite struct CustomisedMostTests {
    @Test func anOccurrenceCountsOncePerFieldHoweverOftenItIsEdited() throws {
        let f = try StoreFixture()
        let now = clock("2026-10-01T08:00")
        let template = try f.store.routines.add(CardValues(title: "Stretch", checklist: ["Warm up"]), rule: try rule("every day"),
                                               start: date("2026-10-01"), clock: now)
        let occurrences = try f.store.occurrences(of: template.id)
        for edit in 1...8 { try f.store.cards.edit(occurrences[0].id, CardEdit(checklist: ["Warm up", "Step \(edit)"]), clock: now) }
        try f.store.cards.edit(occurrences[1].id, CardEdit(checklist: ["Warm up", "Hold"]), clock: now)
        try f.store.cards.edit(occurrences[1].id, CardEdit(title: "Stretch, longer"), clock: now)
        let stats = try #require(try f.store.stats.report(weeks: 12, weekStart: .monday, clock: now).templates.first)
        #expect(stats.exceptions == ["checklist": 2, "title": 1])
    }
}

/// The event log had two kinds for one thing, `exception_added` and `exception_made` (issue 44):
/// every exception is now `exception_added` saying how it came, and a board written before still counts.
@Suite struct ExceptionEventTests {
    @Test func madeEditedAndOlderMadeExceptionsCountAlike() throws {
        let f = try StoreFixture()
        let now = clock("2026-10-01T08:00")
        let template = try f.store.routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), start: date("2026-10-01"), clock: now)
        let occurrences = try f.store.occurrences(of: template.id)
        try f.store.cards.makeException(occurrences[0].id, field: .title, clock: now)
        try f.store.cards.edit(occurrences[1].id, CardEdit(title: "Stretch, longer"), clock: now)
        let kinds = try f.store.read { db in try String.fetchAll(db, sql: "SELECT kind || ' ' || detail FROM events WHERE kind LIKE 'exception%' ORDER BY id") }
        #expect(kinds == [#"exception_added {"field":"title","how":"made"}"#, #"exception_added {"field":"title","how":"edit"}"#])
        try f.store.write { db in
            try db.execute(sql: "INSERT INTO events (at, kind, template_id, task_id, detail) VALUES ('2026-10-01T08:00:00.000Z', 'exception_made', ?, ?, '{\"field\":\"time\"}')",
                           arguments: [template.id, occurrences[2].id])
        }
        let stats = try #require(try f.store.stats.report(weeks: 12, weekStart: .monday, clock: now).templates.first)
        #expect(stats.exceptions == ["title": 2, "time": 1])
    }
}
