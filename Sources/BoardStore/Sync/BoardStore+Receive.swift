import BoardModel
import Foundation
import GRDB

/// What taking in a pull did.
public struct ReceiveSummary: Equatable, Sendable {
    /// Changes this device did not have yet.
    public var received = 0
    /// Rows made, changed or removed because of them.
    public var rows = 0
    /// Rows that can't be made yet: their first values have not arrived, or they would break a rule
    /// of the board (another row holds their unique place). They are made when what they lack arrives.
    public var heldBack = 0
    /// Changes that failed the field rules: kept aside with their reason, never applied.
    public var setAside = 0
}

/// Received changes checked against the field rules and the clock (`BoardStore.check`), ready to be
/// taken in: the changes that passed, a created row's fields as its check read them (the row is
/// made from them), and the ones that failed with why.
public struct CheckedChanges: Sendable {
    var accepted: [FieldChange] = []
    /// A created row's fields, where `columns` has none for it: a habit's (merged by name), or a row whose values can't be read.
    var created: [String: [String: String?]] = [:]
    /// A created row's columns as they are written (`BoardStore.rowColumns`), worked out here
    /// rather than where the batch is taken in, the one thread a pull waits on.
    var columns: [String: [(String, DatabaseValue)]] = [:]
    /// The created cards whose `columns` make their change's value again (`RowReference.makesValue`):
    /// once written, such a card is kept by reference if the table holds those columns as they were given.
    var makeTheirValue: Set<String> = []
    var refused: [(change: FieldChange, reason: String)] = []
}

/// Received changes (ARCHITECTURE.md §13): kept in the log, and every row they touch made again
/// from all the changes this device holds for it (`Replica.state`), so the file shows what the
/// set of changes says, in whatever order they came.
extension BoardStore {
    /// What writing one received row did.
    struct Materialized {
        /// Why the row can't be made yet (a value missing, or a rule of the board in the way); nil when it was written or removed.
        var waiting: String?
        /// The row as the table holds it after the write, when it was asked for and the row was written.
        var written: BulkInsert.WrittenRow?
    }

