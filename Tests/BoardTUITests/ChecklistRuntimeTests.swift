import BoardModel
@testable import BoardStore
@testable import BoardTUI
import Foundation
import GRDB
import Testing

/// Checklists, routine runs, suggestions and the Habits view through the keys, on a real file.
@Suite struct ChecklistRuntimeTests {
    final class Clock: @unchecked Sendable {
        var now = BoardClock(local: LocalDateTime(iso: "2026-11-21T21:00")!, zone: paris)
        func set(_ iso: String) { now = BoardClock(local: LocalDateTime(iso: iso)!, zone: paris) }
    }

    static let steps = ["Brush teeth", "Drink a glass of water",
                        "Stretch for ten minutes, slowly, the long sequence from the yoga class with the breathing",
                        "Lay out clothes", "Lights off"]

    /// The demo board, two habits, and "Bedtime" without a schedule whose steps 2 and 3 are linked to them.
    struct Setup {
        let f: TUIFixture
        let clock = Clock()
        let bedtime: TemplateRecord
        let water: HabitRecord
        let stretch: HabitRecord
        let app: BoardApp

        init() throws {
            f = try TUIFixture()
            water = try f.store.habits.add("Drink water", clock: clock.now)
            stretch = try f.store.habits.add("Stretch", clock: clock.now)
            bedtime = try f.store.routines.add(CardValues(title: "Bedtime", checklist: ChecklistRuntimeTests.steps), rule: nil,
                                              habitLinks: [nil, water.id, stretch.id, nil, nil], clock: clock.now)
            let clock = self.clock
            app = try BoardApp(store: f.store, path: f.path) { clock.now }
            _ = try app.firstFrame(width: 120, height: 40)
        }

        func keys(_ keys: [Key]) throws {
            for key in keys { _ = try app.handle(key) }
        }

        /// Moves the focus to a template's row the way a user does: to Routines, then up into Templates.
        func focusTemplate(_ title: String) throws {
            try keys(Array(repeating: .character("l"), count: 4))
            while app.state.templateFocus == nil { try keys([.character("k")]) }
            while app.state.focusedTemplate?.title != title {
                let row = app.state.templateFocus
                try keys([.character("k")])
                guard app.state.templateFocus != row else { throw BoardError("focus", "no template \(title)") }
            }
        }

        var screen: String { view(app.state).text }

        /// In a run's checklist: ticks the two linked steps (unticking first where ticked already), so the run saw both ticked.
        func tickLinkedSteps() throws {
            for row in [1, 2] {
                guard case .checklist(let at) = app.state.mode else { throw BoardError("mode", "no checklist: \(app.state.mode)") }
                try keys(Array(repeating: .character("j"), count: row - at.cursor))
                guard case .checklist(let on) = app.state.mode else { throw BoardError("mode", "no checklist") }
                try keys(on.checklist.steps[row].done ? [.character(" "), .character(" ")] : [.character(" ")])
            }
        }

        func entries() throws -> [HabitEntryRecord] {
            try f.store.database.read { db in try HabitEntryRecord.order(Column("habit_id")).fetchAll(db) }
        }

