import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Migrations v21 and v31 (ARCHITECTURE.md §7): every check against more than two values is kept
/// as `=`s joined by OR instead of `IN (…)`, which built a table of the values for every insert.
/// The rules stay the same, the rows stay.
@Suite struct ListCheckTests {
    /// v21: a card's bucket.
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

    /// v31: the others.
    @Test func aBoardFromBeforeKeepsItsRowsAndTheSameRules() throws {
        let queue = try DatabaseQueue(configuration: BoardDatabase.configuration)
        try Schema.migrator.migrate(queue, upTo: "v30 a version of each kept column")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO settings (id, owner_id) VALUES (1, 'o')")
            try db.execute(sql: """
                INSERT INTO templates (id, owner_id, title, status, created_at, updated_at)
                VALUES ('t', 'o', 'Stretch', 'active', '2026-11-21T09:00:00.000Z', '2026-11-21T09:00:00.000Z')
                """)
            try db.execute(sql: "INSERT INTO habits (id, owner_id, name, created_at, target) VALUES ('h', 'o', 'Run', '2026-11-21T09:00:00.000Z', '3/day')")
            try db.execute(sql: """
                INSERT INTO sync_changes (change_id, entity, entity_id, field, value, stamp, origin)
                VALUES ('c', 'templates', 't', 'title', '"Stretch"', '1:0', 'user')
                """)
        }
        let store = try BoardStore(queue)
        let tables = try store.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'").map { ($0[0] as String, $0[1] as String) })
        }
        for (table, subject, values) in Schema.listChecks {
            let sql = try #require(tables[table])
            #expect(sql.contains("(\(Schema.listCheck(subject, values)))"), "\(table)")
            #expect(!sql.contains("\(subject) IN ("), "\(table)")
        }
        #expect(try store.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        #expect(try store.read { db in try String.fetchAll(db, sql: "SELECT origin FROM sync_changes") } == ["user"])
        // Every value the rule allowed is allowed still, and no other.
        for status in ["draft", "active", "paused", "archived"] {
            try queue.write { db in try db.execute(sql: "UPDATE templates SET status = ? WHERE id = 't'", arguments: [status]) }
        }
        for origin in ["user", "propagation", "generation", "reapply"] {
            try queue.write { db in try db.execute(sql: "UPDATE sync_changes SET origin = ? WHERE change_id = 'c'", arguments: [origin]) }
        }
        for target in ["2/week", "1/month", "100/day"] {
            try queue.write { db in try db.execute(sql: "UPDATE habits SET target = ? WHERE id = 'h'", arguments: [target]) }
        }
        for (table, set) in [("templates", "status = 'gone'"), ("habits", "target = '3/year'"), ("habits", "target = '3/days'")] {
            #expect(throws: DatabaseError.self, "\(table): \(set)") {
                try queue.write { db in try db.execute(sql: "UPDATE \(table) SET \(set)") }
            }
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE sync_changes SET origin = 'User' WHERE change_id = 'c'") }
        }
    }

    /// A new board goes through the same migrations and has no check of a list of more than two
    /// left anywhere in its schema: a later table with one would pay for it on every insert.
    @Test func aNewBoardChecksNoListOfMoreThanTwo() throws {
        let board = try StoreFixture()
        let schema = try board.store.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL") }
        let list = try Regex(#"IN \(\s*('[^']*'|\d+)(\s*,\s*('[^']*'|\d+)){2,}\s*\)"#)
        for sql in schema { #expect(sql.firstMatch(of: list) == nil, "\(sql)") }
        #expect(schema.contains { $0.contains("CHECK (\(Schema.bucketCheck))") })
        #expect(schema.contains { $0.contains("CHECK ((origin = 'user' OR origin = 'propagation' OR origin = 'generation' OR origin = 'reapply'))") })
    }
}
