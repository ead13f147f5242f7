import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// Small defects from a week of use (issue 44), each driven by the keys on the real file.
@Suite struct WeekOfUseDefectTests {
    func app() throws -> (TUIFixture, BoardApp) {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        return (f, app)
    }

    func titles(_ f: TUIFixture, _ bucket: Bucket) throws -> [String] {
        try f.store.cards.list().filter { $0.bucket == bucket }.sorted { $0.position < $1.position }.map(\.title)
    }

    @Test func movingACardOutAndStraightBackPutsItWhereItWas() throws {
        let (f, app) = try app()
        let before = try titles(f, .thisWeek)
        try #require(before.count >= 3)
        _ = try app.handle(.character("j"))
        let moved = try #require(app.state.focusedCard?.title)
        _ = try app.handle(.character("L"))
        #expect(try !titles(f, .thisWeek).contains(moved))
        _ = try app.handle(.character("H"))
        #expect(try titles(f, .thisWeek) == before, "back in its place, not at the end")
        #expect(app.state.focusedCard?.title == moved && app.state.focus.row == 1)
        _ = try app.handle(.character("u"))
        #expect(app.state.message == "Undid: move “\(moved)” to This Week")
    }
}

/// `?` did nothing inside forms (issue 44): F1 is the help on every screen, forms included, and
/// the help closes back to the screen it was opened over, with what was typed kept.
@Suite struct HelpEverywhereTests {
    @Test func terminalsSendF1InThreeWays() {
        for bytes in ["\u{1B}OP", "\u{1B}[11~", "\u{1B}[P"] {
            var decoder = InputDecoder()
            #expect(decoder.decode(Array(bytes.utf8)) + decoder.timedOut() == [.f1], "\(bytes.debugDescription)")
        }
    }

    @Test func f1InTheCardFormShowsTheKeysAndGoesBackToTheFormAsTyped() throws {
        var state = try TUIFixture().state()
        press([.character("e")] + [.control("u")] + type("Why?"), &state)
        guard case .editing(let typed) = state.mode else { Issue.record("no form"); return }
        #expect(typed.inputs[0].text == "Why?", "? is text in a form")
        press([.f1], &state)
        guard case .help(_, let under) = state.mode, case .editing = under else { Issue.record("no help over the form: \(state.mode)"); return }
        #expect(view(state).text.contains("Typing text (prompts, forms)") && view(state).text.contains("move the cursor"), "the help opens at the keys of typing")
        press([.escape], &state)
        guard case .editing(let back) = state.mode else { Issue.record("not back in the form: \(state.mode)"); return }
        #expect(back.inputs[0].text == "Why?" && keyHints(state).contains("F1 help"))
    }

    @Test func onAChoiceRowOfTheTemplateFormQuestionMarkIsTheHelpAndOtherLettersExplain() throws {
        var state = try TemplateFormTests().openForm()
        try TemplateFormTests().focus(.repeats, &state)
        press(type("z"), &state)
        #expect(state.message?.contains("This row is a choice") == true, "\(state.message ?? "nothing said")")
        press(type("?"), &state)
        guard case .help(_, let under) = state.mode, case .templateForm(let form) = under else { Issue.record("\(state.mode)"); return }
        #expect(form.focus == .repeats)
        press([.character("q")], &state)
        guard case .templateForm = state.mode else { Issue.record("\(state.mode)"); return }
    }

    @Test func questionMarkOnTheCalendarHabitsAndStatsGoesBackToThem() throws {
        let (_, app) = try WeekOfUseDefectTests().app()
        for open in ["v", "g", "i"] {
            _ = try app.handle(.character(Character(open)))
            let screen = "\(app.state.mode)".prefix(while: { $0 != "(" })
            _ = try app.handle(.character("?"))
            guard case .help = app.state.mode else { Issue.record("no help over \(screen)"); continue }
            _ = try app.handle(.escape)
            #expect("\(app.state.mode)".hasPrefix(screen), "back to \(screen): \(app.state.mode)")
            _ = try app.handle(.escape)
        }
        #expect(KeyBindings.action(for: .character("?"), in: KeyBindings.checklist) == .help)
    }
}

