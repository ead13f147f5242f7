import BoardModel
@testable import BoardStore
import Testing

/// A window or a move past a column's middle is read backwards from the column's end
/// (`ColumnSlice`): the rows it takes are the rows a read from the start would take.
@Suite struct ColumnSliceTests {
    @Test func aSliceReadFromEitherEndTakesTheSameRows() {
        var backwards = 0
        for count in 0..<14 {
            let column = Array(0..<count)
            for offset in 0...count + 1 {
                for limit in [1, 2, 3, 5, 150, Int.max] {
                    let slice = ColumnSlice(offset: offset, limit: limit, of: count)
                    let forward = offset < count ? Array(column[offset..<min(count, offset + min(limit, count))]) : []
                    let read = slice.take > 0
                        ? Array((slice.backwards ? column.reversed() : column).dropFirst(slice.skip).prefix(slice.take)) : []
                    #expect(slice.inOrder(read) == forward, "\(count) cards, \(limit) from \(offset)")
                    if slice.backwards { backwards += 1 }
                }
            }
        }
        #expect(backwards > 100, "the end is read from for most slices past the middle")
    }

    /// A card put at each place of a column of 9 lands there, whichever end its neighbours are
    /// read from, and the column keeps its order.
    @Test func aCardPutAtEachPlaceLandsThere() throws {
        let board = try StoreFixture()
        let now = clock("2026-11-21T09:00")
        let ids = try (0..<10).map { try board.store.cards.add(CardValues(title: "Card \($0)"), bucket: .weekend, clock: now).id }
        for place in 0...9 {
            try board.store.cards.move(ids[4], to: .weekend, position: place, clock: now)
            let order = try board.store.reader.cardSummaries(in: .weekend, board.store.horizons(now)).map(\.id)
            #expect(order == Array(ids.filter { $0 != ids[4] }.prefix(place)) + [ids[4]] + ids.filter { $0 != ids[4] }.dropFirst(place))
        }
    }
}