        /// Every row of every table, as text: what "nothing was written" compares. The ticks a user
        /// makes during a run are their own act, not a trace of the run: `excludingTicks` leaves them out.
        func dump(excludingTicks: Bool = false, excluding: Set<String> = []) throws -> String {
            try f.store.database.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                    .filter { !(excludingTicks && $0 == "routine_ticks") && !excluding.contains($0) }
                return try tables.map { table in
                    "\(table): " + (try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).sorted().joined(separator: "\n"))
                }.joined(separator: "\n")
            }
        }
    }

    @Test func tickThreeOfFiveAndAtMidnightTheOpenListIsFresh() throws {
        let s = try Setup()
        try s.focusTemplate("Bedtime")
        try s.keys([.enter])
        guard case .checklist = s.app.state.mode else { Issue.record("no checklist: \(s.app.state.mode)"); return }
        #expect(s.screen.contains("Bedtime · today · 0 of 5 done"))
        try s.keys([.character(" "), .character("j"), .enter, .character("j"), .character(" ")])
        #expect(s.screen.contains("Bedtime · today · 3 of 5 done"))
        #expect(try s.f.store.checklists.read(ofRoutine: s.bedtime.id, day: date("2026-11-21"), clock: s.clock.now).doneCount == 3)
        #expect(try s.entries().isEmpty, "ticking linked steps must not create an entry")
        // u takes the last tick back.
        try s.keys([.character("u")])
        #expect(s.screen.contains("2 of 5 done"))
        try s.keys([.control("r")])
        #expect(s.screen.contains("3 of 5 done"))

        s.clock.set("2026-11-22T00:00")
        #expect(try s.app.noticeChanges())
        #expect(s.screen.contains("Bedtime · today · 0 of 5 done"))
        #expect(s.screen.contains("[ ] Brush teeth") && s.screen.contains("[ ] Drink a glass of water") && !s.screen.contains("[x] Brush"))
    }

    @Test func aRunSuggestsLinkedHabitsAndOnlyAConfirmationWritesAnEntry() throws {
        let s = try Setup()
        // Every table but the entries (one is confirmed below), the ticks (the user's) and the events
        // (an entry records one): a run stored anywhere would show up as a difference.
        let untouched: Set<String> = ["habit_entries", "routine_ticks", "events"]
        let before = try s.dump(excluding: untouched)
        try s.focusTemplate("Bedtime")
        try s.keys([.character("S")])
        #expect(s.app.state.runs.executions.map(\.routineId) == [s.bedtime.id])
        #expect(s.screen.contains("Running since 21:00 · F finish · X discard"))
        try s.tickLinkedSteps()
        try s.keys([.character("F")])
        #expect(s.app.state.mode == .suggestion(returningTo: nil))
        #expect(s.screen.contains("Did this routine help: Drink water today? y confirm · n dismiss · Esc later"))
        #expect(try s.entries().isEmpty, "finishing alone writes nothing")
        try s.keys([.character("y")])
        #expect(s.screen.contains("Did this routine help: Stretch today?"))
        try s.keys([.character("n")])
        #expect(s.app.state.mode == .normal && s.app.state.runs.suggestions.isEmpty)
        let entries = try s.entries()
        #expect(entries.count == 1)
        #expect(entries.first.map { "\($0.habitId) \($0.day) \($0.source) \($0.routineId ?? "-")" } == "\(s.water.id) 2026-11-21 routine \(s.bedtime.id)")

        // Another run the same day: Drink water is checked in already, so only Stretch is asked.
        try s.keys([.character("S")])
        try s.tickLinkedSteps()
        try s.keys([.character("F")])
        #expect(s.app.state.runs.suggestions.map(\.habitName) == ["Stretch"])
        try s.keys([.character("n")])
        #expect(try s.entries().count == 1)

        // Discarding a run deletes it and its suggestions, never an entry.
        try s.keys([.character("S"), .character("X")])
        #expect(s.app.state.runs.executions.isEmpty && s.app.state.runs.suggestions.isEmpty)
        #expect(try s.entries().count == 1)
        try s.keys([.escape])

        // A restart: nothing of runs or suggestions comes back, and the file holds only the entry.
        let clock = s.clock
        let again = try BoardApp(store: s.f.store, path: s.f.path) { clock.now }
        let frame = try again.firstFrame(width: 120, height: 40)
        #expect(again.state.runs == RoutineRuns() && again.state.mode == .normal)
        #expect(!frame.text.contains("Did this routine help"))
        #expect(try s.dump(excluding: untouched) == before, "no row of a run or a suggestion anywhere")
        #expect(try s.entries().count == 1)
    }

    /// Issue 44: a suggestion confirmed from the Habits view (g, Enter, y) left its row at "·" and
    /// "0 days" until the view was opened again, when another suggestion was asked next.
    @Test func aSuggestionConfirmedInTheHabitsViewShowsInItsRowAtOnce() throws {
        let s = try Setup()
        try s.focusTemplate("Bedtime")
        try s.keys([.character("S")])
        try s.tickLinkedSteps()
        try s.keys([.character("F"), .escape, .character("g"), .enter])
        #expect(s.screen.contains("Did this routine help: Drink water today?"))
        try s.keys([.character("y"), .character("n")])
        guard case .habits(let screen) = s.app.state.mode else { Issue.record("left the Habits view: \(s.app.state.mode)"); return }
        let water = try #require(screen.habits.first { $0.name == "Drink water" })
        #expect(water.checked.last == true && water.streak == 1, "\(water)")
    }

    @Test func dismissingPostponingDiscardingOrQuittingLeavesNoTrace() throws {
        let s = try Setup()
        let before = try s.dump(excludingTicks: true)
        try s.focusTemplate("Bedtime")
        // Esc later: the suggestions wait in memory, and the Habits view asks again.
        try s.keys([.character("S")])
        try s.tickLinkedSteps()
        try s.keys([.character("F"), .escape])
        #expect(s.app.state.runs.suggestions.count == 2 && s.app.state.mode == .normal)
        #expect(s.screen.contains("2 suggestions wait: the Habits view (g) asks again."))
        try s.keys([.character("g"), .enter])
        #expect(s.screen.contains("Did this routine help: Drink water today?"))
        try s.keys([.character("n"), .character("n")])
        guard case .habits = s.app.state.mode else { Issue.record("answering from the Habits view left it: \(s.app.state.mode)"); return }
        try s.keys([.escape])
        // Discarding a run deletes it and whatever it would suggest.
        try s.focusTemplate("Bedtime")
        try s.keys([.character("S"), .character("X"), .escape])
        #expect(s.app.state.runs.executions.isEmpty && s.app.state.runs.suggestions.isEmpty)
        // Quitting with suggestions waiting.
        try s.keys([.character("S")])
        try s.tickLinkedSteps()
        try s.keys([.character("F"), .escape])
        #expect(s.app.state.runs.suggestions.count == 2)
        #expect(try s.app.handle(.character("q")).isQuit)
        #expect(try s.dump(excludingTicks: true) == before)
    }

    @Test func browsingPreviewingOrEditingARoutineCreatesNoRun() throws {
        let s = try Setup()
        let before = try s.dump()
        try s.focusTemplate("Bedtime")
        try s.keys([.enter, .character("j"), .character("e"), .escape, .escape])   // open, edit mode, leave
        try s.keys([.character("e")])                                            // the template editor
        guard case .templateForm = s.app.state.mode else { Issue.record("no form"); return }
        try s.keys([.escape])
        try s.focusTemplate("Morning routine")
        try s.keys([.character("e"), .escape, .character("C")])
        #expect(s.app.state.runs.executions.isEmpty && s.app.state.runs.suggestions.isEmpty)
        #expect(try s.dump() == before)
    }

    @Test func editingStepsAddsAndRemovesWithAConfirmationUpToTheLimit() throws {
        let s = try Setup()
        try s.focusTemplate("Bedtime")
        try s.keys([.enter, .character("e")] + Array(repeating: .down, count: 5))
        #expect(s.screen.contains("+ Add step:"))
        try s.keys(type("Floss") + [.enter])
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.map(\.text) == Self.steps + ["Floss"])
        // The links of the other steps stay.
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist[1].habitId == s.water.id)
        try s.keys([.up, .up, .up, .up, .up, .up, .character("d")])
        #expect(s.screen.contains("Remove step 1 “Brush teeth”? y removes it · n or Esc keeps it"))
        try s.keys([.character("n")])
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.count == 6)
        try s.keys([.character("d"), .character("y")])
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.first?.text == "Drink a glass of water")
        try s.keys([.character("u")])
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.first?.text == "Brush teeth")
        // Up to ten: then the Add step row gives way to the limit.
        try s.keys(Array(repeating: .down, count: 6))
        for n in 7...10 { try s.keys(type("Step \(n)") + [.enter]) }
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.count == 10)
        #expect(s.screen.contains("10 of 10 steps — limit reached"))
        #expect(!s.screen.contains("+ Add step:"))
        // The cursor waits on the limit row: typing there (e, Enter, x) only explains, still editing.
        try s.keys(type("ex") + [.enter, .character(" ")])
        guard case .checklist(let full) = s.app.state.mode else { Issue.record("left the checklist"); return }
        #expect(full.editing && full.isOnLimitRow)
        #expect(s.app.state.message == "10 of 10 steps, the limit: nothing is added. ↑ then d removes a step to make room.")
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.count == 10)
        #expect(try s.f.store.checklists.read(ofRoutine: s.bedtime.id, day: s.clock.now.today, clock: s.clock.now).steps.allSatisfy { !$0.done }, "Enter ticked nothing")
        // A repeated step is refused inline, nothing written.
        try s.keys([.up, .character("d"), .character("y")])
        try s.keys(Array(repeating: .down, count: 10) + type("Floss") + [.enter])
        #expect(s.app.state.message == "checklist: step 10 repeats step 6 (“Floss”); steps must differ")
        #expect(try s.f.store.routines.overview(s.bedtime.id, clock: s.clock.now).template.checklist.count == 9)
    }

    @Test func theTemplateEditorMakesAChecklistWithoutAScheduleAndLinksAStepToAHabit() throws {
        let s = try Setup()
        try s.keys([.character("t")] + type("Leaving the house") + [.tab, .tab, .tab] + type("Keys") + [.enter] + type("Water bottle") + [.enter])
        try s.keys([.up, .control("g")])
        #expect(s.screen.contains("2. Water bottle  → habit: Drink water"))
        try s.keys([.control("g")])
        #expect(s.screen.contains("2. Water bottle  → habit: Stretch"))
        try s.keys([.control("g")])
        #expect(s.screen.contains("2. Water bottle") && !s.screen.contains("2. Water bottle  → habit"), "after the last habit, no link")
        try s.keys([.control("g")])
        guard case .templateForm(var form) = s.app.state.mode else { Issue.record("no form"); return }
        while form.focus != .repeats { try s.keys([.tab]); if case .templateForm(let f) = s.app.state.mode { form = f } }
        while form.fields.repeats != .none { try s.keys([.character(" ")]); if case .templateForm(let f) = s.app.state.mode { form = f } }
        #expect(s.screen.contains("No schedule: no occurrences."))
        #expect(!form.rows.contains(.starts) && !form.rows.contains(.time))
        while form.focus != .save(.activate) { try s.keys([.tab]); if case .templateForm(let f) = s.app.state.mode { form = f } }
        try s.keys([.enter])
        let created = try #require(try s.f.store.reader.templates(clock: s.clock.now).first { $0.template.title == "Leaving the house" })
        #expect(created.scheduling == nil)
        #expect(created.template.checklist == [ChecklistStep("Keys"), ChecklistStep("Water bottle", habitId: s.water.id)])
        #expect(try s.f.store.cards.list().allSatisfy { $0.templateId != created.template.id })
        // Editing it keeps it without a schedule: the Repeat row doesn't cycle.
        try s.focusTemplate("Leaving the house")
        try s.keys([.character("e")])
        guard case .templateForm(var edit) = s.app.state.mode else { Issue.record("no form"); return }
        while edit.focus != .repeats { try s.keys([.tab]); if case .templateForm(let f) = s.app.state.mode { edit = f } }
        try s.keys([.character(" "), .right])
        #expect(s.screen.contains("No schedule (fixed)"))
        // u takes the creation back.
        try s.keys([.escape])
        if s.app.state.mode != .normal { try s.keys([.character("y")]) }
        try s.keys([.character("u")])
        #expect(try s.f.store.reader.templates(clock: s.clock.now).allSatisfy { $0.template.title != "Leaving the house" })
    }

    @Test func enterOnAScheduledTemplateStillOpensItsEditorAndCOrSPointToItsOccurrences() throws {
        let s = try Setup()
        try s.focusTemplate("Morning routine")
        try s.keys([.character("C")])
        #expect(s.app.state.mode == .normal && s.app.state.message == "“Morning routine” runs on a schedule: open one of its occurrences (C) or start it there (S).")
        try s.keys([.character("S")])
        #expect(s.app.state.runs.executions.isEmpty)
        try s.keys([.enter])
        guard case .templateForm(let form) = s.app.state.mode else { Issue.record("no editor: \(s.app.state.mode)"); return }
        #expect(form.fields.title == "Morning routine")
        // S on one of its occurrences starts a run of the template there.
        try s.keys([.escape])
        if s.app.state.mode != .normal { try s.keys([.character("y")]) }
        while s.app.state.templateFocus != nil { try s.keys([.character("j")]) }
        let card = try #require(s.app.state.focusedCard)
        try s.keys([.character("S")])
        guard case .checklist(let screen) = s.app.state.mode else { Issue.record("no checklist: \(s.app.state.mode)"); return }
        #expect(screen.checklist.owner == .card(id: card.id) && screen.executionId != nil)
        #expect(s.app.state.runs.executions.map(\.routineId) == [card.templateId])
    }

    @Test func theHabitsViewChecksInByHandAndUndoWorks() throws {
        let s = try Setup()
        try s.keys([.character("g")])
        #expect(s.screen.contains("Habits · last 14 days · streak"))
        try s.keys([.character(" ")])
        #expect(try s.entries().map { "\($0.habitId) \($0.day) \($0.source)" } == ["\(s.water.id) 2026-11-21 manual"])
        #expect(s.screen.contains("Checked in “Drink water” today. u undoes it."))
        try s.keys([.character("j")])
        #expect(s.screen.contains("Habit Stretch, streak 0 days"))
        try s.keys([.character("k"), .left, .character(" ")])
        #expect(s.screen.contains("Drink water") && s.screen.contains("x x  2 days"))
        try s.keys([.character("u")])
        #expect(try s.entries().map(\.day) == [date("2026-11-21")])
        #expect(s.screen.contains("x  1 day"))
        // Space on a checked day takes it back, and undo returns it.
        try s.keys([.right, .character(" ")])
        #expect(try s.entries().isEmpty)
        try s.keys([.character("u")])
        #expect(try s.entries().count == 1)
        try s.keys([.escape])
        #expect(s.app.state.mode == .normal)
    }
}

private func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

extension BoardApp.AfterKey {
    var isQuit: Bool { if case .quit = self { true } else { false } }
}
