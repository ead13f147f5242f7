import BoardModel
import BoardStore
import Foundation
import GRDB
import Testing

/// A routine several times a day (issue 54): each time is its own occurrence, with its own card,
/// completion, skip and key; propagation adds and removes runs by time and keeps finished work.
@Suite struct SeveralTimesTests {
    let now = clock("2026-11-21T07:00")
    static let twice = try! TimesOfDay(parsing: "08:00, 20:00")

    private func runs(_ store: BoardStore, _ templateId: String) throws -> [String] {
        try store.occurrences(of: templateId)
            .map { "\($0.occurrenceDate!.iso)T\($0.dueTime!.description)" + ($0.isCompleted ? " done" : "") }.sorted()
    }

    @Test func eachTimeIsItsOwnOccurrence() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: Self.twice,
                                        start: date("2026-11-21"), clock: now)
        let made = try runs(f.store, t.id)
        #expect(made.count == 14 && made.prefix(3) == ["2026-11-21T08:00", "2026-11-21T20:00", "2026-11-22T08:00"])
        // Keyed by date and time, with ids derived from both: two devices make the same rows.
        let cards = try f.store.occurrences(of: t.id)
        #expect(Set(cards.map(\.id)).count == 14)
        let series = try #require(cards.first?.seriesId)
        let evening = try #require(cards.first { $0.occurrenceDate == date("2026-11-21") && $0.occurrenceTime == LocalTime(hour: 20, minute: 0) })
        #expect(evening.id == NameBasedId.occurrence(series: series, date: date("2026-11-21"), time: LocalTime(hour: 20, minute: 0)))
        #expect(try f.store.routines.generate(clock: now) == 0)
        // The next day adds its two runs, and nothing else.
        #expect(try f.store.routines.generate(clock: clock("2026-11-22T07:00")) == 2)
        let overview = try f.store.routines.overview(t.id, clock: clock("2026-11-21T09:00"))
        #expect(overview.summary == "Every day at 08:00 and 20:00")
        #expect(overview.nextRun == date("2026-11-21") && overview.nextTime == LocalTime(hour: 20, minute: 0))
    }

    @Test func completingOrDeletingOneRunLeavesTheOther() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: Self.twice,
                                        start: date("2026-11-21"), clock: now)
        let first = try f.store.occurrences(of: t.id).filter { $0.occurrenceDate == date("2026-11-21") }
        try f.store.cards.complete(try #require(first.first { $0.dueTime?.hour == 8 }).id, clock: now)
        try f.store.cards.delete(try #require(first.first { $0.dueTime?.hour == 20 }).id, clock: now)
        #expect(try f.store.routines.generate(clock: now) == 0)
        let today = try runs(f.store, t.id).filter { $0.hasPrefix("2026-11-21") }
        #expect(today == ["2026-11-21T08:00 done"])
        // The deleted run alone is skipped: its date-time, not its day.
        let series = try #require(try f.store.routines.overview(t.id, clock: now).scheduling?.series)
        #expect(series.skippedDates == ["2026-11-21T20:00"])
    }

    @Test func skipNextSkipsTheNextRunNotTheDay() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: Self.twice,
                                        start: date("2026-11-21"), clock: now)
        let at9 = clock("2026-11-21T09:00")
        let skipped = try f.store.routines.skipNext(t.id, clock: at9)
        #expect(skipped == OccurrenceKey(date: date("2026-11-21"), time: LocalTime(hour: 20, minute: 0)))
        #expect(try runs(f.store, t.id).prefix(2) == ["2026-11-21T08:00", "2026-11-22T08:00"])
        #expect(try f.store.routines.overview(t.id, clock: at9).nextTime == LocalTime(hour: 8, minute: 0))
    }

    @Test func fromOneTimeToTwoAddsTheNewRunsAndKeepsTheCards() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds", time: LocalTime(hour: 8, minute: 0)), rule: try rule("every day"),
                                        start: date("2026-11-21"), clock: now)
        let before = try f.store.occurrences(of: t.id)
        try f.store.cards.complete(before[0].id, clock: now)
        var request = TemplateEditRequest()
        request.times = Self.twice
        let plan = try f.store.routines.planEdit(t.id, request, clock: now)
        #expect(plan.removals.isEmpty && plan.scheduleChanged)
        try f.store.routines.applyEdit(plan, clock: now)
        let after = try f.store.occurrences(of: t.id)
        #expect(after.count == 14)
        // The 08:00 cards are the ones that were there, finished work included, now keyed by time.
        #expect(Set(before.map(\.id)).isSubset(of: Set(after.map(\.id))))
        #expect(try runs(f.store, t.id).prefix(3) == ["2026-11-21T08:00 done", "2026-11-21T20:00", "2026-11-22T08:00"])
        #expect(after.allSatisfy { $0.occurrenceTime != nil })
        #expect(try f.store.routines.generate(clock: now) == 0)
    }

    @Test func fromTwoTimesToOneRemovesOnlyTheDroppedTimesOpenRuns() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: Self.twice,
                                        start: date("2026-11-21"), clock: now)
        let cards = try f.store.occurrences(of: t.id)
        let doneEvening = try #require(cards.first { $0.occurrenceDate == date("2026-11-21") && $0.dueTime?.hour == 20 })
        try f.store.cards.complete(doneEvening.id, clock: now)
        let eight = LocalTime(hour: 8, minute: 0)!
        var request = TemplateEditRequest(fields: CardEdit(time: .set(eight)))
        request.times = .some(TimesOfDay(eight))
        let plan = try f.store.routines.planEdit(t.id, request, clock: now)
        #expect(plan.removals.count == 6, "the six open 20:00 runs from tomorrow on, not the finished one")
        try f.store.routines.applyEdit(plan, clock: now)
        #expect(try runs(f.store, t.id) == ["2026-11-21T08:00", "2026-11-21T20:00 done"]
                + (22...27).map { "2026-11-\($0)T08:00" })
        // The kept runs are keyed by date again, as a routine with one time keys them.
        #expect(try f.store.occurrences(of: t.id).filter { !$0.isCompleted }.allSatisfy { $0.occurrenceTime == nil })
        #expect(try f.store.routines.generate(clock: clock("2026-11-22T07:00")) == 1)
    }

    @Test func aDocumentCarriesTheTimesAndEachRunsTime() throws {
        let f = try StoreFixture()
        _ = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: Self.twice, clock: now)
        var text = ""
        try f.store.exchange.export { text += $0 }
        #expect(text.contains("\"time\" : \"08:00, 20:00\""))
        #expect(text.contains("\"occurrence_time\" : \"20:00\""))
        // Read into another board, the same runs: generation there makes nothing new.
        let copy = try StoreFixture()
        _ = try copy.store.exchange.importDocument(Data(text.utf8), clock: now)
        #expect(try copy.store.cards.list().count == 14)
        #expect(try copy.store.routines.generate(clock: now) == 0)
    }

    /// Timed steps are kept in time order, before the untimed ones, their habit links with them.
    @Test func timedStepsAreKeptInTimeOrderWithTheirHabitLinks() throws {
        let f = try StoreFixture()
        let meds = try f.store.habits.add("Meds", clock: now)
        let t = try f.store.routines.add(CardValues(title: "Sitter", checklist: ["Play", "07:30 Meds", "07:00 Breakfast"]), rule: try rule("every day"),
                                        habitLinks: [nil, meds.id, nil], clock: now)
        let template = try f.store.routines.overview(t.id, clock: now).template
        #expect(template.checklist.map(\.text) == ["07:00 Breakfast", "07:30 Meds", "Play"])
        #expect(template.checklist.map(\.habitId) == [nil, meds.id, nil])
        #expect(try f.store.occurrences(of: t.id)[0].checklist.map(\.text) == ["07:00 Breakfast", "07:30 Meds", "Play"])
        // An edit adding a timed step puts it in its place, on the template and its open runs.
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(checklist: ["07:00 Breakfast", "07:30 Meds", "Play", "06:45 Wake up"]),
                                                                          habitLinks: [nil, meds.id, nil, nil]), clock: now)
        try f.store.routines.applyEdit(plan, clock: now)
        let edited = try f.store.routines.overview(t.id, clock: now).template
        #expect(edited.checklist.map(\.text) == ["06:45 Wake up", "07:00 Breakfast", "07:30 Meds", "Play"])
        #expect(edited.checklist.map(\.habitId) == [nil, nil, meds.id, nil])
        #expect(try f.store.occurrences(of: t.id)[0].checklist.map(\.text) == ["06:45 Wake up", "07:00 Breakfast", "07:30 Meds", "Play"])
    }

    /// The Calendar acts on a planned run by its day and time: the 20:00 run, not the day's first.
    @Test func aPlannedRunIsActedOnAtItsOwnTime() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day"), times: Self.twice,
                                        start: date("2026-11-21"), clock: now)
        let day = date("2026-11-29")
        let planned = try f.store.agenda.days(day...day, clock: now)
        #expect(planned.map { $0.time?.description } == ["08:00", "20:00"] && planned.allSatisfy { $0.kind == .planned })
        let evening = try f.store.agenda.act(onPlannedRun: t.id, date: day, time: planned[1].time, .complete, clock: now)
        #expect(evening.dueTime == LocalTime(hour: 20, minute: 0) && evening.isCompleted && evening.occurrenceTime == planned[1].time)
        try f.store.agenda.skipPlannedRun(templateId: t.id, date: day.adding(days: 1), time: LocalTime(hour: 8, minute: 0), clock: now)
        let after = try f.store.agenda.days(day...day.adding(days: 1), clock: now)
        #expect(after.map { "\($0.date.iso) \($0.time!) \($0.kind)" } == [
            "2026-11-29 08:00 planned", "2026-11-29 20:00 run", "2026-11-30 20:00 planned",
        ], "\(after.map { "\($0.date.iso) \($0.time!) \($0.kind)" })")
    }

    /// An end after N counts runs: 5 times at 08:00 and 20:00 is two days and a half, and what is
    /// left says runs, not days.
    @Test func anEndAfterNCountsRuns() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Meds"), rule: try rule("every day for 5 times"), times: Self.twice,
                                        start: date("2026-11-21"), clock: now)
        #expect(try runs(f.store, t.id) == ["2026-11-21T08:00", "2026-11-21T20:00", "2026-11-22T08:00", "2026-11-22T20:00", "2026-11-23T08:00"])
        #expect(try f.store.routines.overview(t.id, clock: now).remaining == 3, "the two runs of today are used")
        #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-22T07:00")).remaining == 1, "after the 22nd: the 23rd's 08:00")
    }
}

