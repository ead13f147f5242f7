import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// `update` for every action, through the key map as a user presses keys.
@Suite struct UpdateTests {
    @Test func arrowsAndHjklMoveTheFocusWithinBounds() throws {
        var state = try TUIFixture().state()
        press([.down, .character("j"), .character("j"), .character("j")], &state)
        #expect(state.focus == Focus(column: 0, row: 2))
        press([.left, .character("l"), .right, .up], &state)
        #expect(state.focus == Focus(column: 2, row: 0))
        press(Array(repeating: .right, count: 9), &state)
        #expect(state.focus.column == 4)
    }

    @Test func shiftMovesTheCardAndJKReorder() throws {
        var state = try TUIFixture().state()
        let card = state.focusedCard!
        #expect(press([.character("L")], &state) == [.write(.move(cardId: card.id, bucket: .weekend, position: nil))])
        #expect(state.focus.column == 1)
        state = try TUIFixture().state()
        #expect(press([.shiftRight], &state).count == 1)
        state = try TUIFixture().state()
        #expect(press([.character("H")], &state).isEmpty, "nothing left of This Week")
        let second = state.cards(in: 0)[1]
        press([.down], &state)
        #expect(press([.character("K")], &state) == [.write(.move(cardId: second.id, bucket: .thisWeek, position: 0))])
    }

    @Test func addPromptAddsToTheFocusedColumnAndRefusesAnEmptyTitle() throws {
        var state = try TUIFixture().state()
        press([.right, .character("a")], &state)
        #expect(press([.enter], &state).isEmpty)
        #expect(state.message == "title: must not be empty (Esc cancels)")
        let effects = press(type("Buy milk") + [.backspace, .character("K"), .enter], &state)
        #expect(effects == [.write(.add(title: "Buy milK", bucket: .weekend))])
        #expect(state.mode == .normal)
        press([.character("a")] + type("x") + [.escape], &state)
        #expect(state.mode == .normal)
    }

    /// Issue 39: a completed occurrence's detail said "Follows its template" while showing the values
    /// it kept from before its template's later edits.
    @Test func aCompletedOccurrencesDetailSaysItNoLongerFollowsItsTemplate() throws {
        var state = try TUIFixture().state()
        let done = try #require(state.cards(in: 4).first { $0.isCompleted && $0.isOccurrence }, "the demo has a completed occurrence")
        state.focus(cardId: done.id)
        press([.enter], &state)
        let text = view(state).text
        #expect(text.contains("Completed: it keeps its values as they were when done"), "\(text)")
        #expect(!text.contains("Follows its template"))
    }

    /// Due and Time take words, as the command line does; the day they resolve to shows under Due as it is typed.
    @Test func editFormReadsDatesInWordsAndShowsTheDay() throws {
        var state = try TUIFixture().state()   // Saturday Nov 21, 09:00
        press([.character("e")], &state)
        press([.tab, .tab, .tab] + [.control("u")] + type("next fri"), &state)
        #expect(view(state).text.contains("→ Fri Nov 27"))
        press([.tab] + [.control("u")] + type("6:30pm"), &state)
        #expect(view(state).text.contains("→ Fri Nov 27 18:30"))
        let effects = press([.enter], &state)
        guard case .write(.edit(_, let edit, let due)) = effects.first else { Issue.record("no edit effect"); return }
        #expect(due == .set(LocalDate(iso: "2026-11-27")!))
        #expect(edit.time == .set(LocalTime(hour: 18, minute: 30)!))
        // A time alone: today while still ahead (09:00 now), else tomorrow; the form says which.
        press([.character("e"), .tab, .tab, .tab, .control("u"), .tab, .control("u")] + type("8am"), &state)
        #expect(view(state).text.contains("→ tomorrow, Sun Nov 22 08:00"))
        guard case .write(.edit(_, _, let due2)) = press([.enter], &state).first else { Issue.record("no edit effect"); return }
        #expect(due2 == .set(LocalDate(iso: "2026-11-22")!))
        // Words it doesn't know are refused under the row, nothing sent.
        press([.character("e"), .tab, .tab, .tab, .control("u")] + type("03/04"), &state)
        #expect(press([.enter], &state).isEmpty)
        guard case .editing(let form) = state.mode else { Issue.record("form closed on an error"); return }
        #expect(form.errors[.due]?.contains("ambiguous") == true)
        // Issue 44: corrected, the "⚠ Due date" line stayed until the next save. A field being typed
        // in says its day again and loses its old problem.
        press([.control("u")] + type("friday"), &state)
        guard case .editing(let corrected) = state.mode else { Issue.record("form closed"); return }
        #expect(corrected.errors[.due] == nil)
        #expect(!view(state).text.contains("⚠ Due date") && view(state).text.contains("→ Fri Nov 27"), "\(view(state).text)")
    }

