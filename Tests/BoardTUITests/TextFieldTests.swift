import TestSupport
import BoardModel
@testable import BoardTUI
import Testing

/// The one text field: the cursor, Home/End, Backspace/Delete, Ctrl-U/K/W, across wide characters and emoji.
@Suite struct TextFieldTests {
    @Test func editingAroundTheCursor() {
        var field = TextField("Pay rent")
        for _ in 0..<4 { field.apply(.left) }
        for c in "the " { field.type(c) }
        #expect(field.text == "Pay the rent" && field.beforeCursor == "Pay the ")
        field.apply(.home)
        field.apply(.deleteForward)
        #expect(field.text == "ay the rent" && field.cursor == 0)
        field.apply(.end)
        field.apply(.deleteWordBack)
        #expect(field.text == "ay the ")
        field.apply(.deleteWordBack)
        #expect(field.text == "ay ")
        field.apply(.left)
        field.apply(.deleteToEnd)
        #expect(field.text == "ay" && field.cursor == 2)
        field.apply(.left)
        field.apply(.deleteToStart)
        #expect(field.text == "y" && field.cursor == 0)
        field.backspace()
        field.apply(.left)
        #expect(field.text == "y" && field.cursor == 0, "nothing before the start")
    }

    @Test func wideCharactersAndEmojiAreOneStepEach() {
        var field = TextField("茶🍵☕️é")
        field.apply(.left)
        field.backspace()
        #expect(field.text == "茶🍵é")
        field.apply(.home)
        field.apply(.right)
        field.type("x")
        #expect(field.text == "茶x🍵é" && DisplayWidth.of(field.beforeCursor) == 3)
        field.apply(.end)
        field.backspace()
        field.backspace()
        #expect(field.text == "茶x")
    }

    /// Every text input of the screen goes through it: the add prompt, the card form, the template editor.
    @Test func thePromptAndTheFormsEditInTheMiddle() throws {
        var state = try TUIFixture().state()
        press([.character("a")] + type("Pay rent") + [.left, .left, .left, .left] + type("the ") + [.control("a"), .delete], &state)
        guard case .adding(let input) = state.mode else { Issue.record("no prompt"); return }
        #expect(input.text == "ay the rent")
        press([.escape, .character("e"), .control("u")] + type("Renew the passport") + [.control("w")] + type("visa"), &state)
        guard case .editing(let form) = state.mode else { Issue.record("no card form"); return }
        #expect(form[.title] == "Renew the visa")
        press([.escape, .character("y"), .character("t")] + type("Morning pages") + [.home] + type("My ") + [.end, .backspace], &state)
        guard case .templateForm(let template) = state.mode else { Issue.record("no template form"); return }
        #expect(template.fields.title == "My Morning page")
        // The cursor is drawn where the text field's is: after "My " (3 columns after the title's start).
        press([.home, .right, .right, .right], &state)
        let frame = view(state)
        let titleLine = frame.text.split(separator: "\n", omittingEmptySubsequences: false)[frame.cursor!.y]
        let title = try #require(titleLine.range(of: "My Morning page"))
        let start = DisplayWidth.of(titleLine[..<title.lowerBound])
        #expect(frame.cursor!.x == start + 3)
    }

    @Test func aLongValueScrollsToKeepTheCursorInView() {
        let text = "Call the insurance about the claim and ask for the 🧾 reference number"
        var field = TextField(text)
        var shown = field.visible(in: 20)
        // At the end: the end is shown, cut on the left with a sign, the cursor after it.
        #expect(shown.text.hasPrefix("…") && shown.text.hasSuffix("reference number"))
        #expect(shown.cursorX == DisplayWidth.of(shown.text) && shown.cursorX < 20)
        field.apply(.home)
        shown = field.visible(in: 20)
        #expect(shown.text.hasPrefix("Call the") && shown.text.hasSuffix("…") && shown.cursorX == 0)
        // In the middle, across the emoji: what is before the cursor ends where the cursor is.
        for _ in 0..<52 { field.apply(.right) }
        shown = field.visible(in: 20)
        #expect(DisplayWidth.of(shown.text) <= 20 && shown.cursorX < 20)
        let before = String(field.beforeCursor)
        let visibleBefore = String(shown.text.prefix(DisplayWidth.characters(in: shown.text, fitting: shown.cursorX)))
        #expect(before.hasSuffix(visibleBefore.replacingOccurrences(of: "…", with: "")))
        #expect(visibleBefore.hasSuffix("🧾"))
    }

