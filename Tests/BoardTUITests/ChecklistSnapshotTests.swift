import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// The checklist widget (ARCHITECTURE.md §5) as text snapshots: wrapped long steps, all done, the limit row.
@Suite struct ChecklistSnapshotTests {
    func state(_ steps: [RoutineChecklist.Step], editing: Bool = false, cursor: Int = 0) throws -> BoardState {
        var state = try TUIFixture().state(width: 80, height: 24)
        let checklist = RoutineChecklist(owner: .routine(templateId: "t", day: state.snapshot.today), title: "Bedtime", templateId: "t", steps: steps)
        var screen = ChecklistScreen(checklist: checklist)
        screen.editing = editing
        screen.cursor = cursor
        state.mode = .checklist(screen)
        return state
    }

    @Test func longStepsWrapUnderTheirTextTopAligned() throws {
        let frame = view(try state([
            .init(text: "Brush teeth", done: true),
            .init(text: "Stretch for ten minutes, slowly, the whole sequence from the Thursday yoga class, breathing out on each fold",
                  done: false, habitId: "h", habitName: "Stretch"),
            .init(text: "Lights off", done: false),
        ], cursor: 1))
        try assertSnapshot(frame, named: "checklist-wrapped")
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.contains("[ ] Stretch for ten minutes") })
        // The continuation starts in the text's column, under "Stretch", not under the box.
        let textColumn = lines[first].distance(from: lines[first].startIndex, to: lines[first].range(of: "Stretch")!.lowerBound)
        let next = lines[first + 1]
        #expect(next.distance(from: next.startIndex, to: next.firstIndex { $0 != " " && $0 != "│" }!) == textColumn)
        #expect(frame.cursor?.y == first)
    }

    @Test func doneStepsAreDimmedAndStruckButKeepTheirBox() throws {
        let frame = view(try state(["Brush teeth", "Drink water", "Lights off"].map { .init(text: $0, done: true) }))
        try assertSnapshot(frame, named: "checklist-all-done")
        #expect(frame.text.contains("Bedtime · today · 3 of 3 done"))
        let y = try #require(frame.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("[x] Drink water") })
        let row = (0..<frame.width).map { frame[$0, y] }
        let box = try #require(row.indices.first { row[$0].character == "[" && row[$0 + 1].character == "x" && row[$0 + 4].character == "D" })
        #expect(!row[box].style.contains(.strike) && !row[box + 1].style.contains(.dim))
        let text = box + 4
        #expect(row[text].character == "D" && row[text].style.contains(.strike) && row[text].style.contains(.dim))
    }

    @Test func atTenStepsTheAddRowGivesWayToTheLimit() throws {
        let ten = (1...10).map { RoutineChecklist.Step(text: "Step \($0)", done: $0 <= 2) }
        let frame = view(try state(ten, editing: true, cursor: 9))
        try assertSnapshot(frame, named: "checklist-limit")
        #expect(frame.text.contains("10 of 10 steps — limit reached"))
        #expect(!frame.text.contains("+ Add step"))
        let nine = view(try state(Array(ten.prefix(9)), editing: true, cursor: 9))
        #expect(nine.text.contains("+ Add step:") && !nine.text.contains("limit reached"))
    }

    /// Issue 44: `e` left the cursor on step 1, so what was typed next was taken as keys (`d` asked to
    /// remove a step). Editing starts on the Add step row, where typing goes.
    @Test func editingStartsOnTheAddStepRowAndTypingGoesThere() throws {
        var state = try state(["Brush teeth", "Drink water"].map { .init(text: $0, done: false) })
        press([.character("e")] + type("do yoga"), &state)
        guard case .checklist(let screen) = state.mode else { Issue.record("left the checklist"); return }
        #expect(screen.isOnAddRow && screen.newStep.text == "do yoga" && screen.confirmingRemoval == nil)
    }
}
