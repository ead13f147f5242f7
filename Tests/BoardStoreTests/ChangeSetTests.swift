import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Change sets: computed inside each write, applied back as undo (the inverse) and redo (the set
/// itself), refused when another process changed a row since.
@Suite struct ChangeSetTests {
    let now = clock("2026-11-21T09:00")

    /// Every row of every logged table, as text.
    func dump(_ store: BoardStore) throws -> String {
        try store.database.read { db in
            try ChangeLog.tables.map { table in
                "\(table): " + (try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description).sorted().joined(separator: "\n"))
            }.joined(separator: "\n")
        }
    }

    @Test func aChangeSetNamesEachRowAndTheFieldsThatChanged() throws {
        let f = try StoreFixture()
        let (card, added) = try f.store.recording { try f.store.cards.add(CardValues(title: "Pay rent"), clock: now) }
        #expect(added.rows.count == 1 && added.rows[0].table == "tasks" && added.rows[0].before == nil)
        #expect(added.rows[0].key == ["id": card.id.databaseValue] && added.rows[0].after?["title"] == "Pay rent".databaseValue)
        let (_, edited) = try f.store.recording { try f.store.cards.edit(card.id, CardEdit(title: "Pay the rent"), clock: clock("2026-11-21T09:05")) }
        #expect(edited.rows.count == 1)
        #expect(edited.rows[0].changedColumns == ["title", "updated_at"], "only what changed")
        #expect(edited.rows[0].before?["title"] == "Pay rent".databaseValue)
    }

    /// Repro of the defect: add a card, move it, u, u, Ctrl-R, Ctrl-R gave "id: no task …" because redo
    /// replayed the creation under a new id. Redo now applies the same rows again.
    @Test func undoThenRedoOfACreationThenRedoOfAMoveOnIt() throws {
        let f = try StoreFixture()
        let empty = try dump(f.store)
        let (card, add) = try f.store.recording { try f.store.cards.add(CardValues(title: "Buy milk"), clock: now) }
        let (_, move) = try f.store.recording { try f.store.cards.move(card.id, to: .weekend, clock: now) }
        let moved = try dump(f.store)
        try f.store.apply(move.inverse, verb: "undone")
        try f.store.apply(add.inverse, verb: "undone")
        #expect(try dump(f.store) == empty)
        try f.store.apply(add, verb: "redone")
        try f.store.apply(move, verb: "redone")
        #expect(try dump(f.store) == moved)
        #expect(try f.store.cards.find(card.id).bucket == .weekend, "the same id, moved")
    }

    @Test func undoIsRefusedWhenAnotherProcessChangedTheCardSince() throws {
        let f = try StoreFixture(onDisk: true)
        let (card, _) = try f.store.recording { try f.store.cards.add(CardValues(title: "Pay rent"), clock: now) }
        let (_, edit) = try f.store.recording { try f.store.cards.edit(card.id, CardEdit(priority: 2), clock: now) }
        try BoardStore.open(path: f.path).cards.edit(card.id, CardEdit(title: "Pay rent today"), clock: clock("2026-11-21T09:30"))
        #expect(throws: BoardError("undo", "“Pay rent today” was changed elsewhere since; nothing undone")) {
            try f.store.apply(edit.inverse, verb: "undone")
        }
        #expect(try f.store.cards.find(card.id).priority == 2 && f.store.cards.find(card.id).title == "Pay rent today", "nothing overwritten")
    }

    @Test func undoOfAPropagationOfAThousandOccurrencesIsOneTransaction() throws {
        let f = try StoreFixture()
        let t = try f.store.routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), start: date("2026-11-21"), clock: now)
        // A thousand open occurrences of the series, as many days of generation would leave.
        try f.store.database.write { db in
            let series: String = try String.fetchOne(db, sql: "SELECT id FROM series WHERE template_id = ?", arguments: [t.id])!
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 7 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
                INSERT INTO tasks (id, owner_id, title, bucket, position, due_date, created_at, updated_at, template_id, series_id, occurrence_date, exception_mask)
                SELECT printf('occ%05d', i), owner_id, 'Stretch', 'ROUTINES', 100 + i, date('2026-11-21', '+' || i || ' days'), 'x', 'x', ?, ?,
                       date('2026-11-21', '+' || i || ' days'), '[]' FROM n, settings
                """, arguments: [t.id, series])
        }
        let before = try dump(f.store)
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(title: "Long stretch")), clock: now)
        #expect(plan.propagation.count == 1_000)
        let (_, edit) = try f.store.recording { try f.store.routines.applyEdit(plan, clock: now) }
        #expect(edit.rows.filter { $0.table == "tasks" }.count == 1_000)
        // The undo is one write: a trigger that refuses the last row's restore rolls all of it back.
        try f.store.database.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse_last BEFORE UPDATE ON tasks WHEN OLD.id = 'occ00999' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        #expect(throws: (any Error).self) { try f.store.apply(edit.inverse, verb: "undone") }
        #expect(try f.store.cards.list().filter { $0.title == "Long stretch" }.count == 1_000, "all or nothing")
        try f.store.database.write { db in try db.execute(sql: "DROP TRIGGER refuse_last") }
        try f.store.apply(edit.inverse, verb: "undone")
        #expect(try dump(f.store) == before)
    }
}

/// Issue: the board's snapshot was read in several transactions, so counts and cards could come from different commits.
@Suite struct OneReadTransactionTests {
    @Test func readsInsideReadingSeeOneCommit() throws {
        let f = try StoreFixture(onDisk: true)
        let now = clock("2026-11-21T09:00")
        try f.store.cards.add(CardValues(title: "One"), clock: now)
        let other = try BoardStore.open(path: f.path)
        let (before, after) = try f.store.reading { transaction in
            let before = try transaction.cardCounts()[.thisWeek]
            try other.cards.add(CardValues(title: "Two"), clock: now)  // another process commits meanwhile
            return (before, try transaction.cardSummaries(in: .thisWeek).count)
        }
        #expect(before == 1 && after == 1, "both reads see the same commit")
        #expect(try f.store.reader.cardSummaries(in: .thisWeek).count == 2, "a new read sees the new commit")
    }
}