    @Test func aNumberFieldSelectsItsValueSoTypingReplacesIt() throws {
        var state = try TUIFixture().state()
        // The card form: Priority holds 2; Tab onto it and type 3.
        press([.character("e")] + Array(repeating: .tab, count: 5) + type("3"), &state)
        guard case .editing(let form) = state.mode else { Issue.record("no card form"); return }
        #expect(form[.priority] == "3", "not 23")
        // A cursor key ends the selection and keeps the value; then typing appends.
        press([.tab] + type("15") + [.tab, .backTab, .left] + type("0"), &state)
        guard case .editing(let again) = state.mode else { Issue.record("no card form"); return }
        #expect(again[.duration] == "105")
        // Backspace on a selected value clears it.
        press([.backTab, .backspace], &state)
        guard case .editing(let cleared) = state.mode else { Issue.record("no card form"); return }
        #expect(cleared[.priority] == "")
        // The template editor: Priority 0, typing 9 gives 9, not 09.
        press([.escape, .character("y"), .character("t")], &state)
        guard case .templateForm(var template) = state.mode else { Issue.record("no template form"); return }
        while template.focus != .priority {
            press([.tab], &state)
            if case .templateForm(let f) = state.mode { template = f }
        }
        press(type("9"), &state)
        guard case .templateForm(let typed) = state.mode else { Issue.record("no template form"); return }
        #expect(typed.fields.priority == "9")
    }

    /// Issue (found in review): a long value in the focused field of the card form was wrapped by
    /// its box and then drawn scrolled over the first line, leaving its tail on the lines below.
    @Test func theFocusedFieldOfALongTitleTakesOneLine() throws {
        var state = try TUIFixture().state(width: 80, height: 24)
        let long = String(repeating: "Renew the passport and the identity card ", count: 3)
        press([.character("e"), .control("u")] + type(long), &state)
        let rows = view(state).text.split(separator: "\n").map(String.init)
        let title = try #require(rows.firstIndex { $0.contains("› Title") })
        #expect(rows[title].contains("…") && rows[title].contains("identity card"), "scrolled to the cursor, cut with a sign")
        #expect(rows[title + 1].contains("Description"), "\(rows[title + 1])")
        // Unfocused, the same title wraps under its value in full.
        press([.tab], &state)
        let after = view(state).text
        #expect(after.contains("Title        Renew the passport") && !after.contains("› Title"))
    }

    /// Issue: typing a zero-width joiner after a letter crashed the board (the cursor counted one
    /// character more than the text held once the joiner joined the letter); in the card form the
    /// characters after it landed before it.
    @Test func scalarsThatJoinTheClusterBeforeThemKeepTheCursorOnABoundary() {
        var field = TextField()
        for scalar in "a\u{200D}b x\u{200C}y 👨\u{200D}👩\u{200D}👧\u{200D}👦 e\u{301}👍\u{1F3FD}🇫🇷".unicodeScalars { field.type(Character(scalar)) }
        #expect(field.text == "a\u{200D}b x\u{200C}y 👨‍👩‍👧‍👦 é👍🏽🇫🇷")
        #expect(field.cursor == field.text.count)
        // In the middle: four steps pass "a‍", "b", " " and "x‌"; what is typed lands after the joiner.
        field.apply(.home)
        for _ in 0..<4 { field.apply(.right) }
        field.type("Q")
        #expect(field.text.hasPrefix("a\u{200D}b x\u{200C}Qy"), "\(field.text.debugDescription)")
        // One cluster per key: the family and the flag are one step each.
        field.apply(.end)
        field.backspace()
        field.apply(.left)
        field.backspace()
        #expect(field.text.hasSuffix("👨‍👩‍👧‍👦 👍🏽"), "the flag, then é, each one Backspace: \(field.text.debugDescription)")
    }

    @Test func aPasteIsOneLineWithoutControls() {
        var field = TextField("ab")
        field.apply(.left)
        field.paste("1\r\n2\n3\t4\u{01}5\u{1B}[31m6\u{202E}7")
        #expect(field.text == "a1 2 3 45[31m67b" && field.cursor == 15)
    }

    /// Random grapheme strings through random edits: no trap, the cursor always on a cluster boundary,
    /// and the width function agrees with the clusters drawn.
    @Test func randomGraphemesThroughRandomEdits() {
        let pieces: [String] = ["a", "Z", " ", "é", "e\u{301}", "\u{301}", "\u{200D}", "\u{200C}", "👨", "👩", "\u{1F3FD}", "🇫", "🇷",
                                "\u{FE0F}", "☕", "茶", "ｱ", "ש", "\u{202B}", "\u{0E33}", "각", "\u{1100}", "\u{1161}", "\u{11A8}"]
        let edits: [TextEdit] = [.left, .right, .home, .end, .deleteForward, .deleteToStart, .deleteToEnd, .deleteWordBack]
        var random = SeededGenerator(seed: 2904)
        for _ in 0..<3_000 {
            var field = TextField()
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0...5: for c in pieces.randomElement(using: &random)! { field.type(c) }
                case 6: field.backspace()
                case 7: field.paste((0..<3).map { _ in pieces.randomElement(using: &random)! }.joined())
                case 8: field.selectAll()
                default: field.apply(edits.randomElement(using: &random)!)
                }
                #expect(field.cursor >= 0 && field.cursor <= field.text.count)
                // The text before the cursor ends on a cluster boundary of the whole text.
                #expect(String(field.beforeCursor).count + String(field.text.dropFirst(field.cursor)).count == field.text.count)
                let shown = field.visible(in: 12)
                #expect(DisplayWidth.of(shown.text) <= 12 && shown.cursorX <= 12)
            }
        }
    }
}
