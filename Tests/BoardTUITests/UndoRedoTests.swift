import BoardModel
@testable import BoardStore
@testable import BoardTUI
import Foundation
import GRDB
import Testing

/// Undo and redo of every intent through the runtime, on a real file: undo brings back exactly the
/// board before the intent, redo exactly the board after it, again and again.
@Suite struct UndoRedoTests {
    /// Every row of the board's tables except reminder claims and settings, as text.
    static func dump(_ store: BoardStore) throws -> String {
        try store.database.read { db in
            try ["templates", "recurrence_rules", "series", "tasks", "events", "habits", "habit_entries", "routine_ticks"].map { table in
                "\(table): " + (try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).sorted().joined(separator: "\n"))
            }.joined(separator: "\n")
        }
    }

    func effectsOfEveryIntent(_ f: TUIFixture) throws -> [Effect] {
        let card = try #require(try f.store.cards.list(in: .thisWeek).first)
        let occurrence = try #require(try f.store.cards.list(in: .routines).first { $0.isOccurrence && !$0.isCompleted })
        let morning = try #require(try f.store.reader.templates(clock: demoClock).first { $0.template.title == "Morning routine" })
        let habit = try f.store.habits.add("Drink water", clock: demoClock)
        let draft = TemplateDraft(values: CardValues(title: "Stretch", time: LocalTime(hour: 7, minute: 0)),
                                  rule: try RecurrenceRule(.daily), start: demoClock.today, habitLinks: [])
        var renamed = morning.template.values
        renamed.title = "Morning"
        let edited = TemplateDraft(values: renamed, rule: morning.scheduling?.schedule.rule,
                                   start: morning.scheduling?.schedule.start, habitLinks: [])
        return [
            .write(.add(title: "Buy milk", bucket: .weekend)),
            .write(.move(cardId: card.id, bucket: .nextWeek, position: nil)),
            .write(.toggleDone(cardId: card.id, completed: true)),
            .write(.delete(cardId: card.id)),
            .write(.edit(cardId: card.id, CardEdit(title: "Renamed", priority: 3), due: .keep)),
            .write(.edit(cardId: occurrence.id, CardEdit(title: "Short"), due: .keep)),
            .write(.makeException(cardId: occurrence.id, field: .priority)),
            .write(.createTemplate(draft, save: .activate)),
            .write(.createTemplate(draft, save: .pause)),
            .write(.applyTemplateEdit(try f.store.routines.planEdit(morning.template.id, BoardApp.request(edited, includeOverdue: false), clock: demoClock),
                               save: .pause)),
            .write(.pauseTemplate(templateId: morning.template.id)),
            .write(.skipNext(templateId: morning.template.id)),
            .write(.duplicateTemplate(templateId: morning.template.id)),
            .write(.archiveTemplate(templateId: morning.template.id)),
            .write(.toggleStep(.card(id: occurrence.id), index: 0)),
            .write(.addHabit(name: "Read")),
            .write(.checkIn(habitId: habit.id, name: habit.name, day: demoClock.today, source: .manual, routineId: nil)),
        ]
    }

    @Test func everyIntentIsUndoneAndRedoneExactly() throws {
        let count = try effectsOfEveryIntent(try TUIFixture()).count
        for i in 0..<count {
            let f = try TUIFixture()
            let effect = try effectsOfEveryIntent(f)[i]
            let app = try BoardApp(store: f.store, path: f.path) { demoClock }
            let before = try Self.dump(f.store)
            app.perform(effect)
            let after = try Self.dump(f.store)
            #expect(after != before, "\(effect) changed nothing: \(app.state.message ?? "")")
            for round in 1...2 {
                app.perform(.undo)
                #expect(try Self.dump(f.store) == before, "undo \(round) of \(effect): \(app.state.message ?? "")")
                app.perform(.redo)
                #expect(try Self.dump(f.store) == after, "redo \(round) of \(effect): \(app.state.message ?? "")")
            }
        }
    }

    /// Repro: add a card, move it, u, u, Ctrl-R, Ctrl-R → "id: no task …" and the card was not moved.
    @Test func redoingACreationThenTheMoveOfItWorksByTheKeys() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        for key in [Key.character("a")] + "Buy milk".map(Key.character) + [.enter, .character("L")] { _ = try app.handle(key) }
        let card = try #require(try f.store.cards.list().first { $0.title == "Buy milk" })
        #expect(card.bucket == .weekend)
        _ = try app.handle(.character("u"))
        _ = try app.handle(.character("u"))
        #expect(try f.store.cards.list().allSatisfy { $0.title != "Buy milk" })
        _ = try app.handle(.control("r"))
        _ = try app.handle(.control("r"))
        #expect(app.state.message == "Redid: move “Buy milk” to Weekend")
        #expect(try f.store.cards.find(card.id).bucket == .weekend, "the same card, moved again")
    }

    @Test func undoIsRefusedWhenAnotherProcessChangedTheCardSince() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let card = try #require(app.state.focusedCard)
        app.perform(.write(.move(cardId: card.id, bucket: .nextMonth, position: nil)))
        let later = BoardClock(local: LocalDateTime(iso: "2026-11-21T09:30")!, zone: paris)
        try BoardStore.open(path: f.path).cards.edit(card.id, CardEdit(title: "Pay rent today"), clock: later)
        let before = try Self.dump(f.store)
        app.perform(.undo)
        #expect(app.state.message == "undo: “Pay rent today” was changed elsewhere since; nothing undone")
        #expect(try Self.dump(f.store) == before, "nothing overwritten")
        #expect(try f.store.cards.find(card.id).bucket == .nextMonth)
    }
}

/// Issue: "Save and pause" on a new template was `addTemplate` (generating a week) then `pauseTemplate`:
/// a paused template with 7 occurrences, written in 2 transactions.
@Suite struct SaveAndPauseTests {
    @Test func saveAndPauseMakesAPausedTemplateWithNoOccurrence() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let draft = TemplateDraft(values: CardValues(title: "Stretch", time: LocalTime(hour: 18, minute: 0)),
                                  rule: try RecurrenceRule(.daily), start: demoClock.today, habitLinks: [])
        app.perform(.write(.createTemplate(draft, save: .pause)))
        let template = try #require(try f.store.reader.templates(clock: demoClock).first { $0.template.title == "Stretch" })
        #expect(template.template.status == .paused && template.scheduling?.series.status == .paused)
        #expect(try f.store.cards.list().filter { $0.templateId == template.template.id }.isEmpty, "no occurrence")
        #expect(app.state.message == "Created template “Stretch” (paused).")
    }
}
