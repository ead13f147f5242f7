import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

@Suite struct ExceptionAndSeriesTests {
    let now = clock("2026-11-21T09:00")

    @Test func editingAFieldMasksItTickingDoesNotAndReapplyRestores() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Morning", labels: ["health"], checklist: ["water", "stretch"], time: LocalTime(hour: 7, minute: 0), priority: 1),
                                        rule: try rule("every day"), clock: now)
        let o = try f.store.occurrences(of: t.id)[0]
        try f.store.checklists.toggle(0, of: .card(id: o.id), clock: now)
        #expect(try f.store.cards.find(o.id).exceptionMask.isEmpty)
        #expect(try f.store.cards.find(o.id).checklist[0].done)
        try f.store.cards.edit(o.id, CardEdit(title: "Slow morning", labels: ["health", "rest"], time: FieldEdit(LocalTime(hour: 9, minute: 0))), clock: now)
        // Setting a field to its current value is no edit.
        try f.store.cards.edit(o.id, CardEdit(priority: 1), clock: now)
        #expect(try f.store.cards.find(o.id).exceptionMask == [.title, .labels, .time])
        try f.store.cards.move(o.id, to: .thisWeek, clock: now)
        #expect(try f.store.cards.find(o.id).exceptionMask == [.title, .labels, .bucket, .time])

        try f.store.cards.reapply(o.id, fields: [.title, .bucket], clock: now)
        var task = try f.store.cards.find(o.id)
        #expect(task.exceptionMask == [.labels, .time] && task.title == "Morning" && task.bucket == .routines)
        #expect(task.labels == ["health", "rest"] && task.dueTime == LocalTime(hour: 9, minute: 0))
        try f.store.cards.reapply(o.id, clock: now)
        task = try f.store.cards.find(o.id)
        #expect(task.exceptionMask.isEmpty && task.labels == ["health"] && task.dueTime == LocalTime(hour: 7, minute: 0))
        #expect(task.checklist[0].done, "reapply keeps the ticks of unchanged steps")
    }

    @Test func propagatedChecklistKeepsTicksOfUnchangedSteps() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Evening", checklist: ["dishes", "teeth", "read"]), rule: try rule("every day"), clock: now)
        let o = try f.store.occurrences(of: t.id)[0]
        try f.store.checklists.toggle(0, of: .card(id: o.id), clock: now)
        try f.store.checklists.toggle(2, of: .card(id: o.id), clock: now)
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(checklist: ["dishes", "floss", "teeth"])), clock: now)
        try f.store.routines.applyEdit(plan, clock: now)
        #expect(try f.store.cards.find(o.id).checklist == [ChecklistItem("dishes", done: true), ChecklistItem("floss"), ChecklistItem("teeth")])
    }

    @Test func afterCompletionKeepsExactlyOneOpenOccurrence() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Water cactus"), rule: try rule("every! 3 days"), start: date("2026-11-16"), clock: clock("2026-11-16T08:00"))
        var open = try f.store.occurrences(of: t.id).filter { !$0.isCompleted }
        #expect(open.map { $0.occurrenceDate!.iso } == ["2026-11-16"])
        #expect(try f.store.routines.generate(clock: clock("2026-11-17T08:00")) == 0)
        // Due Monday, done Wednesday → next Saturday.
        try f.store.cards.complete(open[0].id, clock: clock("2026-11-18T20:00"))
        open = try f.store.occurrences(of: t.id).filter { !$0.isCompleted }
        #expect(open.map { $0.occurrenceDate!.iso } == ["2026-11-21"])
        #expect(try f.store.routines.generate(clock: clock("2026-11-25T08:00")) == 0)
        // Skip next moves the open one an interval on.
        try f.store.routines.skipNext(t.id, clock: now)
        #expect(try f.store.occurrences(of: t.id).filter { !$0.isCompleted }.map { $0.occurrenceDate!.iso } == ["2026-11-24"])
    }

    @Test func afterCompletionWithACountArchivesWhenDone() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Antibiotics"), rule: try rule("every! 1 day, 2 times"), clock: now)
        try f.store.cards.complete(try f.store.occurrences(of: t.id)[0].id, clock: now)
        let second = try f.store.occurrences(of: t.id).filter { !$0.isCompleted }
        #expect(second.map { $0.occurrenceDate!.iso } == ["2026-11-22"])
        try f.store.cards.complete(second[0].id, clock: clock("2026-11-22T09:00"))
        let overview = try f.store.routines.overview(t.id, clock: clock("2026-11-22T09:00"))
        #expect(overview.template.status == .archived && overview.remaining == 0)
        #expect(try f.store.occurrences(of: t.id).allSatisfy(\.isCompleted))
    }

    @Test func pauseResumeDuplicateArchive() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Journal"), rule: try rule("every day"), clock: now)
        try f.store.routines.pause(t.id, clock: now)
        #expect(try f.store.routines.generate(clock: clock("2026-11-25T09:00")) == 0)
        #expect(try f.store.occurrences(of: t.id).count == 7, "pausing keeps the tasks")
        #expect(try f.store.routines.overview(t.id, clock: now).nextRun == nil)
        // Resume generates from today on, without backfill.
        try f.store.routines.resume(t.id, clock: clock("2026-12-10T09:00"))
        let dates = try f.store.occurrences(of: t.id).map { $0.occurrenceDate! }
        #expect(dates.count == 14 && dates[7] == date("2026-12-10"))

        let copy = try f.store.routines.duplicate(t.id, clock: now)
        #expect(copy.title == "Journal (copy)" && copy.status == .draft && copy.id != t.id)
        #expect(try f.store.occurrences(of: copy.id).isEmpty)
        try f.store.routines.resume(copy.id, clock: now)
        #expect(try f.store.occurrences(of: copy.id).count == 7)
        #expect(try f.store.routines.overview(copy.id, clock: now).scheduling?.series.id != f.store.routines.overview(t.id, clock: now).scheduling?.series.id)

        try f.store.routines.archive(t.id, clock: now)
        #expect(try f.store.routines.generate(clock: clock("2026-12-20T09:00")) == 7, "only the copy generates")
        #expect(try f.store.occurrences(of: t.id).count == 14, "archiving keeps the tasks, still linked")
        #expect(throws: BoardError.self) { try f.store.routines.pause(t.id, clock: now) }
    }

    @Test func deletingAnOccurrenceSkipsItsDate() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), clock: now)
        try f.store.cards.delete(try f.store.occurrences(of: t.id)[1].id, clock: now)
        #expect(try f.store.routines.generate(clock: now) == 0)
        #expect(try f.store.occurrences(of: t.id).count == 6)
    }

    @Test func changingTheRuleRemovesUneditedOccurrencesOffTheSchedule() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Run"), rule: try rule("every day"), clock: now)
        let kept = try f.store.occurrences(of: t.id)[2]  // Mon Nov 23
        try f.store.cards.edit(kept.id, CardEdit(title: "Long run"), clock: now)
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(rule: try rule("every tue and thu")), clock: now)
        #expect(plan.scheduleChanged && plan.removals.count == 4)
        try f.store.routines.applyEdit(plan, clock: now)
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } == ["2026-11-23", "2026-11-24", "2026-11-26"])
        #expect(try f.store.routines.overview(t.id, clock: now).summary == "Every Tuesday and Thursday")
    }

    @Test func aPlanTheBoardMovedAwayFromIsRefused() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Yoga"), rule: try rule("every day"), clock: now)
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(title: "Yin yoga")), clock: now)
        try f.store.cards.edit(try f.store.occurrences(of: t.id)[0].id, CardEdit(title: "Hot yoga"), clock: now)
        #expect(throws: BoardError("template", "the board changed since this plan was made; plan the edit again")) {
            try f.store.routines.applyEdit(plan, clock: now)
        }
        #expect(try f.store.occurrences(of: t.id)[1].title == "Yoga")
    }
}

