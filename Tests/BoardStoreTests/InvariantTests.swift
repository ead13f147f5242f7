import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// The invariants hold in the store's methods and, where SQLite can say so, in the schema itself.
@Suite struct InvariantTests {
    let now = clock("2026-11-21T09:00")

    @Test func badInputWritesNothing() throws {
        let f = try StoreFixture()
        let steps = (1...11).map { "step \($0)" }
        #expect(throws: BoardError("checklist", "at most 10 steps, got 11")) {
            try f.store.routines.add(CardValues(title: "Too long", checklist: steps), rule: try rule("every day"), clock: now)
        }
        #expect(throws: BoardError("title", "must not be empty")) { try f.store.cards.add(CardValues(title: "  "), clock: now) }
        #expect(throws: BoardError("priority", "must be 0, 1, 2 or 3, got '4'")) { try f.store.cards.add(CardValues(title: "x", priority: 4), clock: now) }
        #expect(throws: BoardError("time", "08:00 today has passed (it is 09:00)")) {
            try f.store.cards.add(CardValues(title: "Call", time: LocalTime(hour: 8, minute: 0)), due: date("2026-11-21"), clock: now)
        }
        let t = try f.store.routines.add(CardValues(title: "Ten", checklist: Array(steps.prefix(10))), rule: try rule("every day"), clock: now)
        let o = try f.store.occurrences(of: t.id)[0]
        #expect(throws: BoardError.self) { try f.store.cards.edit(o.id, CardEdit(checklist: steps), clock: now) }
        #expect(throws: BoardError.self) { try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(checklist: steps)), clock: now) }
        #expect(try f.store.cards.list().count == 7)
        #expect(try f.store.cards.find(o.id).checklist.count == 10)
    }

    @Test func theSchemaRefusesWhatTheStoreNeverWrites() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Walk"), rule: try rule("every day"), clock: now)
        let o = try f.store.occurrences(of: t.id)[0]
        try f.store.database.write { db in
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE tasks SET bucket = 'SOMEDAY' WHERE id = ?", arguments: [o.id]) }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE tasks SET exception_mask = '[\"colour\"]' WHERE id = ?", arguments: [o.id]) }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE tasks SET owner_id = 'someone-else' WHERE id = ?", arguments: [o.id]) }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "UPDATE tasks SET checklist = ? WHERE id = ?", arguments: [String(repeating: "{\"text\":\"a\",\"done\":false},", count: 11).dropLast().description.wrappedInBrackets, o.id])
            }
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at, series_id, occurrence_date) VALUES ('dup', ?, 'x', 'ROUTINES', 99, '', '', ?, ?)",
                               arguments: [o.ownerId, o.seriesId, o.occurrenceDate])
            }
        }
        #expect(try f.store.cards.find(o.id) == o)
    }

    @Test func idsResolveByUniquePrefix() throws {
        let f = try StoreFixture()
        let a = try f.store.cards.add(CardValues(title: "A"), clock: now)
        #expect(try f.store.cards.id(matching: String(a.id.prefix(8))) == a.id)
        #expect(try f.store.cards.id(matching: a.id.uppercased()) == a.id)
        #expect(throws: BoardError("id", "no card has an id starting with 'fffffffff'")) {
            try f.store.cards.id(matching: a.id.hasPrefix("fffffffff") ? "000000000" : "fffffffff")
        }
        #expect(throws: BoardError("id", "'z z' is not an id (ids are letters, digits, '-' and '_', as `board list` shows them)")) { try f.store.cards.id(matching: "z z") }
        #expect(throws: BoardError("id", "no card has an id starting with 'zz'")) { try f.store.cards.id(matching: "zz") }
        for i in 0..<40 { try f.store.cards.add(CardValues(title: "T\(i)"), clock: now) }
        #expect(throws: BoardError.self) { try f.store.cards.id(matching: "") }
    }

    @Test func aDatabaseFromTheFirstMigrationMigratesWithoutLosingARow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("board.sqlite").path
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v1 templates, series, tasks")
        try old.write { db in
            try db.execute(sql: "INSERT INTO settings (id, owner_id) VALUES (1, 'owner-1')")
            try db.execute(sql: "INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at) VALUES ('abc', 'owner-1', 'Old card', 'WEEKEND', 0, 't', 't')")
        }
        try old.close()
        let store = try BoardStore.open(path: path)
        #expect(store.ownerId == "owner-1")
        #expect(try store.cards.list().map(\.title) == ["Old card"])
        let (hasEvents, applied) = try store.database.read { db in
            (try db.tableExists("events"), try Schema.migrator.appliedIdentifiers(db).count)
        }
        #expect(hasEvents && applied == Schema.migrator.migrations.count)
    }

    @Test func anUpToDateFileIsKnownFromOneRead() throws {
        let f = try StoreFixture(onDisk: true)
        let state = try f.store.database.read { db in try BoardDatabase.OpenState(db) }
        #expect(state.isMigrated && state.owner == f.store.ownerId && !state.joined)
        // The migrations as SQLite writes them, quotes and backslashes included.
        let ids = ["v1 plain", "v2 \"quoted\"", "v3 back\\slash", "v4 é"]
        let sqlite = try f.store.database.read { db in
            try String.fetchOne(db, sql: "SELECT json_array(?, ?, ?, ?)", arguments: StatementArguments(ids))
        }
        #expect(BoardDatabase.OpenState.jsonArray(ids) == sqlite)
    }

    @Test func anExceptionMaskNamesOnlyRealFieldsWhateverWritesIt() throws {
        let f = try StoreFixture()
        try f.store.database.write { db in
            try db.execute(sql: "INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at, exception_mask) VALUES ('a', ?, 'A', 'WEEKEND', 0, 't', 't', '[]')", arguments: [f.store.ownerId])
            try db.execute(sql: "UPDATE tasks SET exception_mask = '[\"title\"]' WHERE id = 'a'")
        }
        for sql in ["INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at, exception_mask) VALUES ('b', '\(f.store.ownerId)', 'B', 'WEEKEND', 0, 't', 't', '[\"colour\"]')",
                    "UPDATE tasks SET exception_mask = '[\"title\",\"colour\"]' WHERE id = 'a'"] {
            #expect(throws: DatabaseError.self) { try f.store.database.write { db in try db.execute(sql: sql) } }
        }
        #expect(try f.store.cards.find("a").exceptionMask == [.title])
    }

    @Test func aDatabaseFromANewerBoardIsRefused() throws {
        let f = try StoreFixture(onDisk: true)
        try f.store.database.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
        }
        // The file can't be used (status 3), not bad input (status 2).
        #expect(throws: BoardFileError.unusable(path: f.path, problem: "was written by a newer version of Board; upgrade Board to open it")) {
            try BoardStore.open(path: f.path)
        }
    }
}

private extension String {
    var wrappedInBrackets: String { "[" + self + "]" }
}