/// Wrapped titles hung 5 cells in the focused column and 2 in a narrower one (issue 44): every
/// column hangs a title's next lines under its text.
@Suite struct WrappedTitleTests {
    @Test func aWrappedTitleHangsUnderItsTextInEveryColumn() throws {
        let f = try TUIFixture()
        for bucket in [Bucket.thisWeek, .weekend] {
            _ = try f.store.cards.add(CardValues(title: "Zebra crossing paint order for the whole street"), bucket: bucket, clock: demoClock)
        }
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let text = try app.firstFrame(width: 100, height: 40).text
        let layout = Layout(app.state)
        #expect(layout.width(of: 0) != layout.width(of: 1), "columns of two widths")
        for column in [0, 1] {
            let x = layout.columnX(column)
            let cells = text.split(separator: "\n").map { Array($0) }.filter { $0.count > x }.map { String($0[x..<min($0.count, x + layout.width(of: column))]) }
            let first = try #require(cells.firstIndex { $0.contains("[ ] Zebra") }, "\(text)")
            let next = cells[first + 1]
            #expect(next.prefix(5) == "     " && next.dropFirst(5).first != " ", "column \(column): '\(next)'")
        }
    }
}

/// Messages named the table's keys however config.toml bound them (issue 44): each board message
/// names the key in force, and no board message names a key by hand.
@Suite struct MessageKeyTests {
    @Test func messagesNameTheKeysInForce() throws {
        let (f, app) = try WeekOfUseDefectTests().app()
        app.state.keymap = try BoardKeymap([.init(action: "undo", keys: "U", line: 1), .init(action: "search", keys: "f", line: 2),
                                            .init(action: "next_match", keys: "]", line: 3), .init(action: "previous_match", keys: "[", line: 4)])
        _ = try app.handle(.character("d"))
        #expect(app.state.message?.hasSuffix(". U brings it back.") == true, "\(app.state.message ?? "")")
        _ = try app.handle(.character("]"))
        #expect(app.state.message == "No search yet: f searches, then ]/[ go from match to match.")
        _ = try app.handle(.paste("x"))
        #expect(app.state.message == "Nothing here takes text, so the paste was ignored: a adds a card, f searches.")
        _ = f
    }

    /// The sentences of every screen, read from their source: a key is named through
    /// `state.key(…)` (or the keymap), never written into the text, so a remapped key can't be misnamed.
    @Test func noMessageWritesARemappableKeyByHand() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/BoardTUI/State")
        let files: [(String, KeyScreen)] = [
            ("Update.swift", .board), ("Routines/Update+Routines.swift", .board), ("Accomplished.swift", .board),
            ("Update+Reports.swift", .board), ("Calendar/Update+Calendar.swift", .calendar), ("Checklists/Update+Checklist.swift", .checklist),
            ("Habits/Update+Habits.swift", .habits), ("Stats/StatsScreen.swift", .board), ("Routines/PropagationDialog.swift", .dialog),
        ]
        let verb = #/(?:^|[\s(;:,“])(\S) (adds|deletes|jumps|searches|undoes|edits|opens|completes|skips|moves|brings|reorder|shows|hides|pauses|resumes|archives|duplicates|activates|starts|finishes|removes|makes|answers|toggles|applies|cancels|go|goes)\b/#
        for (file, screen) in files {
            let keys = Set(screen.table.flatMap(\.map).compactMap { if case .character(let c) = $0.key, c != " " { String(c) } else { nil } })
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in source.split(separator: "\n") where line.contains("\"") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for literal in line.split(separator: "\"").enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                    for match in String(literal).matches(of: verb) where keys.contains(String(match.output.1)) {
                        Issue.record("\(file): '\(literal)' names \(match.output.1) by hand")
                    }
                }
            }
        }
    }
}
