import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// The Routines column's templates and the templates' titles are kept while the file's routines
/// version stands (ARCHITECTURE.md §7): every change an overview reads moves it, from this store
/// or another process, and a plain card's write does not.
@Suite struct RoutinesColumnCacheTests {
    let now = clock("2026-11-21T09:00")

    func version(_ store: BoardStore) throws -> Int? {
        try store.database.read { db in try Schema.routinesVersion(db) }
    }

    /// Runs `write` and says whether the version moved.
    func moves(_ store: BoardStore, _ write: () throws -> Void) throws -> Bool {
        let before = try version(store)
        try write()
        return try version(store) != before
    }

    @Test func everyChangeAnOverviewReadsMovesTheVersion() throws {
        let f = try StoreFixture()
        let store = f.store
        #expect(try version(store) != nil)
        var walk: TemplateRecord?
        #expect(try moves(store) { walk = try store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now) })
        let id = try #require(walk).id
        let today = try #require(try store.occurrences(of: id).first)
        #expect(try moves(store) { try store.cards.complete(today.id, clock: now) })
        #expect(try moves(store) { try store.cards.reopen(today.id, clock: now) })
        // An update naming only columns no overview reads (the kept column, as the day's settling
        // writes it; a position) leaves it, though it touches every occurrence.
        var touched = 0
        #expect(try !moves(store) {
            try store.database.write { db in
                try db.execute(sql: "UPDATE tasks SET shown = shown, position = position + 1 WHERE series_id IS NOT NULL")
                touched = db.changesCount
            }
        })
        #expect(touched > 0)
        #expect(try moves(store) { _ = try store.routines.skipNext(id, clock: now) })
        #expect(try moves(store) { try store.routines.pause(id, clock: now) })
        #expect(try moves(store) { try store.routines.resume(id, clock: now) })
        #expect(try moves(store) { _ = try store.routines.duplicate(id, clock: now) })
        #expect(try moves(store) { try store.cards.delete(try store.occurrences(of: id).last!.id, clock: now) })
    }

    @Test func aPlainCardsWritesLeaveTheVersion() throws {
        let f = try StoreFixture()
        let store = f.store
        _ = try store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        var card: CardRecord?
        #expect(try !moves(store) { card = try store.cards.add(CardValues(title: "Taxes"), due: date("2026-11-25"), clock: now) })
        let id = try #require(card).id
        #expect(try !moves(store) { try store.cards.move(id, to: .nextWeek, clock: now) })
        #expect(try !moves(store) { try store.cards.complete(id, clock: now) })
        #expect(try !moves(store) { try store.cards.reopen(id, clock: now) })
        #expect(try !moves(store) { _ = try store.cards.edit(id, CardEdit(title: "Pay taxes"), clock: now) })
        #expect(try !moves(store) { try store.cards.delete(id, clock: now) })
    }

    /// The overview's next run follows a completed occurrence, through the kept read.
    @Test func theNextRunFollowsACompletedOccurrence() throws {
        let f = try StoreFixture()
        let walk = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try f.store.reader.templates(clock: now).map(\.nextRun) == [date("2026-11-21")])
        try f.store.cards.complete(try #require(try f.store.occurrences(of: walk.id).first).id, clock: now)
        #expect(try f.store.reader.templates(clock: now).map(\.nextRun) == [date("2026-11-22")])
        // A later minute is another question: read again, not taken for the earlier one.
        #expect(try f.store.reader.templates(clock: clock("2026-11-22T09:00")).map(\.nextRun) == [date("2026-11-22")])
    }

    /// Another process writing the file with its own SQL: the triggers are the file's, so it moves too.
    @Test func aTemplateRenamedByAnotherProcessIsReadAnew() throws {
        let f = try StoreFixture(onDisk: true)
        let screen = try BoardStore.open(path: f.path, concurrentReads: true)
        let walk = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        #expect(try screen.reader.templates(clock: now).map(\.template.title) == ["Walk"])
        #expect(try screen.reader.templateTitles() == [walk.id: "Walk"])
        let other = try DatabaseQueue(path: f.path)
        try other.write { db in try db.execute(sql: "UPDATE templates SET title = 'Run' WHERE id = ?", arguments: [walk.id]) }
        #expect(try screen.reader.templates(clock: now).map(\.template.title) == ["Run"])
        #expect(try screen.reader.templateTitles() == [walk.id: "Run"])
    }

    /// Nothing an overview reads written: the templates are not read again.
    @Test func aPlainCardsWriteKeepsWhatWasRead() throws {
        let f = try StoreFixture()
        let walk = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        let question = RoutinesColumnCache.Question(now: now.local, zone: now.zone.identifier, limit: 40, includingArchived: true)
        var reads = 0
        func read() throws {
            _ = try f.store.database.read { db in try f.store.routinesColumn.overviews(db, question) { reads += 1; return [] } }
        }
        try read()
        let card = try f.store.cards.add(CardValues(title: "Taxes"), clock: now)
        try f.store.cards.move(card.id, to: .nextWeek, clock: now)
        try read()
        #expect(reads == 1)
        try f.store.routines.pause(walk.id, clock: now)
        try read()
        #expect(reads == 2)
    }
}
