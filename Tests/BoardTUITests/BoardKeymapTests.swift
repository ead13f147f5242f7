import BoardModel
@testable import BoardTUI
import Foundation
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
        let help = KeyBindings.helpLines(keys)
        #expect(help.contains { $0.hasPrefix("c ") && $0.hasSuffix("complete / reopen") }, "\(help.prefix(30))")
        // Unbound: "none".
        let unbound = try keymap([("archive", "none")])
        #expect(unbound.action(for: .character("A")) == nil)
    }

    /// Issue 52: after rebinding the Calendar's key, help still said "The Calendar (v)".
    @Test func helpSaysTheKeysThatOpenEachScreenAsBound() throws {
        let keys = try keymap([("calendar", "V"), ("habits", "Ctrl-g"), ("checklist", "o")])
        let help = KeyBindings.helpLines(keys)
        #expect(help.contains("The Calendar (V)") && !help.contains("The Calendar (v)"), "\(help)")
        #expect(help.contains("Habits (Ctrl-G)") && help.contains("A checklist (o, Enter on a checklist routine)"), "\(help)")
        #expect(KeyBindings.helpLines().contains("The Calendar (v)"))
    }

    @Test(arguments: [
        ([("fly", "d")], "line 1: key_fly is not an action: the board's are"),
        ([("add", "F13")], "line 1: key_add has 'F13', not a key"),
        ([("done", "d")], "line 1: d is given to both done and delete; give one of them another key"),
        ([("add", "Ctrl-L")], "line 1: Ctrl-L is given to both redraw (Ctrl-L) and add"),
        ([("search", "/"), ("quit", "none")], "line 2: key_quit leaves quit without a key; it must keep one"),
        ([("back", "none")], "line 1: key_back leaves back without a key"),
        // Another screen's keys, checked within that screen.
        ([("calendar_fly", "x")], "line 1: key_calendar_fly is not an action"),
        ([("calendar_today", "d")], "line 1: d is given to both today and delete on the calendar screen"),
        ([("stats_back", "none")], "line 1: key_stats_back leaves back without a key; it must keep one"),
        ([("form_next_row", "n")], "line 1: key_form_next_row has 'n': the template editor types characters as text"),
        ([("checklist_tick", "F1")], "line 1: F1 is given to both help and tick on the checklist screen"),
    ])
    func badKeySettingsAreRefusedWithTheirLine(settings: [(String, String)], refusal: String) {
        do throws(BoardKeymap.Refusals) {
            _ = try keymap(settings)
            Issue.record("accepted \(settings)")
        } catch {
            #expect(error.all.count == 1 && "line \(error.all[0].line): \(error.all[0].problem)".hasPrefix(refusal), "\(error.all.map(\.problem))")
        }
    }

    @Test func withoutSettingsTheKeysAreTheTables() throws {
        let keys = try keymap([])
        #expect(KeyBindings.helpLines(keys) == KeyBindings.helpLines())
        var state = try TUIFixture().state()
        state.keymap = keys
        #expect(keyHints(state) == ["? help", "a add", "e edit", "Enter open", "x done", "d delete", "u undo", "/ search", "t template", "v calendar", "q quit"])
    }
}

/// Every screen's keys of one's own (issue 44): `key_<screen>_<action>` over each screen's table,
/// checked like the board's, and the help, the screen and its messages say the keys in force.
@Suite struct ScreenKeymapTests {
    func keymap(_ lines: [(String, String)]) throws(BoardKeymap.Refusals) -> BoardKeymap {
        try BoardKeymap(lines.enumerated().map { BoardConfig.KeySetting(action: $1.0, keys: $1.1, line: $0 + 1) })
    }

    @Test func aCalendarKeyRemappedWorksOnlyThereAndItsMessagesAndHelpSayIt() throws {
        let keys = try keymap([("calendar_today", "t"), ("calendar_undo", "U")])
        #expect(keys.action(for: .character("t"), on: .calendar) == .calendar(.today))
        #expect(keys.action(for: .character("."), on: .calendar) == nil, "the old key is gone")
        #expect(keys.action(for: .character("t")) == .newTemplate, "the board keeps its t")
        let help = KeyBindings.helpLines(keys)
        let calendar = help.drop { $0 != "The Calendar (v)" }
        #expect(calendar.contains { $0.hasPrefix("t ") && $0.hasSuffix("today") }, "\(calendar.prefix(12))")
        let (f, app) = try WeekOfUseDefectTests().app()
        app.state.keymap = keys
        _ = try app.handle(.character("v"))
        _ = try app.handle(.tab)
        _ = try app.handle(.character("d"))
        #expect(app.state.message?.hasSuffix(". U brings it back.") == true, "\(app.state.message ?? "")")
        _ = f
    }

    @Test func keyBarsAndPromptsNameTheScreensKeysInForce() throws {
        let keys = try keymap([("detail_reset", "z"), ("dialog_apply", "a"), ("calendar_skip", "K"), ("suggestion_later", "l")])
        var state = try TUIFixture().state()
        state.keymap = keys
        state.mode = .detail(field: 0)
        state.focus = Focus(column: BoardState.routinesColumn, row: state.upcomingEarlier)
        #expect(keyHints(state).contains("z reset field"), "\(keyHints(state))")
        #expect(keys.bar(on: .calendar, [([.calendar(.skip)], "skip")]) == "K skip")
        #expect(keys.allSaid(.dialog(.apply), on: .dialog) == "a")
        state.mode = .suggestion(returningTo: nil)
        #expect(keyHints(state).contains("l later"), "\(keyHints(state))")
    }

    @Test func docsListEveryScreensActionsAsTheKeymapNamesThem() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/config.md")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| `") && $0.contains("`, `") }
        for screen in KeyScreen.allCases where screen != .board {
            let row = rows.first { $0.hasPrefix("| `\(screen.rawValue)` |") }
            let names = BoardKeymap.actions(of: screen).map { "`\($0.name)`" }.joined(separator: ", ")
            #expect(row == "| `\(screen.rawValue)` | \(names) |", "\(screen)")
        }
    }

    @Test func everyScreenActionNameIsUniqueAndInItsTable() {
        for screen in KeyScreen.allCases {
            let names = BoardKeymap.actions(of: screen).map(\.name)
            #expect(Set(names).count == names.count, "\(screen)")
            let tableActions = Set(screen.table.flatMap(\.map).map(\.action))
            for (name, action) in BoardKeymap.actions(of: screen) {
                #expect(tableActions.contains(action), "\(screen.settingName(name)) names an action its table lacks")
            }
            // Every action of the table can be given a key: help lists nothing config.toml can't change.
            for action in tableActions where action != .help || screen == .board {
                #expect(BoardKeymap.actions(of: screen).contains { $0.action == action }, "\(screen): \(action) has no setting")
            }
        }
    }
}
