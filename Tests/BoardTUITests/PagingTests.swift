import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// Issue 39: with 40 cards in This Week at 120×40, PgDn at the end showed one card under "↑ 30
/// more" and empty rows, and PgUp then moved 1, 2, 4, 8 cards. A page keeps the column full.
@Suite struct PagingTests {
    func board(cards: Int) throws -> (TUIFixture, BoardState) {
        let f = try TUIFixture()
        for i in 1...cards { try f.store.cards.add(CardValues(title: "Card \(i)"), bucket: .thisWeek, clock: demoClock) }
        var state = try f.state()
        state.focus = Focus(column: 0, row: 0)
        _ = step(&state, .resize(width: state.width, height: state.height))
        return (f, state)
    }

    /// The rows of the column the cards take, and whether the last card is among them.
    func shown(_ state: BoardState) -> (count: Int, last: Int?) {
        let placed = Layout(state).visible(state, column: 0)
        return (placed.count, placed.last?.row)
    }

    @Test func pagingDownToTheEndKeepsTheColumnFullAndUpMovesAPage() throws {
        var (_, state) = try board(cards: 40)
        let total = state.cards(in: 0).count
        let page = shown(state).count
        #expect(page > 5 && page < total)
        for _ in 0..<10 { press([.pageDown], &state) }
        #expect(state.focus.row == total - 1)
        #expect(shown(state).last == total - 1)
        #expect(shown(state).count >= page - 1, "the last page is full, not one card under ↑ N more")
        // PgUp moves the view and the focus a screenful every time.
        var tops: [Int] = [state.scroll[0]]
        while state.scroll[0] > 0 {
            press([.pageUp], &state)
            tops.append(state.scroll[0])
        }
        let steps = zip(tops, tops.dropFirst()).map { $0 - $1 }
        #expect(steps.dropLast().allSatisfy { $0 >= page - 2 }, "\(steps)")
    }

    /// Cards gone from another shell: the view is full again, not left past the end.
    @Test func cardsThatVanishLeaveTheColumnFull() throws {
        var (f, state) = try board(cards: 40)
        for _ in 0..<10 { press([.pageDown], &state) }
        let ids = state.cards(in: 0).suffix(12).map(\.id)
        for id in ids { try f.store.cards.delete(id, clock: demoClock) }
        _ = step(&state, .reported(.loaded(try BoardSnapshot.load(f.store, clock: demoClock), focusing: nil)))
        let total = state.cards(in: 0).count
        #expect(shown(state).last == total - 1)
        #expect(shown(state).count >= 10, "\(shown(state))")
    }

    /// Issue 56: keeping the focus in view measured every column's last page on every focus key,
    /// a screenful of wrapped titles again and again (a focus key 3.1 ms on 10,000 cards, 1.1 ms
    /// without). The shortcut only skips columns certainly within their last page: it gives what
    /// measuring gives, for every scroll of columns of short and wrapped titles at several sizes.
    @Test func aColumnsScrollWithinItsLastPageIsWhatMeasuringGives() throws {
        let f = try TUIFixture()
        for i in 1...60 {
            let title = i % 3 == 0 ? "A card whose title is long enough to wrap over two or three lines \(i)" : "Card \(i)"
            try f.store.cards.add(CardValues(title: title), bucket: .thisWeek, clock: demoClock)
        }
        for (width, height) in [(120, 40), (80, 24), (60, 15), (200, 60)] {
            var state = try f.state(width: width, height: height)
            let layout = Layout(state)
            for column in state.scroll.indices {
                for scroll in 0...state.cards(in: column).count + 2 {
                    state.scroll[column] = scroll
                    let measured = min(scroll, layout.lastPage(state, column: column))
                    #expect(layout.scrollWithinLastPage(state, column: column) == measured, "\(width)×\(height), column \(column), scroll \(scroll)")
                }
                state.scroll[column] = 0
            }
        }
    }
}
