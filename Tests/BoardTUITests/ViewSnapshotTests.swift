import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// Text snapshots of frames: what the screen shows, without a terminal.
@Suite struct ViewSnapshotTests {
    @Test func boardAt120x40() throws {
        try assertSnapshot(view(try TUIFixture().state()), named: "board-120x40")
    }

    @Test func boardAt80x24() throws {
        try assertSnapshot(view(try TUIFixture().state(width: 80, height: 24)), named: "board-80x24")
    }

    @Test func routinesFocusedWithChipsAndStatusLine() throws {
        var state = try TUIFixture().state()
        press([.right, .right, .right, .right, .down], &state)
        let frame = view(state)
        try assertSnapshot(frame, named: "routines-focused")
        // Issue 52: under its day's heading a run's line gives its time, not the date again.
        #expect(frame.text.contains("Sun Nov 22\n") || frame.text.contains("│Sun Nov 22"))
        #expect(frame.text.contains("07:00 · 0/3 · Exception · Fr") && !frame.text.contains("Sun Nov 22 07:00 · 0/3"), "\(frame.text)")
        #expect(frame.text.contains("Occurrence of Morning routine, Sun Nov 22 07:00, titled Short morning routine, 0 of 3 steps done, exceptions: title"))
    }

    @Test func helpOverlay() throws {
        var state = try TUIFixture().state()
        press([.character("?")], &state)
        try assertSnapshot(view(state), named: "help")
    }

    @Test func searchFiltersEveryColumn() throws {
        var state = try TUIFixture().state()
        press([.character("/")] + type("ro"), &state)
        let frame = view(state)
        try assertSnapshot(frame, named: "search")
        #expect(frame.text.contains("This Week (0/3)") && frame.text.contains("/ro"))
    }

    @Test func addPromptSitsInTheFocusedColumn() throws {
        var state = try TUIFixture().state()
        press([.right, .character("a")] + type("Pick up 🍎"), &state)
        let frame = view(state)
        let layout = Layout(state)
        // Under the column's last card, where the card will appear; the cards stay whole.
        let y = layout.endOfCards(state, column: 1)
        #expect(y > layout.bodyTop)
        let rows = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[y].contains("│+ Pick up 🍎"))
        #expect(rows[layout.bodyTop].contains("│›[ ] Hike the"))
        #expect(frame.cursor?.x == layout.columnX(1) + DisplayWidth.of("+ Pick up 🍎") && frame.cursor?.y == y)
        #expect(frame.text.contains("Adding to Weekend: type the title"))
    }

    @Test func tooSmallTerminal() throws {
        let frame = view(try TUIFixture().state(width: 50, height: 12))
        try assertSnapshot(frame, named: "too-small")
        #expect(frame.text.contains("Terminal too small"))
    }

    @Test func wideCharactersKeepColumnsAligned() throws {
        let state = try TUIFixture().state()
        let frame = view(state)
        // Every row's separators sit at the same display columns, emoji and CJK included.
        let layout = Layout(state)
        for y in 1...layout.bodyBottom {
            for column in 1..<BoardState.columns.count {
                let x = layout.columnX(column) - 1
                #expect(frame[x, y].character == "│", "row \(y) column \(column)")
            }
        }
        #expect(frame.text.contains("Learn 日本語"))
    }

    @Test func cursorSitsOnTheFocusedCard() throws {
        var state = try TUIFixture().state()
        press([.down], &state)
        let frame = view(state)
        let cursor = try #require(frame.cursor)
        #expect(cursor.x == 0 && cursor.y == 4)
        #expect(frame[1, 4].character == "[" && frame[0, 4].character == "›")
    }

    // MARK: Routines

    @Test func templateFormEmptyFilledAndWithAnError() throws {
        var state = try TUIFixture().state()
        press([.character("t")], &state)
        try assertSnapshot(view(state), named: "template-form-empty")
        press(type("Morning pages") + [.tab] + type("Three pages, longhand") + [.enter] + type("before the phone") + [.tab, .tab]
              + type("Coffee") + [.enter] + type("Write") + [.enter, .tab] + type("7:30"), &state)
        for _ in 0..<3 { press([.tab], &state) }
        press([.character(" ")], &state)  // Weekdays
        try assertSnapshot(view(state), named: "template-form-filled")
        #expect(view(state).text.contains("Mon Nov 23 07:30"), "the preview has the next weekday at its time")
        press([.tab, .tab, .enter], &state)  // Ends: on a date, left empty
        for _ in 0..<2 { press([.tab], &state) }
        press([.enter], &state)
        let frame = view(state)
        try assertSnapshot(frame, named: "template-form-error")
        #expect(frame.text.contains("⚠ Ends on: must be a date YYYY-MM-DD"))
    }

    @Test func propagationDialog() throws {
        let f = try TUIFixture()
        var state = try f.state()
        let templates = state.snapshot.templates
        var fields = TemplateForm.Fields()
        fields.title = "Morning"
        let form = TemplateForm(templateId: templates[0].id, status: .active, fields: fields, now: state.snapshot.now)
        let draft = try form.draft().get()
        // Planned three days on, so the demo's open occurrences of Nov 21–23 are overdue.
        let later = BoardClock(local: LocalDateTime(iso: "2026-11-24T09:00")!, zone: paris)
        func plan(overdue: Bool) throws -> TemplateEditPlan {
            try f.store.routines.planEdit(templates[0].id, BoardApp.request(draft, includeOverdue: overdue), clock: later)
        }
        var dialog = PropagationDialog(plan: try plan(overdue: false), planWithOverdue: try plan(overdue: true), save: .activate, form: form)
        state.mode = .propagation(dialog)
        try assertSnapshot(view(state), named: "propagation-dialog")
        dialog.includeOverdue = true
        dialog.progress = .init(done: 300, total: 800)
        state.mode = .propagation(dialog)
        #expect(view(state).text.contains("Updating [███████████░░░░░░░░░░░░░░░░░░░] 300 of 800"))
    }

    @Test func exceptionDetailAndFocusedTemplate() throws {
        var state = try TUIFixture().state()
        press([.right, .right, .right, .right, .down, .enter], &state)
        try assertSnapshot(view(state), named: "exception-detail")
        #expect(view(state).text.contains("Field customized. Reapply template? r resets this field"))
        press([.escape, .up, .up], &state)
        let frame = view(state)
        try assertSnapshot(frame, named: "template-focused")
        #expect(frame.text.contains("Template Budget review, active, Monthly on the last Friday."))
    }
}
