import TestSupport
import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// `Layout.scroll(_:keeping:in:)` finds the offset that shows a row by halving: on random boards
/// (cards of one to several lines, Upcoming's day headers, narrow and short screens) it gives what
/// trying one offset after another gives, from every starting offset.
@Suite struct LayoutScrollTests {
    /// The rule as first written: the least offset from the current one that shows `row`.
    static func oneAtATime(_ layout: Layout, _ state: BoardState, keeping row: Int, in column: Int) -> Int {
        var s = state
        if row < s.scroll[column] { return row }
        s.scroll[column] = max(s.scroll[column], row - (layout.bodyBottom - layout.bodyTop))
        while !layout.visible(s, column: column).contains(where: { $0.row == row }) && s.scroll[column] < row { s.scroll[column] += 1 }
        return s.scroll[column]
    }

    @Test func halvingFindsWhatOneOffsetAtATimeFinds() throws {
        var random = SeededGenerator(seed: 5601)
        let words = ["Pay", "rent", "a rather long word to wrap", "旅行の計画", "Supercalifragilisticexpialidocious", "x"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-scroll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("board.sqlite").path
        let store = try BoardStore.open(path: path, concurrentReads: true)
        for _ in 0..<120 {
            let title = (0..<Int.random(in: 1...9, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            let bucket: Bucket = [.thisWeek, .routines].randomElement(using: &random)!
            let due = bucket == .routines || Bool.random(using: &random) ? demoClock.today.adding(days: Int.random(in: 0...6, using: &random)) : nil
            _ = try store.cards.add(CardValues(title: title, labels: Bool.random(using: &random) ? ["home"] : []), bucket: bucket, due: due, clock: demoClock)
        }
        var compared = 0
        for (width, height) in [(60, 15), (80, 24), (120, 40), (75, 19)] {
            let app = try BoardApp(store: store, path: path) { demoClock }
            _ = try app.firstFrame(width: width, height: height)
            let layout = Layout(app.state)
            for column in [0, BoardState.routinesColumn] {
                let count = app.state.cards(in: column).count
                for start in stride(from: 0, to: count, by: 7) {
                    var state = app.state
                    state.scroll[column] = start
                    for row in 0..<count {
                        #expect(layout.scroll(state, keeping: row, in: column) == Self.oneAtATime(layout, state, keeping: row, in: column),
                                "row \(row) from \(start), column \(column) at \(width)×\(height)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1000)
    }
}