    /// Issue 52: the Due field takes a date with its time; a time in both fields must agree.
    @Test func theDueFieldTakesADateWithItsTime() throws {
        var state = try TUIFixture().state()   // Saturday Nov 21, 09:00
        press([.character("e"), .tab, .tab, .tab, .control("u")] + type("dec 3 at 9am") + [.tab, .control("u")], &state)
        #expect(view(state).text.contains("→ Thu Dec 3 09:00"), "\(view(state).text)")
        guard case .write(.edit(_, let edit, let due)) = press([.enter], &state).first else { Issue.record("no edit effect"); return }
        #expect(due == .set(LocalDate(iso: "2026-12-03")!) && edit.time == .set(LocalTime(hour: 9, minute: 0)!))
        press([.character("e"), .tab, .tab, .tab, .control("u")] + type("dec 3 at 9am") + [.tab, .control("u")] + type("10am"), &state)
        #expect(press([.enter], &state).isEmpty)
        guard case .editing(let form) = state.mode else { Issue.record("form closed on an error"); return }
        #expect(form.errors[.due] == "says 09:00, the Time field 10:00; give the time once", "\(form.errors)")
    }

    @Test func editFormSavesValidFieldsAndShowsErrorsInline() throws {
        var state = try TUIFixture().state()
        let card = state.focusedCard!
        press([.character("e")], &state)
        guard case .editing(let form) = state.mode else { Issue.record("no form"); return }
        #expect(form[.title] == "Renew passport")
        press([.tab, .tab, .tab, .tab] + type("25:00") + [.enter], &state)
        guard case .editing(let withError) = state.mode else { Issue.record("form closed on an error"); return }
        #expect(withError.errors == [.time: "must be a time of day such as 9am, 6:30pm, noon, midnight or 21:00 (00:00 to 23:59), got '25:00'"])
        // The problem stands under its row, not at the bottom.
        let rows = view(state).text.split(separator: "\n").map(String.init)
        let timeRow = try #require(rows.firstIndex { $0.contains("› Time") })
        #expect(rows[timeRow + 1].contains("⚠ Time: must be a time of day such as 9am, 6:30pm, noon, midnight or 21:00 (00:00 to 23:59), got '25:00'"))
        press(Array(repeating: .backspace, count: 5) + type("08:15"), &state)
        let effects = press([.enter], &state)
        guard case .write(.edit(let id, let edit, _)) = effects.first else { Issue.record("no edit effect"); return }
        #expect(id == card.id && edit.time == .set(LocalTime(hour: 8, minute: 15)!) && edit.title == "Renew passport")
    }

    @Test func doneDeleteUndoRedoQuitAndDetail() throws {
        var state = try TUIFixture().state()
        let card = state.focusedCard!
        #expect(press([.character(" ")], &state) == [.write(.toggleDone(cardId: card.id, completed: true))])
        #expect(press([.character("x")], &state) == [.write(.toggleDone(cardId: card.id, completed: true))])
        #expect(press([.character("d")], &state) == [.write(.delete(cardId: card.id))])
        #expect(state.message == "Deleted “Renew passport”. u brings it back.")
        #expect(press([.character("u")], &state) == [.undo])
        #expect(press([.control("r")], &state) == [.redo])
        #expect(press([.control("l")], &state) == [.redraw])
        press([.enter], &state)
        #expect(state.mode == .detail(field: 0))
        press([.escape], &state)
        #expect(state.mode == .normal)
        #expect(press([.character("q")], &state) == [.quit])
    }

