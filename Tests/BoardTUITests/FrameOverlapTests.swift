@testable import BoardTUI
import Testing

/// What one write leaves of another: nothing drawn half, nothing pushed.
@Suite struct FrameOverlapTests {
    /// Issue: a box edge drawn over the right half of a CJK character left its left half, which the
    /// terminal drew whole over the edge, pushing the rest of the line one cell right.
    @Test(arguments: [0, 1])
    func aWriteOverEitherHalfOfAWideCharacterBlanksTheOtherHalf(offset: Int) {
        var frame = Frame(width: 10, height: 1)
        frame.put("旅行計画", x: 0, y: 0)
        frame.put("│", x: 2 + offset, y: 0)
        // Every cell is drawn whole, and the edge is where it was put.
        var x = 0, drawn: [(Int, Character)] = []
        while x < frame.width {
            let cell = frame[x, 0]
            #expect(cell.width > 0, "cell \(x) is the right half of nothing")
            drawn.append((x, cell.character))
            x += max(1, cell.width)
        }
        #expect(drawn.contains { $0 == (2 + offset, "│") }, "\(frame.text)")
        #expect(frame.text == (offset == 0 ? "旅│ 計画" : "旅 │計画"), "\(frame.text)")
    }

    /// Issue: at 60×15 "Dentist" broke mid-word ("[ ] Dentis" / "t") though a whole line fits it.
    @Test func aWordTooLongForTheFirstLineStartsTheNext() {
        #expect(DisplayWidth.wrap("Dentist", to: 9, firstWidth: 6) == ["", "Dentist"])
        #expect(DisplayWidth.wrap("Go to the dentist", to: 9, firstWidth: 6) == ["Go to", "the", "dentist"])
        #expect(DisplayWidth.wrap("Supercalifragilistic", to: 9, firstWidth: 6) == ["Superc", "alifragil", "istic"], "longer than any line: cut")
    }
}
