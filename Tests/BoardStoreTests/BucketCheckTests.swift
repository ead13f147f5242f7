import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Migration v21 (ARCHITECTURE.md §7): a card's bucket is checked by `=`s joined by OR instead of
/// `IN (…)`, which built a table of names for every insert. The rule stays the same, the rows stay.
@Suite struct BucketCheckTests {
    @Test func aBoardFromBeforeKeepsItsCardsAndTheSameRule() throws {
        let queue = try DatabaseQueue(configuration: BoardDatabase.configuration)
        try Schema.migrator.migrate(queue, upTo: "v20 a shared routine's start")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO settings (id, owner_id) VALUES (1, 'o')")
            try db.execute(sql: """
                INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at)
                VALUES ('kept', 'o', 'Kept', 'WEEKEND', 0, '2026-11-21T09:00:00.000Z', '2026-11-21T09:00:00.000Z')
                """)
        }
        let store = try BoardStore(queue)
        let sql = try store.read { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'tasks'") } ?? ""
        #expect(sql.contains("CHECK (bucket = 'THIS_WEEK' OR bucket = 'WEEKEND' OR bucket = 'NEXT_WEEK' OR bucket = 'NEXT_MONTH' OR bucket = 'ROUTINES')"))
        #expect(!sql.contains("bucket IN"))
        #expect(try store.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        #expect(try store.cards.list().map(\.id) == ["kept"])
        for bucket in ["THIS_WEEK", "WEEKEND", "NEXT_WEEK", "NEXT_MONTH", "ROUTINES"] {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at) VALUES (?, 'o', 't', ?, 1, 'a', 'a')",
                               arguments: [bucket, bucket])
            }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at) VALUES ('x', 'o', 't', 'SOMEDAY', 1, 'a', 'a')")
            }
        }
    }

    /// A new board goes through the same migrations and ends with the same check.
    @Test func aNewBoardHasTheCheckInPlace() throws {
        let board = try StoreFixture()
        let sql = try board.store.read { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'tasks'") } ?? ""
        #expect(sql.contains("CHECK (\(Schema.bucketCheck))") && !sql.contains("bucket IN"))
    }
}
