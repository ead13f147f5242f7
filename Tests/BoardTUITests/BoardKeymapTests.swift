import BoardModel
@testable import BoardTUI
import Testing

/// Keys of one's own (issue 44): config.toml's `key_<action>` over the table; the key map, the help
/// and the key bar all read the keys in force.
@Suite struct BoardKeymapTests {
    func keymap(_ lines: [(String, String)]) throws(BoardKeymap.Refusals) -> BoardKeymap {
        try BoardKeymap(lines.enumerated().map { BoardConfig.KeySetting(action: $1.0, keys: $1.1, line: $0 + 1) })
    }

    @Test func aRemappedActionAnswersItsNewKeysOnlyAndHelpAndTheBarSayThem() throws {
        let keys = try keymap([("done", "c"), ("duplicate", "D")])
        #expect(keys.action(for: .character("c")) == .toggleDone)
        #expect(keys.action(for: .character("x")) == nil && keys.action(for: .character(" ")) == nil)
        #expect(keys.action(for: .character("D")) == .duplicate)
        var state = try TUIFixture().state()
        state.keymap = keys
        #expect(KeyMap.action(for: .character("c"), in: state) == .toggleDone)
        #expect(keyHints(state).contains("c done") && !keyHints(state).contains("x done"))
        let help = KeyBindings.helpLines(board: keys.bindings)
        #expect(help.contains { $0.hasPrefix("c ") && $0.hasSuffix("complete / reopen") }, "\(help.prefix(30))")
        // Unbound: "none".
        let unbound = try keymap([("archive", "none")])
        #expect(unbound.action(for: .character("A")) == nil)
    }

    @Test(arguments: [
        ([("fly", "d")], "line 1: key_fly is not an action of the board"),
        ([("add", "F13")], "line 1: key_add has 'F13', not a key"),
        ([("done", "d")], "line 1: d is given to both done and delete; give one of them another key"),
        ([("add", "Ctrl-L")], "line 1: Ctrl-L is given to both redraw (Ctrl-L) and add"),
        ([("search", "/"), ("quit", "none")], "line 2: key_quit leaves quit without a key; it must keep one"),
        ([("back", "none")], "line 1: key_back leaves back without a key"),
    ])
    func badKeySettingsAreRefusedWithTheirLine(settings: [(String, String)], refusal: String) {
        do throws(BoardKeymap.Refusals) {
            _ = try keymap(settings)
            Issue.record("accepted \(settings)")
        } catch {
            #expect(error.all.count == 1 && "line \(error.all[0].line): \(error.all[0].problem)".hasPrefix(refusal), "\(error.all)")
        }
    }

    @Test func withoutSettingsTheKeysAreTheTables() throws {
        let keys = try keymap([])
        #expect(KeyBindings.helpLines(board: keys.bindings) == KeyBindings.helpLines())
        var state = try TUIFixture().state()
        state.keymap = keys
        #expect(keyHints(state) == ["? help", "a add", "e edit", "Enter open", "x done", "d delete", "u undo", "/ search", "t template", "v calendar", "q quit"])
    }
}