/// Issue: after-completion routines completed early, and reopened.
@Suite struct AfterCompletionEdgeTests {
    let now = clock("2026-11-21T09:00")

    /// Repro: `every! 1 days` at 09:00 made at 08:00 Nov 21; the Nov 21 and Nov 22 occurrences both done at
    /// 08:00 Nov 21 → the next due date (Nov 22) was already used, nothing was created, the routine stopped for good.
    @Test func completingEarlyNeverStopsTheRoutine() throws {
        let f = try StoreFixture()
        let at = clock("2026-11-21T08:00")
        let t = try f.store.routines.add(CardValues(title: "A", time: LocalTime(hour: 9, minute: 0)), rule: try rule("every! 1 days"), clock: at)
        try f.store.cards.complete(try f.store.occurrences(of: t.id)[0].id, clock: at)
        let second = try f.store.occurrences(of: t.id).filter { !$0.isCompleted }
        #expect(second.map { $0.occurrenceDate!.iso } == ["2026-11-22"])
        try f.store.cards.complete(second[0].id, clock: at)
        // Next due = completion day + 1 = Nov 22, used already → the next unused day.
        #expect(try f.store.occurrences(of: t.id).filter { !$0.isCompleted }.map { $0.occurrenceDate!.iso } == ["2026-11-23"])
        try f.store.routines.generate(clock: clock("2026-12-01T08:00"))
        #expect(try f.store.occurrences(of: t.id).filter { !$0.isCompleted }.count == 1)
    }

