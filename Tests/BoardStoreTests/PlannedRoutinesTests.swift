import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// The agenda keeps the active routines it read while the routines version stands (ARCHITECTURE.md
/// §7, §15): every change to a routine, from this store or another process, is seen at the next read.
@Suite struct PlannedRoutinesTests {
    let now = clock("2026-11-21T09:00")
    let day = date("2026-12-10")

    /// The planned runs' titles on `day`.
    func planned(_ store: BoardStore) throws -> [String] {
        try store.agenda.days(day...day, clock: now).filter { $0.kind == .planned }.map(\.title)
    }

    /// A DatabaseQueue's one connection, which writes and reads.
    @Test func aRoutineAddedOrPausedOnTheSameConnectionIsPlannedAnew() throws {
        let f = try StoreFixture()
        let walk = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try planned(f.store) == ["Walk"])
        #expect(try f.store.agenda.counts(day...day, clock: now) == [1])
        _ = try f.store.routines.add(CardValues(title: "Read"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try planned(f.store) == ["Read", "Walk"])
        try f.store.routines.pause(walk.id, clock: now)
        #expect(try planned(f.store) == ["Read"])
        #expect(try f.store.agenda.counts(day...day, clock: now) == [1])
    }

    /// Another process's commit runs the file's triggers too.
    @Test func aRoutineChangedByAnotherProcessIsPlannedAnew() throws {
        let f = try StoreFixture(onDisk: true)
        let reader = try BoardStore.open(path: f.path, concurrentReads: true)
        let walk = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try planned(reader) == ["Walk"])
        try f.store.routines.pause(walk.id, clock: now)
        #expect(try planned(reader) == [])
        try f.store.routines.resume(walk.id, clock: now)
        #expect(try planned(reader) == ["Walk"])
    }

    /// A pool's writer is another connection than its readers: the store's own writes are seen.
    @Test func aRoutineSkippedThroughAPoolIsPlannedAnew() throws {
        let f = try StoreFixture(onDisk: true)
        let store = try BoardStore.open(path: f.path, concurrentReads: true)
        let walk = try store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try planned(store) == ["Walk"])
        try store.agenda.skipPlannedRun(templateId: walk.id, date: day, clock: now)
        #expect(try planned(store) == [])
        #expect(try store.agenda.counts(day...day.adding(days: 1), clock: now) == [0, 1])
    }

    /// A month's planned counts are kept beside the routines: a skip on this connection, a routine
    /// added by another process and another today each count the month anew.
    @Test func aMonthsPlannedCountsFollowEveryChange() throws {
        let f = try StoreFixture(onDisk: true)
        let screen = try BoardStore.open(path: f.path, concurrentReads: true)
        let month = MonthGrid(holding: day, weekStart: .monday).days
        let walk = try screen.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        let at = month.lowerBound.days(until: day)
        #expect(try screen.agenda.counts(month, clock: now)[at] == 1)
        try screen.agenda.skipPlannedRun(templateId: walk.id, date: day, clock: now)
        #expect(try screen.agenda.counts(month, clock: now)[at] == 0)
        #expect(try screen.agenda.counts(month, clock: now)[at + 1] == 1)
        _ = try f.store.routines.add(CardValues(title: "Read"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try screen.agenda.counts(month, clock: now)[at + 1] == 2)
        // Counted on a later day, the runs before it are not planned any more.
        let later = clock("2026-12-11T09:00")
        #expect(try screen.agenda.counts(month, clock: later)[at] == 0)
        #expect(try screen.agenda.counts(month, clock: now)[at] == 1)
        // A day's planned runs are kept the same way: by the day they were planned on too.
        let next = day.adding(days: 1)
        #expect(try screen.agenda.days(next...next, clock: now).filter { $0.kind == .planned }.map(\.title) == ["Read", "Walk"])
        #expect(try screen.agenda.days(next...next, clock: clock("2026-12-12T09:00")).filter { $0.kind == .planned }.isEmpty)
        try f.store.routines.pause(walk.id, clock: now)
        #expect(try screen.agenda.days(next...next, clock: now).filter { $0.kind == .planned }.map(\.title) == ["Read"])
    }

    /// Routines of one schedule plan its runs once between them (ARCHITECTURE.md §15): each still
    /// leaves out only its own skipped and made runs.
    @Test func routinesOfOneScheduleKeepTheirOwnSkipsAndRuns() throws {
        let f = try StoreFixture()
        let times = try TimesOfDay(parsing: "08:00, 20:00")
        let meds = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: times, start: date("2026-11-21"), clock: now)
        _ = try f.store.routines.add(CardValues(title: "Vitamins"), rule: try rule("every day"), times: times, start: date("2026-11-21"), clock: now)
        try f.store.agenda.skipPlannedRun(templateId: meds.id, date: date("2026-12-03"), time: LocalTime(hour: 20, minute: 0), clock: now)
        _ = try f.store.agenda.act(onPlannedRun: meds.id, date: date("2026-12-04"), time: LocalTime(hour: 8, minute: 0), .complete, clock: now)
        let two = date("2026-12-03")...date("2026-12-04")
        let planned = try f.store.agenda.days(two, clock: now).filter { $0.kind == .planned }.map { "\($0.title) \($0.date.iso) \($0.time!)" }
        #expect(planned == ["Meds 2026-12-03 08:00", "Vitamins 2026-12-03 08:00", "Vitamins 2026-12-03 20:00",
                            "Vitamins 2026-12-04 08:00", "Meds 2026-12-04 20:00", "Vitamins 2026-12-04 20:00"], "\(planned)")
        // The made run is a dated card of its day.
        #expect(try f.store.agenda.counts(two, clock: now) == [3, 4])
    }

    /// What the screen prepares once its first frame is drawn is what the Calendar's first read of
    /// today would plan: that read plans nothing again.
    @Test func aPreparedCalendarIsReadWithoutPlanning() throws {
        let f = try StoreFixture()
        _ = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        try f.store.agenda.prepareCalendar(day: now.today, weekStart: .sunday, clock: now)
        var planned = 0
        try f.store.database.read { db in
            let grid = MonthGrid(holding: now.today, weekStart: .sunday).days
            _ = try f.store.plannedRoutines.counts(db, .init(first: grid.lowerBound, last: grid.upperBound, today: now.today)) { planned += 1; return [] }
            _ = try f.store.plannedRoutines.runs(db, .init(first: now.today, last: now.today, today: now.today)) { planned += 1; return [] }
        }
        #expect(planned == 0)
        let read = try f.store.agenda.calendar(day: now.today, weekStart: .sunday, clock: now)
        #expect(read.items.map(\.title) == ["Walk"] && read.counts.reduce(0, +) > 0)
    }

    /// No routine written (a plain card's write changes none): the routines kept from the first read.
    @Test func aPlainCardsWriteKeepsWhatWasRead() throws {
        let f = try StoreFixture()
        let walk = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        var reads = 0
        for _ in 0..<3 {
            _ = try f.store.database.read { db in
                try f.store.plannedRoutines.routines(db) {
                    reads += 1
                    return []
                }
            }
        }
        #expect(reads == 1)
        let card = try f.store.cards.add(CardValues(title: "Taxes"), clock: now)
        try f.store.cards.complete(card.id, clock: now)
        _ = try f.store.database.read { db in try f.store.plannedRoutines.routines(db) { reads += 1; return [] } }
        #expect(reads == 1)
        try f.store.routines.pause(walk.id, clock: now)
        _ = try f.store.database.read { db in try f.store.plannedRoutines.routines(db) { reads += 1; return [] } }
        #expect(reads == 2)
    }
}

