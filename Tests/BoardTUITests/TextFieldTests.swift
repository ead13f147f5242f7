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
        #expect(form.values[0] == "Renew the visa")
        press([.escape, .character("t")] + type("Morning pages") + [.home] + type("My ") + [.end, .backspace], &state)
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
}
