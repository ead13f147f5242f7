import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// A large import makes the indexes its writing never reads once, after its cards, inside its
/// transaction (ARCHITECTURE.md §11): the board ends with the schema's own indexes, reads as
/// before, and a refused import leaves them, and everything else, as they were.
@Suite struct ImportIndexTests {
    /// The indexes and triggers of `tasks`: the count triggers are dropped and made again with the indexes.
    func indexes(_ store: BoardStore) throws -> [String] {
        try store.read { db in try String.fetchAll(db, sql: "SELECT name || ': ' || sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = 'tasks' AND sql IS NOT NULL ORDER BY name") }
    }

    func cards(_ count: Int, from first: Int = 0, dated: Bool = true) -> Data {
        let cards = (first..<first + count).map { i in
            #"{"id": "card-\#(i)", "title": "Card \#(i)", "bucket": "\#(i % 3 == 0 ? "next-week" : "this-week")""#
                + (dated ? #", "due_date": "2026-12-\#(String(format: "%02d", i % 28 + 1))""# : "") + "}"
        }
        return Data(("[" + cards.joined(separator: ",") + "]").utf8)
    }

    @Test func aLargeImportEndsWithTheSchemasIndexesAndTheyAreUsed() throws {
        let board = try StoreFixture()
        try board.store.cards.add(CardValues(title: "Already here"), clock: clock("2026-11-21T09:00"))
        let before = try indexes(board.store)
        #expect(before.contains { $0.hasPrefix("tasks_upcoming: ") } && before.contains { $0.hasPrefix("tasks_due: ") })
        let summary = try board.store.exchange.importDocument(cards(3_000), clock: clock("2026-11-21T09:00"))
        #expect(summary.cards.added == 3_000)
        #expect(try indexes(board.store) == before)
        // The agenda's dates and the board's columns read through them, as after a small import.
        let plan = try board.store.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM tasks WHERE due_date = '2026-12-02'").map { $0["detail"] as String }.joined()
        }
        #expect(plan.contains("tasks_due"), "\(plan)")
        #expect(try board.store.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test func aRefusedLargeImportLeavesTheIndexesAndTheBoard() throws {
        let board = try StoreFixture()
        let before = try indexes(board.store)
        var text = String(decoding: cards(2_000), as: UTF8.self)
        text.removeLast()
        text += #",{"id": "bad", "title": "Bad", "bucket": "someday"}]"#
        #expect(throws: BoardError("cards[2000].bucket", "unknown bucket 'someday'; use this-week, weekend, next-week, next-month, routines")) {
            try board.store.exchange.importDocument(Data(text.utf8), clock: clock("2026-11-21T09:00"))
        }
        #expect(try indexes(board.store) == before)
        #expect(try board.store.cards.list().isEmpty)
    }

    /// A small import into a larger board keeps its indexes through the writing: rebuilding them
    /// over the whole board would cost more than it saves.
    @Test func theIndexesAreTheSameWhateverTheSizes() throws {
        let board = try StoreFixture()
        _ = try board.store.exchange.importDocument(cards(1_500, dated: false), clock: clock("2026-11-21T09:00"))
        let before = try indexes(board.store)
        _ = try board.store.exchange.importDocument(cards(10, from: 5_000), clock: clock("2026-11-21T09:00"))
        #expect(try indexes(board.store) == before)
        #expect(try board.store.cards.list().count == 1_510)
    }
}
