import Foundation
import BoardModel
import GRDB

/// A card's first change kept by reference (ARCHITECTURE.md §13). Joining wrote every card a
/// second time, as its `row` change's JSON, so a board of 100,000 cards grew 3.5 times and most of
/// the first sync was writing that copy; a first pull did the same. The change now names its card
/// (`in_row` = 1, no value) — at join, and when a received card is made from that one change:
/// its value is the card as the table holds it — or, from the card's first change on, as it was
/// just before, which a trigger keeps (`row_before`, the columns as a JSON object). Any writer of
/// the file fires the trigger, so the value can never drift from what it was when the change was made.
enum RowReference {
    /// The tables whose join-time changes are kept by reference: the cards, nearly all of a board.
    static let tables = ["tasks"]

    /// The triggers that keep a referenced row's columns before it first changes or goes. Made with
    /// the table's columns as they are: a migration that adds a column makes them again.
    static func installTriggers(_ db: Database) throws {
        for table in tables {
            // A kept column (the column a card shows in) is no part of the card's value, and its
            // writing is not the card changing.
            let kept = Schema.keptColumns[table] ?? []
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
                .filter { !kept.contains($0) }
            let before = "json_object(" + columns.map { "'\($0)', OLD.\"\($0)\"" }.joined(separator: ", ") + ")"
            let referenced = "entity = '\(table)' AND entity_id = OLD.id AND in_row = 1 AND row_before IS NULL"
            let update = kept.isEmpty ? "UPDATE" : "UPDATE OF " + columns.map { "\"\($0)\"" }.joined(separator: ", ")
            for (name, event) in [("update", update), ("delete", "DELETE")] {
                try db.execute(sql: """
                    DROP TRIGGER IF EXISTS sync_row_reference_\(table)_\(name);
                    CREATE TRIGGER sync_row_reference_\(table)_\(name) BEFORE \(event) ON \(table)
                    WHEN EXISTS (SELECT 1 FROM sync_changes WHERE \(referenced))
                    BEGIN UPDATE sync_changes SET row_before = \(before) WHERE \(referenced); END
                    """)
            }
        }
    }

    /// Whether the row `change` (its one change, a created row's) was just made from, `written` as
    /// the table holds it, gives back its value exactly, so the change can be kept by reference: a
    /// first pull then holds no second copy of the cards either. A value the row would not give
    /// back (another version's writing of it) is kept as a copy. When `check` found that the
    /// columns the row was written with make the value (`makesValue`), the value is made again
    /// only if the table did not hold them as given or its other columns would add to it.
    static func givesBack(_ change: FieldChange, written: BulkInsert.WrittenRow, makesValue: Bool) -> Bool {
        guard tables.contains(change.entity), change.field == FieldChange.row, let value = change.value else { return false }
        if makesValue && written.heldAsGiven
            && CreatedRowLayout.of(table: change.entity, names: written.names).addsNothing(written.columns, at: written.notGiven) {
            return true
        }
        return isValue(value, SyncedRows.createdRowBytes(table: change.entity, columns: written.columns))
    }

    /// Whether `columns`, the ones a created card of `change` is written with, make its value:
    /// worked out where a pull checks its next batch, so the thread that writes the cards only
    /// compares columns (`givesBack`).
    static func makesValue(_ change: FieldChange, columns: [(String, DatabaseValue)]) -> Bool {
        guard tables.contains(change.entity), change.field == FieldChange.row, let value = change.value else { return false }
        return isValue(value, SyncedRows.createdRowBytes(table: change.entity, columns: columns))
    }

    /// Whether `value`'s UTF-8 is `bytes`.
    private static func isValue(_ value: String, _ bytes: [UInt8]) -> Bool {
        var value = value
        return value.withUTF8 { utf8 in bytes.withUnsafeBufferPointer { utf8.hasSameBytes(as: $0) } }
    }

    /// The value of a `row` change kept by reference to row `id` of `table`: the row's fields as a
    /// created row's change carries them (`SyncedRows.createdRowValue`), from `rowBefore` when the
    /// row has changed since, else from the table.
    static func value(table: String, id: String, rowBefore: String?, _ db: Database) throws -> String {
        if let rowBefore {
            return SyncedRows.createdRowValue(table: table, columns: try ChangeLog.values(rowBefore, db).lazy.map { ($0.key, $0.value) })
        }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM \(table) WHERE id = ?"), arguments: [id]) else {
            // The trigger keeps a row before it goes, so only a writer that bypassed it gets here.
            throw BoardError("sync", "\(table) \(id.prefix(8)): the row its first change names is gone; the change can't be sent")
        }
        return SyncedRows.createdRowValue(table: table, columns: row)
    }
}
