import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Each kept column's window is kept while the column's version stands (ARCHITECTURE.md §7): the
/// file's triggers move it on every change to a card in the column, from this store or another
/// process, and leave the other columns' versions.
@Suite struct ColumnWindowCacheTests {
    let now = clock("2026-11-21T09:00")

    /// Every column's version, by column.
    func versions(_ store: BoardStore) throws -> [Bucket: Int] {
        try store.database.read { db in
            Dictionary(uniqueKeysWithValues: try Bucket.allCases.compactMap { column in try Schema.columnVersion(column, db).map { (column, $0) } })
        }
    }

    /// Runs `write` and gives the columns whose version moved.
    func moved(_ store: BoardStore, _ write: () throws -> Void) throws -> Set<Bucket> {
        let before = try versions(store)
        try write()
        let after = try versions(store)
        return Set(Bucket.allCases.filter { before[$0] != after[$0] })
    }

    @Test func everyChangeToACardMovesItsColumnsVersionAndNoOther() throws {
        let f = try StoreFixture()
        let store = f.store
        _ = try store.cards.add(CardValues(title: "Keep"), bucket: .nextMonth, clock: now)
        var card: CardRecord?
        #expect(try moved(store) { card = try store.cards.add(CardValues(title: "Taxes", checklist: ["forms"]), bucket: .thisWeek, clock: now) } == [.thisWeek])
        let id = try #require(card).id
        #expect(try moved(store) { _ = try store.cards.edit(id, CardEdit(title: "Taxes 2026"), clock: now) } == [.thisWeek])
        #expect(try moved(store) { _ = try store.checklists.toggle(0, of: .card(id: id), clock: now) } == [.thisWeek])
        #expect(try moved(store) { try store.cards.move(id, to: .nextWeek, clock: now) } == [.thisWeek, .nextWeek])
        #expect(try moved(store) { try store.cards.complete(id, clock: now) } == [.nextWeek])
        #expect(try moved(store) { try store.cards.delete(id, clock: now) } == [.nextWeek])
        let walk = try store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        let run = try #require(try store.occurrences(of: walk.id).first)
        #expect(try moved(store) { try store.cards.complete(run.id, clock: now) } == [.routines])
        // An import counts the columns again without the triggers: every version there is moves.
        let versioned = Set(try versions(store).keys)
        #expect(versioned == [.thisWeek, .nextWeek, .nextMonth, .routines])
        #expect(try moved(store) { try store.database.write { db in try Schema.recountColumns(db) } } == versioned)
    }

    /// Reads `column`'s window through the cache, counting the reads it makes.
    func window(_ store: BoardStore, _ column: Bucket, reads: inout Int) throws {
        _ = try store.database.read { db in
            try store.columnWindows.window(column, .init(offset: 0, limit: 150, count: nil), db) {
                reads += 1
                return []
            }
        }
    }

    @Test func aWindowIsReadAgainOnlyWhenItsColumnChanged() throws {
        let f = try StoreFixture()
        let store = f.store
        let taxes = try store.cards.add(CardValues(title: "Taxes"), bucket: .thisWeek, clock: now)
        let bins = try store.cards.add(CardValues(title: "Bins"), bucket: .nextWeek, clock: now)
        var thisWeek = 0, nextWeek = 0
        try window(store, .thisWeek, reads: &thisWeek)
        try window(store, .nextWeek, reads: &nextWeek)
        try window(store, .thisWeek, reads: &thisWeek)
        #expect((thisWeek, nextWeek) == (1, 1))
        try store.cards.complete(taxes.id, clock: now)
        try window(store, .thisWeek, reads: &thisWeek)
        try window(store, .nextWeek, reads: &nextWeek)
        #expect((thisWeek, nextWeek) == (2, 1))
        try store.cards.move(bins.id, to: .thisWeek, clock: now)
        try window(store, .thisWeek, reads: &thisWeek)
        try window(store, .nextWeek, reads: &nextWeek)
        #expect((thisWeek, nextWeek) == (3, 2))
    }

    /// Another process's commit runs the file's triggers too: the screen's window shows it.
    @Test func anotherProcessesWriteIsSeenInTheWindow() throws {
        let f = try StoreFixture(onDisk: true)
        let screen = try BoardStore.open(path: f.path, concurrentReads: true)
        let taxes = try screen.cards.add(CardValues(title: "Taxes"), bucket: .thisWeek, clock: now)
        try screen.settleHorizons(clock: now)
        let horizons = screen.horizons(now)
        #expect(try screen.reader.cardSummaries(in: .thisWeek, horizons, limit: 150).map(\.title) == ["Taxes"])
        try f.store.database.write { db in try db.execute(sql: "UPDATE tasks SET title = 'Taxes, filed' WHERE id = ?", arguments: [taxes.id]) }
        #expect(try screen.reader.cardSummaries(in: .thisWeek, horizons, limit: 150).map(\.title) == ["Taxes, filed"])
        try f.store.database.write { db in try db.execute(sql: "DELETE FROM tasks WHERE id = ?", arguments: [taxes.id]) }
        #expect(try screen.reader.cardSummaries(in: .thisWeek, horizons, limit: 150).isEmpty)
    }
}
