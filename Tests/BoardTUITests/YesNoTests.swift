import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// Every yes/no question answers alike (issue 44: the card form went back on any key but y, the
/// template editor ignored other keys, removing a step kept it on any key): y confirms, n and Esc
/// go back, any other key leaves the question asked and says how to answer.
@Suite struct YesNoTests {
    func key(_ state: BoardState, _ key: Key) -> Action? { KeyMap.action(for: key, in: state) }

    func step(_ state: inout BoardState, _ keys: [Key]) {
        for k in keys { if let action = KeyMap.action(for: k, in: state) { _ = BoardTUI.step(&state, action) } }
    }

    @Test func theCardFormsDropQuestion() throws {
        var state = try TUIFixture().state()
        step(&state, [.character("e")] + type("!") + [.escape])
        guard case .editing(let asked) = state.mode, asked.confirmingDiscard else { Issue.record("not asked: \(state.mode)"); return }
        step(&state, [.character("x")])
        guard case .editing(let still) = state.mode, still.confirmingDiscard else { Issue.record("x answered: \(state.mode)"); return }
        #expect(state.message == "y drops your changes · n or Esc goes back to them")
        step(&state, [.character("n")])
        guard case .editing(let back) = state.mode, !back.confirmingDiscard, back[.title].hasSuffix("!") else { Issue.record("n: \(state.mode)"); return }
        step(&state, [.escape, .escape])
        guard case .editing(let again) = state.mode, !again.confirmingDiscard else { Issue.record("Esc: \(state.mode)"); return }
        step(&state, [.escape, .character("y")])
        #expect(state.mode == .normal && state.message == "Changes dropped.")
    }

    @Test func theTemplateEditorsDropQuestion() throws {
        var state = try TUIFixture().state()
        step(&state, [.character("t")] + type("Stretch") + [.escape])
        guard case .templateForm(let asked) = state.mode, asked.confirmingDiscard else { Issue.record("not asked: \(state.mode)"); return }
        step(&state, [.character("x")])
        guard case .templateForm(let still) = state.mode, still.confirmingDiscard else { Issue.record("x answered: \(state.mode)"); return }
        #expect(state.message == "y drops your changes · n or Esc goes back to them")
        #expect(view(state).text.contains("Drop your changes? y drops them · n or Esc goes back"))
        step(&state, [.escape])
        guard case .templateForm(let back) = state.mode, !back.confirmingDiscard else { Issue.record("Esc: \(state.mode)"); return }
        step(&state, [.escape, .character("y")])
        #expect(state.mode == .normal)
    }

    @Test func removingAStep() throws {
        var state = try TUIFixture().state()
        let checklist = RoutineChecklist(owner: .routine(templateId: "t", day: state.snapshot.today), title: "Bedtime", templateId: "t",
                                         steps: ["Brush teeth", "Lights off"].map { .init(text: $0, done: false) })
        var screen = ChecklistScreen(checklist: checklist)
        screen.editing = true
        state.mode = .checklist(screen)
        step(&state, [.character("d")])
        #expect(state.message == "Remove step 1 “Brush teeth”? y removes it · n or Esc keeps it")
        step(&state, [.character("x")])
        guard case .checklist(let still) = state.mode, still.confirmingRemoval == 0 else { Issue.record("x answered: \(state.mode)"); return }
        #expect(state.message == "y removes the step · n or Esc keeps it")
        step(&state, [.escape])
        guard case .checklist(let kept) = state.mode, kept.confirmingRemoval == nil else { Issue.record("Esc: \(state.mode)"); return }
        #expect(state.message == "Kept the step.")
        step(&state, [.character("d")])
        var effects: [Effect] = []
        if let action = KeyMap.action(for: .character("y"), in: state) { effects = BoardTUI.step(&state, action) }
        #expect(effects == [.write(.editChecklist(checklist.owner, steps: ["Lights off"]))])
    }
}