    @Test func searchFiltersAsYouTypeAndNJumpsBetweenMatches() throws {
        var state = try TUIFixture().state()
        press([.character("/")] + type("morning"), &state)
        #expect(state.cards(in: 0).isEmpty && state.cards(in: 4).count == 7)
        #expect(state.focus.column == 4, "the focus lands on the first match")
        press([.enter], &state)
        #expect(state.filter == "morning" && state.mode == .normal)
        press([.character("n"), .character("n")], &state)
        #expect(state.focus == Focus(column: 4, row: 2))
        press([.character("N")], &state)
        #expect(state.focus == Focus(column: 4, row: 1))
        press([.escape], &state)
        #expect(state.filter.isEmpty && state.cards(in: 0).count == 3)
    }

    @Test func helpAndAnyKeyCloses() throws {
        var state = try TUIFixture().state()
        press([.character("?")], &state)
        #expect(state.mode == .help(scroll: 0, over: .normal))
        press([.down, .down, .up], &state)
        #expect(state.mode == .help(scroll: 1, over: .normal), "↑↓ scroll")
        press([.character("z")], &state)
        #expect(state.mode == .normal)
    }

    @Test func resizeKeepsTheFocusVisibleAndClickFocuses() throws {
        var state = try TUIFixture().state()
        press([.right, .right, .right, .right] + Array(repeating: .down, count: 12), &state)
        press([.resize(width: 80, height: 24)], &state)
        let layout = Layout(state)
        #expect(layout.visible(state, column: 4).contains { $0.row == state.focus.row })
        press([.resize(width: 120, height: 40)], &state)
        press([.click(x: 25, y: 2)], &state)
        #expect(state.focus == Focus(column: 1, row: 0))
    }

    @Test func theFilterHidesTemplatesTooAndSaysNoMatchInRoutines() throws {
        var state = try TUIFixture().state()
        press([.character("/")] + type("standup"), &state)
        #expect(state.templates.map(\.title) == ["Standup prep"])
        #expect(view(state).text.contains("Standup prep · active") && !view(state).text.contains("Budget review · active"))
        press([.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace] + type("passport"), &state)
        let frame = view(state)
        #expect(state.templates.isEmpty && frame.text.contains("Templates (no match)"))
        // Routines has no matching card either: it says so.
        let layout = Layout(state)
        let routines = layout.columnX(4)
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.count > routines && String($0.dropFirst(routines)).contains("(no match)") })
    }

    @Test func escWhileFilteringGoesBackToTheCardFocusedBefore() throws {
        var state = try TUIFixture().state()
        press([.character("l"), .character("j")], &state)
        let before = try #require(state.focusedCard)
        press([.character("/")] + type("dentist"), &state)
        #expect(state.focusedCard?.title == "Dentist", "typing lands on the first match")
        press([.escape], &state)
        #expect(state.filter.isEmpty && state.focusedCard?.id == before.id)
    }

    @Test func labelsWithASpaceAreQuoted() {
        #expect(LabelChip.text(["home", "has space"]) == "#home #\"has space\"")
    }

    @Test func theEmptyBoardSaysWhatAAndTDo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try BoardStore.open(path: directory.appendingPathComponent("b.sqlite").path)
        let state = BoardState(snapshot: try BoardSnapshot.load(store, clock: demoClock), width: 80, height: 24)
        let text = view(state).text
        #expect(text.contains("The board is empty: a adds a card here, t makes a routine template."))
        // Issue 52: narrow columns wrapped "(empty; a / adds a / card)"; each says it in one line,
        // the status line says the keys.
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2)
        #expect(text.contains(" (empty) ") && text.contains("(no routines)") && !body.joined().contains("adds a"), "\(text)")
        #expect(!body.joined().contains("…"), "nothing cut at 80 columns")
    }

    /// Issue 53: the card form places a refusal by its field: `.due` under the row labelled "Due
    /// date"; a label's words (`due date`) are not a field, and stay on the form's line.
    @Test func theCardFormPlacesARefusalByItsField() throws {
        var form = CardForm(cardId: "c1", values: ["Pay rent", "", "", "dec 1", "", "0", ""])
        form.refused(field: .due, problem: "must be a date", message: "due: must be a date")
        #expect(form.errors == [.due: "must be a date"] && form.error == nil)
        form.refused(field: Field("due date"), problem: "must be a date", message: "due date: must be a date")
        #expect(form.errors.isEmpty && form.error == "due date: must be a date")
        for row in CardForm.Row.allCases {
            form.refused(field: row.field, problem: "wrong", message: "\(row.field): wrong")
            #expect(form.errors == [row: "wrong"], "\(row)")
        }
    }
}
