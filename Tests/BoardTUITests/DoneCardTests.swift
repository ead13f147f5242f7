import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// Issue 44: done cards were dimmed but not struck through, while done checklist steps are. A done
/// card's title is struck (its box is not), as a step's is; an open card's is not.
@Suite struct DoneCardTests {
    @Test func aDoneCardsTitleIsStruckThroughAndItsBoxIsNot() throws {
        let f = try TUIFixture()
        var state = try f.state()
        let card = try #require(state.cards(in: 0).first { !$0.isCompleted })
        _ = try f.store.cards.complete(card.id, clock: demoClock)
        state.snapshot = try BoardSnapshot.load(f.store, clock: demoClock)
        let frame = view(state)
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
        let y = try #require(lines.firstIndex { $0.contains("[x] \(card.title.prefix(10))") })
        let row = (0..<frame.width).map { frame[$0, y] }
        let box = try #require(row.indices.first { row[$0].character == "[" && row[$0 + 1].character == "x" })
        #expect(!row[box].style.contains(.strike) && row[box].style.contains(.dim))
        #expect(row[box + 4].style.contains(.strike) && row[box + 4].style.contains(.dim))
        #expect(!row[box + 4 + card.title.count].style.contains(.strike), "the blank after the title is not struck")
        let openY = try #require(lines.firstIndex { $0.contains("[ ] ") })
        let openRow = (0..<frame.width).map { frame[$0, openY] }
        let openBox = try #require(openRow.indices.first { openRow[$0].character == "[" && openRow[$0 + 1].character == " " })
        #expect(!openRow[openBox + 4].style.contains(.strike))
    }
}