    @Test func reopeningTakesBackTheUntouchedNextOne() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Water cactus"), rule: try rule("every! 3 days"), clock: now)
        let first = try f.store.occurrences(of: t.id)[0]
        try f.store.cards.complete(first.id, clock: now)
        #expect(try f.store.occurrences(of: t.id).count == 2)
        try f.store.cards.reopen(first.id, clock: now)
        let occurrences = try f.store.occurrences(of: t.id)
        #expect(occurrences.map(\.id) == [first.id] && !occurrences[0].isCompleted, "exactly one open occurrence, the reopened one")
        // Completing again makes the same next date again.
        try f.store.cards.complete(first.id, clock: now)
        #expect(try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso } == ["2026-11-21", "2026-11-24"])
    }

    @Test func reopeningIsRefusedWhenTheNextOneWasEdited() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Water cactus"), rule: try rule("every! 3 days"), clock: now)
        let first = try f.store.occurrences(of: t.id)[0]
        try f.store.cards.complete(first.id, clock: now)
        let next = try f.store.occurrences(of: t.id)[1]
        try f.store.cards.edit(next.id, CardEdit(title: "Water the big cactus"), clock: now)
        #expect(throws: BoardError("reopen", "the next “Water the big cactus” (Tue Nov 24) was already changed; complete or delete it first, so the routine keeps one open occurrence")) {
            try f.store.cards.reopen(first.id, clock: now)
        }
        #expect(try f.store.cards.find(first.id).isCompleted)
        #expect(throws: BoardError("id", "“Water cactus” is already completed; nothing to do")) { try f.store.cards.complete(first.id, clock: now) }
        #expect(throws: BoardError("id", "“Water the big cactus” is not completed; nothing to reopen")) { try f.store.cards.reopen(next.id, clock: now) }
    }
}

/// Issue: `board template add Pills --every 'every day at 20:00' --times 3` printed "active", and the next
/// `template list` showed "archived · 0 remaining" while its 3 occurrences were still ahead.
@Suite struct SeriesEndTests {
    @Test func aRoutineEndingInsideTheWindowStaysActiveUntilItsLastDatePasses() throws {
        for phrase in ["every day at 20:00, 3 times", "every day at 20:00 until nov 23"] {
            let f = try StoreFixture()
            let t = try f.store.routines.add(CardValues(title: "Pills"), rule: try rule(phrase), clock: clock("2026-11-21T10:00"))
            #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-21T10:00")).template.status == .active, "\(phrase)")
            try f.store.routines.generate(clock: clock("2026-11-23T21:00"))
            #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-23T21:00")).template.status == .active, "the last one is today")
            try f.store.routines.generate(clock: clock("2026-11-24T08:00"))
            #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-24T08:00")).template.status == .archived, "\(phrase)")
            #expect(try f.store.occurrences(of: t.id).count == 3)
        }
    }

    @Test func completingTheLastOccurrenceEndsTheRoutineAtOnce() throws {
        let f = try StoreFixture()
        let at = clock("2026-11-21T10:00")
        let t = try f.store.routines.add(CardValues(title: "Pills"), rule: try rule("every day at 20:00, 2 times"), clock: at)
        let occurrences = try f.store.occurrences(of: t.id)
        try f.store.cards.complete(occurrences[0].id, clock: at)
        #expect(try f.store.routines.overview(t.id, clock: at).template.status == .active)
        try f.store.cards.complete(occurrences[1].id, clock: at)
        #expect(try f.store.routines.overview(t.id, clock: at).template.status == .archived)
    }
}

/// Issue: with an overdue occurrence whose title is an exception, "Also update 1 overdue open occurrence"
/// was offered for a title edit, and the count stayed the same when toggled.
@Suite struct OverdueCountTests {
    @Test func overdueOccurrencesTheEditWouldNotChangeAreNotCounted() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Read"), rule: try rule("every day"), start: date("2026-11-19"), clock: clock("2026-11-19T08:00"))
        let occurrences = try f.store.occurrences(of: t.id)
        try f.store.cards.edit(occurrences[0].id, CardEdit(title: "Read a novel"), clock: clock("2026-11-19T08:00"))  // Nov 19: title is its own
        let today = clock("2026-11-21T09:00")
        try f.store.routines.generate(clock: today)
        let titleEdit = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(title: "Read more")), clock: today)
        #expect(titleEdit.propagation.overdueOpen == 1, "Nov 20 would change; Nov 19 keeps its own title")
        let withOverdue = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(title: "Read more"), includeOverdue: true), clock: today)
        #expect(withOverdue.propagation.count == titleEdit.propagation.count + titleEdit.propagation.overdueOpen)
        let descriptionEdit = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(description: "any book")), clock: today)
        #expect(descriptionEdit.propagation.overdueOpen == 2, "both take a description")
    }
}