/// A routine several times a day that another person shares (issue 54): past the runs its owner's
/// board has made, each time is its own planned run, in the agenda, the Calendar's counts and
/// the next run.
@Suite struct SharedSeveralTimesTests {
    @Test func plannedRunsOfASharedRoutinePastItsOwnersWeekArePerTime() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-28T12:00")
        let times = try TimesOfDay(parsing: "08:00, 20:00")
        // The owner's board made the 28th and 29th.
        let made = ["2026-11-28", "2026-11-29"].flatMap { day in
            times.times.map { SharedRun(id: "run-\(day)-\($0)", routineId: "meds", title: "Meds", date: date(day), time: $0, completed: false) }
        }
        try f.store.routines.replaceShared([SharedRoutine(id: "meds", sharedBy: "ann", title: "Meds", description: "", checklist: [],
                                                          status: .active, rule: "FREQ=DAILY", times: times, startsOn: date("2026-11-01"))],
                                           runs: made)
        let items = try f.store.agenda.days(date("2026-11-28")...date("2026-12-01"), clock: now).filter { $0.kind == .shared }
        #expect(items.map { "\($0.date) \($0.time?.description ?? "-")" } == [
            "2026-11-28 08:00", "2026-11-28 20:00", "2026-11-29 08:00", "2026-11-29 20:00",
            "2026-11-30 08:00", "2026-11-30 20:00", "2026-12-01 08:00", "2026-12-01 20:00",
        ])
        #expect(try f.store.agenda.counts(date("2026-11-28")...date("2026-12-01"), clock: now) == [2, 2, 2, 2])
        #expect(try f.store.reader.sharedRoutines().first?.summary == "Every day at 08:00 and 20:00")
        // Past every made run, the next is the first planned time still ahead.
        let next = try #require(try f.store.reader.nextSharedRuns(at: LocalDateTime(iso: "2026-11-29T21:00")!)["meds"])
        #expect(next.date == date("2026-11-30") && next.time?.description == "08:00")
        // A copy of it keeps both times.
        let copy = try f.store.routines.duplicateShared("meds", clock: now)
        #expect(copy.times?.description == "08:00, 20:00")
    }
}
