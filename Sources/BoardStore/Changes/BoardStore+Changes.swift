import BoardModel
import Foundation
import GRDB

/// Change sets: what each write transaction did, collected for whoever asked (the screen's undo
/// history), and applied back (undo, redo) in one transaction. ARCHITECTURE.md §7.
extension BoardStore {
    /// Runs `intent` (one store write, or a few) and returns the change set its transactions
    /// recorded, each computed inside its own transaction.
    public func recording<T>(_ intent: () throws -> T) throws -> (T, ChangeSet) {
        try installChangeLog()
        recorder.begin()
        do {
            let value = try intent()
            return (value, recorder.end())
        } catch {
            _ = recorder.end()
            throw error
        }
    }

    /// Puts the change log's triggers on the writer's connection, once.
    func installChangeLog() throws {
        if recorder.keys == nil, !isReadOnly {
            recorder.keys = try Self.mapping(path: path) { try database.writeWithoutTransaction { try ChangeLog.install($0) } }
        }
    }

    /// Drains what this transaction logged so far: into the change set being recorded, and into the
    /// sync outbox with the current origin. Rows written for received changes (no origin) go to neither.
    func flushChanges(_ db: Database) throws {
        guard let keys = recorder.keys else { return }
        let rows = try ChangeLog.drain(db, keys: keys)
        guard !rows.isEmpty, let origin = syncCapture.origin else { return }
        recorder.append(rows)
        if syncCapture.joined { try Self.addToOutbox(rows, origin: origin, now: syncCapture.wallClock(), db) }
    }

    /// Runs `body` inside the current transaction with its rows recorded as `origin`'s (nil: not
    /// recorded at all); what was written before is drained under the origin it had.
    func writing<T>(as origin: FieldChange.Origin?, _ db: Database, _ body: () throws -> T) throws -> T {
        try flushChanges(db)
        let previous = syncCapture.origin
        syncCapture.origin = origin
        defer { syncCapture.origin = previous }
        // Rows nobody's intent wrote here are not logged at all (a pull of 100,000 rows logs nothing).
        let pause = origin == nil && previous != nil && recorder.keys != nil
        if pause { try ChangeLog.pause(true, db) }
        let value = try body()
        if pause { try ChangeLog.pause(false, db) }
        try flushChanges(db)
        return value
    }

    /// Applies `changes` in one transaction (undo applies a change set's inverse, redo the change
    /// set itself). Each row must still be as the change set expects to find it; if another
    /// process changed one since, nothing is written and the error names it.
    public func apply(_ changes: ChangeSet, verb: String) throws {
        try write { db in
            for change in changes.rows {
                let keyColumns = change.key.keys.sorted()
                let condition = keyColumns.map { "\"\($0)\" = ?" }.joined(separator: " AND ")
                let keyValues = keyColumns.map { change.key[$0]! }
                let current = try Row.fetchOne(db, sql: "SELECT * FROM \"\(change.table)\" WHERE \(condition)",
                                               arguments: StatementArguments(keyValues))
                // The whole row must be as the change left it (or, for a row to create, absent).
                let expected = change.before.map { before in current.map { row in before.allSatisfy { row[$0.key] as DatabaseValue == $0.value } } ?? false }
                    ?? (current == nil)
                guard expected else {
                    let now = current.map { row in Dictionary(uniqueKeysWithValues: row.columnNames.map { ($0, row[$0] as DatabaseValue) }) }
                    // Named by the intent ("undo: …"), as the person pressed it.
                    throw BoardError(Field(verb == "redone" ? "redo" : "undo"), "“\(change.name(now: now))” was changed elsewhere since; nothing \(verb)")
                }
                func write() throws {
                    switch (change.before, change.after) {
                    case (_, nil):
                        try db.execute(sql: "DELETE FROM \"\(change.table)\" WHERE \(condition)", arguments: StatementArguments(keyValues))
                    case (nil, let after?):
                        let columns = after.keys.sorted()
                        try db.execute(sql: "INSERT INTO \"\(change.table)\" (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                                       arguments: StatementArguments(columns.map { after[$0]! }))
                    case (_?, let after?):
                        let columns = change.changedColumns
                        try db.execute(sql: "UPDATE \"\(change.table)\" SET \(columns.map { "\"\($0)\" = ?" }.joined(separator: ", ")) WHERE \(condition)",
                                       arguments: StatementArguments(columns.map { after[$0]! } + keyValues))
                    }
                }
                // A row only generation made (a resume's week) is removed or made again as generation
                // would (ARCHITECTURE.md §13): a person's tombstone would keep generation from ever making it again.
                if change.before == nil || change.after == nil, try Self.onlyGenerated(change, db) {
                    try writing(as: .generation, db, write)
                } else {
                    try write()
                }
            }
        }
    }
}

extension BoardStore {
    /// Whether the sync log holds changes of `change`'s row and every one of them is generation's.
    static func onlyGenerated(_ change: RowChange, _ db: Database) throws -> Bool {
        guard SyncedRows.tables.contains(change.table), let id = SyncedRows.entityId(table: change.table, key: change.key) else { return false }
        return try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM sync_changes WHERE entity = ? AND entity_id = ?)
               AND NOT EXISTS (SELECT 1 FROM sync_changes WHERE entity = ? AND entity_id = ? AND origin <> 'generation')
            """, arguments: [change.table, id, change.table, id]) ?? false
    }
}

/// The change sets a `recording` call collects, shared by the store's writes on any thread.
final class ChangeRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _keys: ChangeLog.Keys?
    private var collected: [RowChange]?

    /// The logged tables' primary keys, once the log is installed on the writer's connection.
    var keys: ChangeLog.Keys? {
        get { lock.withLock { _keys } }
        set { lock.withLock { _keys = newValue } }
    }

    func begin() { lock.withLock { collected = [] } }

    func end() -> ChangeSet { lock.withLock { defer { collected = nil }; return ChangeSet(rows: collected ?? []) } }

    /// Adds a transaction's changes when a recording is under way (else they are dropped).
    func append(_ changes: [RowChange]) { lock.withLock { collected? += changes } }
}