/// The Calendar reads a month in one transaction (ARCHITECTURE.md §15): its counts and a day's items
/// are those the two reads give apart, on every day of the grid.
@Suite struct CalendarReadTests {
    @Test func aMonthsReadIsItsCountsAndItsDaysItems() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T09:00")
        let meds = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: try TimesOfDay(parsing: "08:00, 20:00"),
                                           start: date("2026-11-21"), clock: now)
        _ = try f.store.routines.add(CardValues(title: "Bins"), rule: try rule("every other tuesday"), start: date("2026-11-21"), clock: now)
        _ = try f.store.routines.add(CardValues(title: "Rent"), rule: try rule("every month on the 31st"), start: date("2026-11-21"), clock: now)
        try f.store.routines.generate(clock: now)
        try f.store.agenda.skipPlannedRun(templateId: meds.id, date: date("2026-12-03"), time: LocalTime(hour: 20, minute: 0), clock: now)
        _ = try f.store.agenda.act(onPlannedRun: meds.id, date: date("2026-12-04"), time: LocalTime(hour: 8, minute: 0), .complete, clock: now)
        _ = try f.store.cards.add(CardValues(title: "Dentist", time: LocalTime(hour: 10, minute: 0)), due: date("2026-12-04"), clock: now)
        // From November's grid to January's: the days of the grid around December.
        let grid = MonthGrid(holding: date("2026-12-01"), weekStart: .monday).days
        var day = grid.lowerBound
        while day <= grid.upperBound {
            let read = try f.store.agenda.calendar(day: day, weekStart: .monday, clock: now)
            #expect(read.counts == (try f.store.agenda.counts(MonthGrid(holding: day, weekStart: .monday).days, clock: now)), "\(day)")
            #expect(read.items == (try f.store.agenda.days(day...day, clock: now)), "\(day)")
            day = day.adding(days: 1)
        }
        let fourth = try f.store.agenda.calendar(day: date("2026-12-04"), weekStart: .monday, clock: now).items
        #expect(fourth.map(\.title) == ["Meds", "Dentist", "Meds"] && fourth.map(\.kind) == [.run, .card, .planned], "\(fourth)")
    }
}

/// What the Calendar reads at every month and day it shows comes from an index, not the table
/// (ARCHITECTURE.md §15).
@Suite struct CalendarIndexTests {
    @Test func theRunsASeriesMadeAreReadFromItsIndexAlone() throws {
        let f = try StoreFixture()
        let plan = try f.store.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + BoardStore.madeRunsSQL, arguments: ["2026-11-21", "2026-12-31"])
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(plan.contains("USING COVERING INDEX tasks_series_completion"), "\(plan)")
    }

    /// A day's cards, on a board settled as the screen settles it, come from the dated cards' index
    /// alone (schema v29): the Calendar reads its day at every key.
    @Test func aDaysCardsAreReadFromTheDatedCardsIndexAlone() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T09:00")
        _ = try f.store.cards.add(CardValues(title: "Dentist"), due: date("2026-11-21"), clock: now)
        try f.store.settleHorizons(clock: now)
        let (column, plan) = try f.store.database.read { db in
            let column = try BoardStore.columns(f.store.horizons(now), db).expression
            return (column, try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + AgendaStore.datedCardsSQL(column: column), arguments: ["2026-11-21", "2026-11-21"])
                .map { $0["detail"] as String }.joined(separator: "\n"))
        }
        #expect(column == "shown")
        #expect(plan.contains("USING COVERING INDEX tasks_due"), "\(plan)")
    }
}
