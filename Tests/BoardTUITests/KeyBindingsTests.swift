import Foundation
import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// The key map and the help overlay come from one table: every binding is what the key map does and
/// is in help; every key a screen acts on has a binding, so help never misses one.
@Suite struct KeyBindingsTests {
    static let candidates: [Key] = (32...126).map { Key.character(Character(Unicode.Scalar($0)!)) }
        + "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
        + [.up, .down, .left, .right, .shiftLeft, .shiftRight, .enter, .escape, .backspace, .tab, .backTab]

    static func screens(_ f: TUIFixture) throws -> [(name: String, mode: Mode, bindings: [KeyBinding])] {
        let state = try f.state()
        let checklist = ChecklistScreen(checklist: RoutineChecklist(owner: .card(id: "x"), title: "Bedtime", templateId: "t",
                                                                    steps: [.init(text: "Brush teeth", done: false), .init(text: "Floss", done: true)]))
        let habits = HabitsScreen(habits: try f.store.habits.list(clock: demoClock).map(HabitRow.init))
        return [
            ("board", .normal, KeyBindings.board), ("detail", .detail(field: 0), KeyBindings.detail),
            ("template form", .templateForm(TemplateForm(now: state.snapshot.now)), KeyBindings.templateForm),
            ("checklist", .checklist(checklist), KeyBindings.checklist), ("habits", .habits(habits), KeyBindings.habits),
            ("suggestion", .suggestion(returningTo: nil), KeyBindings.suggestion),
            ("typing", .adding(TextField()), KeyBindings.typing),
        ]
    }

    @Test func everyBindingIsWhatTheKeyMapDoesAndIsInHelp() throws {
        let help = KeyBindings.helpLines()
        for screen in try Self.screens(try TUIFixture()) {
            for binding in screen.bindings {
                #expect(!binding.map.isEmpty && help.contains(binding.line), "\(screen.name): \(binding.keys)")
                for (key, action) in binding.map {
                    #expect(KeyMap.action(for: key, in: screen.mode) == action, "\(screen.name): \(key) does not do what help says")
                }
            }
        }
        // And every help line is a section title, a blank, or a binding's line.
        let lines = Set(KeyBindings.sections.flatMap { [KeyBindings.title($0, .standard)] + $0.bindings.map(\.line) } + [""])
        #expect(help.allSatisfy(lines.contains))
    }

    /// On the board every key the map answers is in the table (nothing handled but undocumented).
    @Test func everyKeyTheBoardAnswersHasABinding() throws {
        let documented = Set((KeyBindings.board + KeyBindings.everywhere).flatMap { $0.map.map(\.key) })
        for key in Self.candidates where KeyMap.action(for: key, in: .normal) != nil {
            #expect(documented.contains(key), "\(key) acts on the board but help doesn't say so")
        }
    }

    /// The checklist, habits and suggestion screens read letters through their `update`: any key that
    /// changes something there (or asks for an effect) must have a binding.
    @Test func everyKeyAScreenActsOnHasABinding() throws {
        let f = try TUIFixture()
        _ = try f.store.habits.add("Drink water", clock: demoClock)
        for screen in try Self.screens(f) where ["checklist", "habits", "suggestion"].contains(screen.name) {
            let documented = Set((screen.bindings + KeyBindings.typing + KeyBindings.everywhere).flatMap { $0.map.map(\.key) })
            for key in Self.candidates {
                var state = try f.state()
                state.runs.start(routineId: "t", title: "Bedtime", day: demoClock.today, at: demoClock.local)
                state.runs.finish(1, steps: [], checkedIn: [])
                state.mode = screen.mode
                if screen.name == "suggestion" {
                    // A suggestion waiting, so the prompt has something to answer.
                    let run = state.runs.start(routineId: "t", title: "Bedtime", day: demoClock.today, at: demoClock.local)
                    state.runs.noteTick(run.id, step: "Drink", done: true)
                    state.runs.finish(run.id, steps: [.init(text: "Drink", done: true, habitId: "h", habitName: "Water")])
                }
                let before = state
                guard let action = KeyMap.action(for: key, in: state.mode) else { continue }
                let effects = update(&state, action)
                let acted = !effects.isEmpty || state.mode != before.mode || state.runs != before.runs
                if acted { #expect(documented.contains(key), "\(screen.name): \(key) acts but help doesn't say so") }
            }
        }
    }
}

/// The README's key table is the board's bindings, row for row.
@Suite struct ReadmeKeyTableTests {
    @Test func theReadmeListsEveryBoardBindingAndNoOther() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "| key | does |\n|---|---|\n"))
        let rows = text[start.upperBound...].prefix { _ in true }.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("| ") }.map(String.init)
        let expected = (KeyBindings.board + KeyBindings.everywhere).map { "| \($0.keys) | \($0.help) |" }
        #expect(rows == expected)
    }
}

/// Issue: at 50×12, `x` then `d` completed and deleted a card out of sight; in the template editor,
/// `q` (which the screen says quits) was typed into a field.
@Suite struct TooSmallTests {
    @Test func whileTooSmallOnlyQuitAndResizeDoAnything() throws {
        for opening in [[Key](), [.character("t")]] {
            var state = try TUIFixture().state()
            press(opening, &state)
            let before = state.mode
            press([.resize(width: 50, height: 12)], &state)
            #expect(view(state).text.contains("Terminal too small"))
            #expect(press([.character("x"), .character("d"), .character("a"), .enter], &state).isEmpty, "nothing happens out of sight")
            #expect(state.mode == before)
            #expect(press([.character("q")], &state) == [.quit])
            press([.resize(width: 120, height: 40)], &state)
            #expect(!view(state).text.contains("Terminal too small"))
        }
    }
}