/// Issue: "next Sun Nov 22 07:00" was shown at 09:56 for an occurrence already past and completed;
/// `s` at 12:00 skipped today's 07:30 that had passed.
@Suite struct NextRunTests {
    @Test func nextRunIsTheFirstOccurrenceNotDoneAndStillAhead() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Stretch", time: LocalTime(hour: 7, minute: 0)), rule: try rule("every day"),
                                        start: date("2026-11-22"), clock: clock("2026-11-21T20:00"))
        #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-22T06:00")).nextRun == date("2026-11-22"))
        #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-22T09:56")).nextRun == date("2026-11-23"), "07:00 has passed")
        // Completed early, before its time: not next either.
        try f.store.cards.complete(try f.store.occurrences(of: t.id)[0].id, clock: clock("2026-11-22T06:00"))
        #expect(try f.store.routines.overview(t.id, clock: clock("2026-11-22T06:30")).nextRun == date("2026-11-23"))
    }

    @Test func skipNextSkipsTheNextStillAhead() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Walk", time: LocalTime(hour: 7, minute: 30)), rule: try rule("every day"),
                                        start: date("2026-11-21"), clock: clock("2026-11-21T06:00"))
        #expect(try f.store.routines.skipNext(t.id, clock: clock("2026-11-21T12:00")).date == date("2026-11-22"))
        let dates = try f.store.occurrences(of: t.id).map { $0.occurrenceDate!.iso }
        #expect(dates.first == "2026-11-21" && !dates.contains("2026-11-22"), "today's 07:30, past, stays")
    }
}

/// Moving a card shifts only the cards between where it was and where it goes, and keeps every order right.
@Suite struct MoveRangeTests {
    let now = clock("2026-11-21T09:00")

    func titles(_ f: StoreFixture, _ bucket: Bucket) throws -> [String] { try f.store.cards.list(in: bucket).map(\.title) }

    @Test func movesWithinAndAcrossBucketsKeepTheOrderAndTouchOnlyTheRange() throws {
        let f = try StoreFixture()
        var ids: [String: String] = [:]
        for t in ["a", "b", "c", "d", "e", "f"] { ids[t] = try f.store.cards.add(CardValues(title: t), clock: now).id }
        try f.store.cards.move(ids["e"]!, to: .thisWeek, position: 1, clock: now)           // up
        #expect(try titles(f, .thisWeek) == ["a", "e", "b", "c", "d", "f"])
        try f.store.cards.move(ids["a"]!, to: .thisWeek, position: 4, clock: now)           // down
        #expect(try titles(f, .thisWeek) == ["e", "b", "c", "d", "a", "f"])
        try f.store.cards.move(ids["f"]!, to: .thisWeek, position: 0, clock: now)           // to the top
        #expect(try titles(f, .thisWeek) == ["f", "e", "b", "c", "d", "a"])
        try f.store.cards.move(ids["f"]!, to: .thisWeek, clock: now)                        // to the end
        #expect(try titles(f, .thisWeek) == ["e", "b", "c", "d", "a", "f"])
        try f.store.cards.move(ids["c"]!, to: .weekend, clock: now)
        try f.store.cards.move(ids["b"]!, to: .weekend, position: 0, clock: now)            // in from another bucket
        #expect(try titles(f, .weekend) == ["b", "c"] && titles(f, .thisWeek) == ["e", "d", "a", "f"])
        // Reordering writes the moved card only, not its neighbours nor the bucket.
        let (_, change) = try f.store.recording { try f.store.cards.move(ids["f"]!, to: .thisWeek, position: 2, clock: now) }
        #expect(try titles(f, .thisWeek) == ["e", "d", "f", "a"])
        #expect(change.cardIds == [ids["f"]!])
    }

    @Test func sharedPositionsAreNumberedAfresh() throws {
        let f = try StoreFixture()
        var ids: [String] = []
        for t in ["a", "b", "c"] { ids.append(try f.store.cards.add(CardValues(title: t), clock: now).id) }
        try f.store.database.write { db in try db.execute(sql: "UPDATE tasks SET position = 0") }  // two processes added at once
        // Equal positions fall to the card id, the same on every device.
        let byId = zip(ids, ["a", "b", "c"]).sorted { $0.0 < $1.0 }.map(\.1)
        #expect(try titles(f, .thisWeek) == byId)
        // Between two cards that share a position there is no room: the bucket is numbered afresh.
        try f.store.cards.move(ids[2], to: .thisWeek, position: 1, clock: now)
        let others = byId.filter { $0 != "c" }
        #expect(try titles(f, .thisWeek) == [others[0], "c", others[1]])
        #expect(try f.store.cards.list(in: .thisWeek).map(\.position) == [0, 1024, 2048])
    }
}