    /// Writes one row as `fields` say it is (what `changes`, all this device holds for it, make:
    /// `Replica.row`; nil: removed, by the key `changes` give it), with `columns` when `check` has
    /// worked them out. With `returningRow`, the row comes back as the table then holds it
    /// (`BulkInsert`), for `RowReference.givesBack`.
    static func materialize(table: String, id: String, fields: [String: String?]?, columns prepared: [(String, DatabaseValue)]? = nil,
                            from changes: [FieldChange], key: [String], returningRow: Bool = false,
                            upserts: inout [UpsertKey: BulkInsert], deferral: ForeignKeyDeferral, _ db: Database) throws -> Materialized {
        guard let fields else {
            // A parent may go before its children do (`removeOrphans` takes them at the end).
            try deferral.begin(db)
            // Gone: removed by the key its values had (a habit entry's is its habit and day).
            let values = Dictionary(changes.flatMap(\.expanded).map { ($0.field, $0.value) }, uniquingKeysWith: { a, _ in a })
            let keyValues = key.map { column in column == "id" ? id.databaseValue : (SyncValue.value(values[column] ?? nil) ?? .null) }
            try db.execute(sql: "DELETE FROM \(table) WHERE " + key.map { "\"\($0)\" = ?" }.joined(separator: " AND "),
                           arguments: StatementArguments(keyValues))
            return Materialized()
        }
        let columns: [(String, DatabaseValue)]
        if let prepared {
            columns = prepared
        } else {
            do throws(Unreadable) {
                columns = try rowColumns(table: table, fields: fields)
            } catch {
                return Materialized(waiting: error.reason)
            }
        }
        let names = columns.map(\.0)
        do {
            let upsertKey = UpsertKey(columns: names, returningRow: returningRow)
            let upsert: BulkInsert
            if let made = upserts[upsertKey] {
                upsert = made
            } else {
                upsert = try BulkInsert(db, table: table, columns: names, upsertingOn: key, returningRow: returningRow)
                upserts[upsertKey] = upsert
            }
            do {
                return Materialized(written: try upsert.insert(columns.map(\.1)))
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY && !deferral.isOn {
                // A row naming a parent this pass removes or has not made: checked at the commit,
                // after `removeOrphans`, as every received row was before deferral became lazy.
                try deferral.begin(db)
                return Materialized(written: try upsert.insert(columns.map(\.1)))
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // Only this statement is undone; the row waits for what it lacks.
            return Materialized(waiting: waitingReason(error))
        }
    }

    /// One prepared upsert per table's columns (nearly always one per table), and whether it gives the row back.
    struct UpsertKey: Hashable {
        var columns: [String]
        var returningRow: Bool
    }

    /// Why a row that broke a rule of the board waits, in words.
    static func waitingReason(_ error: DatabaseError) -> String {
        let message = error.message ?? "\(error)"
        return message.hasPrefix("NOT NULL") ? "its first values have not arrived" : "it would break a rule of the board (\(message))"
    }

    /// Foreign keys checked at the commit rather than at each statement, from the first statement
    /// of a receive that needs it: a row removed (a parent may go before its children), or one
    /// whose parent is not there. Set only then because the pragma, as every flag pragma, expires
    /// each statement the connection has prepared: a receive that set it always compiled its
    /// statements again, most of a small pass on a server's replica (ARCHITECTURE.md §13).
    final class ForeignKeyDeferral {
        private(set) var isOn = false

        func begin(_ db: Database) throws {
            guard !isOn else { return }
            try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
            isOn = true
        }
    }

    /// Rows whose parent the changes removed go with it, on every device alike (a card generated
    /// offline for a series another device removed, an entry of a removed habit).
    static func removeOrphans(_ db: Database) throws {
        // Prepared once per connection: a server's replica takes in a change at a time, and
        // preparing these six was a tenth of each pass.
        for sql in [
            "DELETE FROM recurrence_rules WHERE template_id NOT IN (SELECT id FROM templates)",
            "DELETE FROM series WHERE template_id NOT IN (SELECT id FROM templates)",
            "DELETE FROM tasks WHERE series_id IS NOT NULL AND series_id NOT IN (SELECT id FROM series)",
            "DELETE FROM tasks WHERE template_id IS NOT NULL AND template_id NOT IN (SELECT id FROM templates)",
            "DELETE FROM habit_entries WHERE habit_id NOT IN (SELECT id FROM habits)",
            "UPDATE habit_entries SET routine_id = NULL WHERE routine_id IS NOT NULL AND routine_id NOT IN (SELECT id FROM templates)",
        ] { try db.cachedStatement(sql: sql).execute() }
    }
}

extension SyncStore {
    /// Takes in changes pulled from the server, through its sequence number `pulledThrough`, in one
    /// transaction: a crash leaves the board as it was and the pull is done again. A change that
    /// fails the field rules (`ChangeCheck`) is set aside with its reason and never applied.
    /// `serverClock` (milliseconds) is the server's time: a stamp moves this device's clock no
    /// further than the leeway past it, or past its own wall clock when that is later.
    @discardableResult
    public func receive(_ changes: [FieldChange], pulledThrough: Int64, serverClock: Int64? = nil) throws -> ReceiveSummary {
        try receive(check(changes, serverClock: serverClock), pulledThrough: pulledThrough, serverClock: serverClock)
    }

    /// Checks received changes against the field rules and the clock, outside any transaction: a
    /// pull checks the next batch while this store takes one in (ARCHITECTURE.md §13).
    public func check(_ changes: [FieldChange], serverClock: Int64? = nil) -> CheckedChanges {
        var checked = CheckedChanges()
        checked.accepted.reserveCapacity(changes.count)
        let owner = base.syncCapture.ownerId
        // The latest moment a change can be stamped: the server refuses a stamp further ahead
        // of its clock when the change is made, so one in the log is older or came another way.
        let wall = BoardStore.milliseconds(base.syncCapture.wallClock())
        let latestStamp = HybridTimestamp(milliseconds: max(wall, serverClock ?? wall) + HybridTimestamp.leeway, counter: Int.max)
        for change in changes {
            do throws(BoardError) {
                let fields = try ChangeCheck.check(change, owner: owner)
                guard change.stamp <= latestStamp else {
                    throw BoardError("stamp", "\(change.stamp) is more than 10 minutes ahead of the server's clock")
                }
                checked.accepted.append(change)
                if let fields {
                    // A row whose columns are worked out here needs its fields no more: they are
                    // let go on this thread, not on the one that takes the batch in.
                    if !SyncedRows.mergedTables.contains(change.entity),
                       let row = Replica.row(Replica.RowKey(change.entity, change.entityId), of: [change], created: fields),
                       let columns = try? BoardStore.rowColumns(table: change.entity, fields: row) {
                        checked.columns[change.id] = columns
                        if RowReference.makesValue(change, columns: columns) { checked.makeTheirValue.insert(change.id) }
                    } else {
                        checked.created[change.id] = fields
                    }
                }
            } catch {
                checked.refused.append((change, error.description))
            }
        }
        return checked
    }

    /// Takes in changes `check` has checked, as `receive(_:pulledThrough:serverClock:)` does.
    @discardableResult
    public func receive(_ checked: CheckedChanges, pulledThrough: Int64, serverClock: Int64? = nil) throws -> ReceiveSummary {
        try base.installChangeLog()
        return try write { db in
            try writing(as: nil, db) { try take(checked, pulledThrough: pulledThrough, serverClock: serverClock, db) }
        }
    }

    /// Takes in a whole pull (ARCHITECTURE.md §13): `pull` gives each batch of changes and the number
    /// the log is read through (nil after the last); each is read and checked on a thread of its own
    /// while the one before is taken in. A batch is a transaction, except on a board holding fewer
    /// cards than the first batch brings (a new device's first pull): there the whole pull is one
    /// transaction, and the indexes of the board's columns are built once after its cards, as a
    /// large import builds them, instead of kept through every row.
    public func receive(pulling pull: () throws -> (changes: [FieldChange], through: Int64)?, serverClock: Int64? = nil) throws -> ReceiveSummary {
        try base.installChangeLog()
        return try ReadAhead.run(limit: 1, handOver: 1, make: { () throws -> (checked: CheckedChanges, through: Int64)? in
            try pull().map { (check($0.changes, serverClock: serverClock), $0.through) }
        }) { batches in
            var total = ReceiveSummary()
            func add(_ summary: ReceiveSummary) {
                total.received += summary.received
                total.rows += summary.rows
                total.heldBack = summary.heldBack
                total.setAside += summary.setAside
            }
            guard let first = try batches.next() else { return total }
            let cards = try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks") ?? 0 }
            guard BoardStore.buildsIndexesAfter(documentCards: first.checked.accepted.count, boardCards: cards) else {
                var batch: (checked: CheckedChanges, through: Int64)? = first
                while let (checked, through) = batch {
                    add(try receive(checked, pulledThrough: through, serverClock: serverClock))
                    batch = try batches.next()
                }
                return total
            }
            try write { db in
                try writing(as: nil, db) {
                    var rebuild = try BoardStore.dropBuiltAfterImport(db)
                    var batch: (checked: CheckedChanges, through: Int64)? = first
                    while let (checked, through) = batch {
                        add(try take(checked, pulledThrough: through, serverClock: serverClock, db))
                        // Past this many rows, sorting the keys once would hold more memory than it saves.
                        if !rebuild.isEmpty && total.rows > BoardStore.indexRebuildLimit {
                            try BoardStore.buildAfterImport(rebuild, db)
                            rebuild = []
                        }
                        batch = try batches.next()
                    }
                    try BoardStore.buildAfterImport(rebuild, db)
                }
            }
            return total
        }
    }

    /// Takes in one batch of checked changes inside the current transaction.
    private func take(_ checked: CheckedChanges, pulledThrough: Int64, serverClock: Int64?, _ db: Database) throws -> ReceiveSummary {
        var summary = ReceiveSummary()
        // Rows are made parents first, but a row may name a parent that a later change removes.
        let deferral = BoardStore.ForeignKeyDeferral()
        // Bound through SQLite's C API: a first pull keeps 100,000 changes (ARCHITECTURE.md §13).
        let insert = try BulkInsert(db, sql: """
            INSERT INTO sync_changes (change_id, entity, entity_id, field, value, stamp, device, origin, pushed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1) ON CONFLICT (change_id) WHERE device IS NOT NULL DO NOTHING
            """)
        let setAside = try db.cachedStatement(sql: """
            INSERT INTO sync_set_aside (change_id, entity, entity_id, field, value, stamp, device, origin, reason)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (change_id) DO NOTHING
            """)
        for (change, reason) in checked.refused {
            try setAside.execute(arguments: [change.id, change.entity, change.entityId, change.field, change.value,
                                             change.stamp.description, change.device, change.origin.rawValue, reason])
            summary.setAside += db.changesCount
        }
        let accepted = checked.accepted, created = checked.created, prepared = checked.columns
        let wall = BoardStore.milliseconds(base.syncCapture.wallClock())
        let reference = max(wall, serverClock ?? wall)
        var touched: [String: Set<String>] = [:]
        for change in accepted { touched[change.entity, default: []].insert(change.entityId) }
        // A row this device held no change of is made from this batch alone, without reading the
        // log back. Which rows the log holds is one statement a table, not one a row.
        let held = try db.cachedStatement(sql: """
            SELECT DISTINCT entity_id FROM sync_changes WHERE entity = ? AND entity_id IN (SELECT value FROM json_each(?))
            """)
        var heldRows: [String: Set<String>] = [:]
        for (table, ids) in touched {
            var json: [UInt8] = [UInt8(ascii: "[")]
            for (i, id) in ids.enumerated() {
                if i > 0 { json.append(UInt8(ascii: ",")) }
                CardJSON.appendString(id, to: &json)
            }
            json.append(UInt8(ascii: "]"))
            heldRows[table] = Set(try String.fetchAll(held, arguments: [table, String(decoding: json, as: UTF8.self)]))
        }
        var fresh: [Replica.RowKey: [FieldChange]] = [:]
        var latest: HybridTimestamp?
        for change in accepted where heldRows[change.entity]?.contains(change.entityId) != true {
            fresh[Replica.RowKey(change.entity, change.entityId), default: []].append(change)
        }
        let insertByReference = try BulkInsert(db, sql: """
            INSERT INTO sync_changes (change_id, entity, entity_id, field, value, stamp, device, origin, pushed, in_row)
            VALUES (?, ?, ?, ?, NULL, ?, ?, ?, 1, 1) ON CONFLICT (change_id) WHERE device IS NOT NULL DO NOTHING
            """)
        // This device's own changes are not in the index of change ids (only received ones need
        // it); one of them coming back (pushed just before a round was cut) is found by its row,
        // whatever device the change names. A row new to this device holds none.
        let ownHeld = try db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM sync_changes WHERE entity = ? AND entity_id = ? AND change_id = ? AND device IS NULL)
            """)
        /// Keeps a received change in the log (by reference to its row: `RowReference`); counts it when it is new.
        func keep(_ change: FieldChange, byReference: Bool = false) throws {
            if fresh[Replica.RowKey(change.entity, change.entityId)] == nil,
               try Bool.fetchOne(ownHeld, arguments: [change.entity, change.entityId, change.id]) == true { return }
            if byReference {
                try insertByReference.insert([change.id.databaseValue, change.entity.databaseValue, change.entityId.databaseValue,
                                              change.field.databaseValue, change.stamp.description.databaseValue,
                                              change.device.databaseValue, change.origin.rawValue.databaseValue])
            } else {
                try insert.insert([change.id.databaseValue, change.entity.databaseValue, change.entityId.databaseValue,
                                   change.field.databaseValue, change.value.databaseValue, change.stamp.description.databaseValue,
                                   change.device.databaseValue, change.origin.rawValue.databaseValue])
            }
            guard db.changesCount > 0 else { return }
            summary.received += 1
            latest = max(latest ?? change.stamp, change.stamp)
        }
        // A card made from one change is kept once its row is written: by reference when the row gives it back.
        func firstOfCard(_ change: FieldChange) -> Bool {
            RowReference.tables.contains(change.entity) && change.field == FieldChange.row
                && fresh[Replica.RowKey(change.entity, change.entityId)]?.count == 1
        }
        for change in accepted where !firstOfCard(change) { try keep(change) }
        let keys = base.recorder.keys ?? [:]
        let history = try db.cachedStatement(sql: "SELECT \(BoardStore.changeColumns) FROM sync_changes WHERE entity = ? AND entity_id = ?")
        // Rows that can't be made yet are noted with why, for `board sync status`, until they are.
        let waits = try db.cachedStatement(sql: "INSERT OR REPLACE INTO sync_waiting (entity, entity_id, reason) VALUES (?, ?, ?)")
        let made = try db.cachedStatement(sql: "DELETE FROM sync_waiting WHERE entity = ? AND entity_id = ?")
        let anyWaiting = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_waiting)") ?? false
        var upserts: [BoardStore.UpsertKey: BulkInsert] = [:]
        for table in SyncedRows.tables where !SyncedRows.mergedTables.contains(table) {
            for id in touched[table]?.sorted() ?? [] {
                let new = fresh[Replica.RowKey(table, id)]
                let known = try new ?? Row.fetchAll(history, arguments: [table, id]).compactMap { try BoardStore.fieldChange($0, db) }
                let only = new?.count == 1 ? known[0].id : nil
                let columns = only.flatMap { prepared[$0] }
                // A row made by its one change whose columns `check` worked out is there, whatever its fields.
                let fields = columns != nil ? [:] : Replica.row(Replica.RowKey(table, id), of: known, created: only.flatMap { created[$0] })
                let first = new?.first.flatMap { firstOfCard($0) ? $0 : nil }
                let outcome = try BoardStore.materialize(table: table, id: id, fields: fields, columns: columns, from: known,
                                                         key: keys[table] ?? ["id"], returningRow: first != nil, upserts: &upserts, deferral: deferral, db)
                if let first {
                    let byReference = outcome.written.map {
                        RowReference.givesBack(first, written: $0, makesValue: checked.makeTheirValue.contains(first.id))
                    }
                    try keep(first, byReference: byReference ?? false)
                }
                if let reason = outcome.waiting {
                    try waits.execute(arguments: [table, id, reason])
                    summary.heldBack += 1
                } else {
                    if anyWaiting { try made.execute(arguments: [table, id]) }
                    summary.rows += 1
                }
            }
        }
        if let latest, let text = try String.fetchOne(db, sql: "SELECT clock FROM sync_state WHERE id = 1") {
            // A stamp far ahead of every clock this device can read moves its clock no further than the leeway.
            let seen = min(latest, HybridTimestamp(milliseconds: reference + HybridTimestamp.leeway))
            let clock = (HybridTimestamp(text) ?? seen).reined(now: reference).receiving(seen, now: wall)
            try db.execute(sql: "UPDATE sync_state SET clock = ? WHERE id = 1", arguments: [clock.description])
        }
        let habitsTouched = SyncedRows.mergedTables.reduce(0) { $0 + (touched[$1]?.count ?? 0) }
        if habitsTouched > 0 {
            try deferral.begin(db)
            try db.execute(sql: "DELETE FROM sync_waiting WHERE entity IN ('habits', 'habit_entries')")
            let waiting = try BoardStore.mergeHabits(db)
            for row in waiting { try waits.execute(arguments: [row.entity, row.id, row.reason]) }
            summary.heldBack += waiting.count
            summary.rows += max(0, habitsTouched - waiting.count)
        }
        // Without deferral every statement kept the foreign keys, so no row lost its parent.
        if summary.rows > 0 && deferral.isOn { try BoardStore.removeOrphans(db) }
        try db.execute(sql: "UPDATE sync_state SET pulled_through = max(pulled_through, ?) WHERE id = 1", arguments: [pulledThrough])
        try db.execute(sql: "DELETE FROM sync_own_pushes WHERE last_seq <= (SELECT pulled_through FROM sync_state WHERE id = 1)")
        return summary
    }
}
