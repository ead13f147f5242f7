import BoardModel
import Foundation
import GRDB

/// Where this device stands with its server: shown by `board sync status` and the screen's status line.
public struct SyncStatus: Equatable, Sendable {
    /// The server it last synced with (its URL without the password).
    public let server: String
    public let deviceId: String
    /// Changes this device made that the server does not have yet.
    public let waiting: Int
    /// The server's sequence number up to which everything has been pulled.
    public let pulledThrough: Int64
    /// When a round last ended well (a timestamp as the board writes them), and what stopped the last one that did not.
    public let lastSyncedAt: String?
    public let lastProblem: String?
    /// Received changes that failed the field rules, and the reasons of the latest few ("tasks.priority: …").
    public let setAside: Int
    public let setAsideReasons: [String]
    /// Received rows that can't be made yet, and why for the first few ("tasks 1a2b3c4d: its first values have not arrived").
    public let waitingRows: Int
    public let waitingReasons: [String]
    /// How the last watching sync heard of changes ("the realtime channel at …", "polling …"),
    /// since when (a timestamp as the board writes them), and its process; nil when no watch has run.
    public var listening: String? = nil
    public var listeningSince: String? = nil
    public var listeningProcess: Int32? = nil
}

/// A batch of the outbox: changes this device made that the server does not have yet, and their
/// log entries (`markPushed` takes those; the next batch is read after the last).
public struct OutboxBatch: Sendable {
    public var changes: [FieldChange] = []
    public var entries: [Int64] = []
    public init() {}
}

/// The outbox (ARCHITECTURE.md §13): once a board has joined a server, every write's row changes are
/// kept as field changes, stamped by the device's hybrid clock, in the same transaction as the
/// write, until the server acknowledges them.
extension BoardStore {
    func startRecordingForSync() throws {
        try installChangeLog()
        syncCapture.joined = true
    }

    /// Adds the field changes of `rows` to the outbox, each row change with the next stamp of the
    /// device's clock (kept in the file, so it survives restarts); returns how many.
    @discardableResult
    static func addToOutbox(_ rows: [RowChange], origin: FieldChange.Origin, now: Date, _ db: Database) throws -> Int {
        guard let state = try Row.fetchOne(db, sql: "SELECT clock FROM sync_state WHERE id = 1") else { return 0 }
        var clock = HybridTimestamp(state["clock"] as String) ?? HybridTimestamp(milliseconds: 0)
        let wall = milliseconds(now)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO sync_changes (change_id, entity, entity_id, field, value, stamp, origin, pushed)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0)
            """)
        var count = 0
        for row in rows {
            let drafts = SyncedRows.drafts(row)
            guard !drafts.isEmpty else { continue }
            clock = clock.next(now: wall)
            let stamp = clock.description
            for draft in drafts {
                try insert.execute(arguments: [newId(), draft.entity, draft.entityId, draft.field, draft.value, stamp, origin.rawValue])
                count += 1
            }
        }
        try db.execute(sql: "UPDATE sync_state SET clock = ? WHERE id = 1", arguments: [clock.description])
        return count
    }

    /// Adds a `row` change kept by reference (`RowReference`) for every row of `table`, in one
    /// statement and under one stamp of the device's clock; returns how many. One stamp is enough:
    /// a stamp orders the changes of one field of one row, and each of these is its row's first
    /// (100,000 stamps and statements were two thirds of joining a 100,000-card board).
    static func addReferencesToOutbox(table: String, now: Date, _ db: Database) throws -> Int {
        guard let text = try String.fetchOne(db, sql: "SELECT clock FROM sync_state WHERE id = 1") else { return 0 }
        let stamp = (HybridTimestamp(text) ?? HybridTimestamp(milliseconds: 0)).next(now: milliseconds(now)).description
        // Each change's id made inside the statement, by the one maker of new ids.
        let newId = DatabaseFunction("board_new_id", argumentCount: 0, pure: false) { _ in RandomId.make() }
        db.add(function: newId)
        defer { db.remove(function: newId) }
        try db.execute(sql: """
            INSERT INTO sync_changes (change_id, entity, entity_id, field, value, stamp, origin, pushed, in_row)
            SELECT board_new_id(), '\(table)', id, '\(FieldChange.row)', NULL, ?, 'user', 0, 1 FROM \(table)
            """, arguments: [stamp])
        let count = db.changesCount
        try db.execute(sql: "UPDATE sync_state SET clock = ? WHERE id = 1", arguments: [stamp])
        return count
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

    /// A change's device in SQL: this device's own changes name none in the file (ARCHITECTURE.md
    /// §13), and are its id.
    static let changeDevice = "COALESCE(device, (SELECT device_id FROM sync_state WHERE id = 1))"

    /// The columns of `sync_changes` that `fieldChange` reads.
    static let changeColumns = "change_id, entity, entity_id, field, value, stamp, \(changeDevice) AS device, origin, in_row, row_before"

    /// A change of the log as it was made: a change kept by reference gets its value from its row.
    static func fieldChange(_ row: Row, _ db: Database) throws -> FieldChange? {
        guard let stamp = HybridTimestamp(row["stamp"] as String), let origin = FieldChange.Origin(rawValue: row["origin"]) else { return nil }
        let entity: String = row["entity"], entityId: String = row["entity_id"]
        let value: String? = row["in_row"] as Bool
            ? try RowReference.value(table: entity, id: entityId, rowBefore: row["row_before"], db)
            : row["value"]
        return FieldChange(id: row["change_id"], entity: entity, entityId: entityId, field: row["field"],
                           value: value, stamp: stamp, device: row["device"], origin: origin)
    }

}

/// The board's side of sync (ARCHITECTURE.md §13): joining an account, the outbox and what was
/// pushed, received changes, the device's clock, and the rows a server's replica reads.
/// `store.sync`.
public struct SyncStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The board's side of sync: joining, the outbox, received changes, the replica's rows.
    public var sync: SyncStore { SyncStore(base: self) }
}

extension SyncStore {
    /// The hybrid clock reads this wall clock (a command's `--now`; the system's otherwise).
    public func setWallClock(_ now: @escaping @Sendable () -> Date) { base.syncCapture.wallClock = now }

    /// Joins the account of `owner` on `server`: every row becomes the owner's, the device gets its
    /// id and clock, and the whole board goes to the outbox as created rows — so a first sync merges
    /// what this file holds with what the server has, and nothing local is dropped. Returns how
    /// many changes wait. Joining the same owner again only notes the server.
    @discardableResult
    public func join(owner: String, server: String) throws -> Int {
        try base.installChangeLog()
        let count = try write { db in
            try writing(as: nil, db) {
                if let current = try String.fetchOne(db, sql: "SELECT owner_id FROM settings WHERE id = 1"), current == owner,
                   try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_state)") ?? false {
                    try db.execute(sql: "UPDATE sync_state SET server = ? WHERE id = 1", arguments: [server])
                    return 0
                }
                for table in ["settings", "templates", "series", "tasks", "habits"] {
                    try db.execute(sql: "UPDATE \(table) SET owner_id = ?", arguments: [owner])
                }
                let clock = HybridTimestamp(milliseconds: 0).next(now: BoardStore.milliseconds(base.syncCapture.wallClock()))
                try db.execute(sql: """
                    INSERT INTO sync_state (id, device_id, clock, server) VALUES (1, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET server = excluded.server
                    """, arguments: [BoardStore.newId(), clock.description, server])
                let keys = base.recorder.keys ?? [:]
                var count = 0
                for table in SyncedRows.tables {
                    if RowReference.tables.contains(table) {
                        // The cards' changes name them rather than copy them (`RowReference`).
                        count += try BoardStore.addReferencesToOutbox(table: table, now: base.syncCapture.wallClock(), db)
                        continue
                    }
                    var rows: [RowChange] = []
                    let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM \(table)")
                    while let row = try cursor.next() {
                        let values = Dictionary(uniqueKeysWithValues: row.columnNames.map { ($0, row[$0] as DatabaseValue) })
                        let key = Dictionary(uniqueKeysWithValues: (keys[table] ?? []).map { ($0, values[$0] ?? .null) })
                        rows.append(RowChange(table: table, key: key, before: nil, after: values))
                    }
                    count += try BoardStore.addToOutbox(rows, origin: .user, now: base.syncCapture.wallClock(), db)
                }
                return count
            }
        }
        base.syncCapture.ownerId = owner
        base.syncCapture.joined = true
        return count
    }

    /// Brings back a clock that a far-future stamp pinned before the server refused such stamps:
    /// when it is more than the leeway ahead of the server's clock (`serverClock`, milliseconds),
    /// it restarts there — or above the latest change it has sent or received, when that is later —
    /// and the changes still waiting are stamped again from it (they have not left this device; the
    /// server would refuse them as they are). Returns how many were.
    @discardableResult
    public func reinClock(serverClock: Int64) throws -> Int {
        try write { db in
            try writing(as: nil, db) {
                guard let text = try String.fetchOne(db, sql: "SELECT clock FROM sync_state WHERE id = 1"), let current = HybridTimestamp(text),
                      current.reined(now: serverClock) != current else { return 0 }
                // Below a change already sent, the next edit would lose to it. None is beyond the leeway:
                // the server refuses such stamps, and receiving sets them aside.
                let beyond = HybridTimestamp(milliseconds: serverClock + HybridTimestamp.leeway + 1).description
                let seen = try String.fetchOne(db, sql: "SELECT max(stamp) FROM sync_changes WHERE pushed = 1 AND stamp < ?", arguments: [beyond])
                var clock = max(HybridTimestamp(milliseconds: serverClock), seen.flatMap(HybridTimestamp.init) ?? HybridTimestamp(milliseconds: 0))
                let waiting = try Row.fetchAll(db, sql: "SELECT entry, stamp FROM sync_changes WHERE pushed = 0 ORDER BY entry")
                var stamps: [String: String] = [:]  // a row change's fields share their stamp
                for row in waiting {
                    let old: String = row["stamp"]
                    let new = stamps[old] ?? { clock = clock.next(now: serverClock); return clock.description }()
                    stamps[old] = new
                    try db.execute(sql: "UPDATE sync_changes SET stamp = ? WHERE entry = ?", arguments: [new, row["entry"] as Int64])
                }
                try db.execute(sql: "UPDATE sync_state SET clock = ? WHERE id = 1", arguments: [clock.description])
                return waiting.count
            }
        }
    }

    /// Up to `limit` changes the server does not have yet, in the order they were made; after log
    /// entry `entry` when given, so the next batch can be read while the server takes this one.
    public func outbox(after entry: Int64 = 0, limit: Int) throws -> OutboxBatch {
        try read { db in
            var batch = OutboxBatch()
            let rows = try Row.fetchCursor(db, sql: """
                SELECT entry, \(BoardStore.changeColumns) FROM sync_changes WHERE pushed = 0 AND entry > ? ORDER BY entry LIMIT ?
                """, arguments: [entry, limit])
            while let row = try rows.next() {
                guard let change = try BoardStore.fieldChange(row, db) else { continue }
                batch.changes.append(change)
                batch.entries.append(row["entry"])
            }
            return batch
        }
    }

    /// The server has the changes of these log entries: they leave the outbox (and stay in the log
    /// the board is made from). `numbers` are the server's numbers it gave them, which later pulls
    /// skip (this device has them).
    public func markPushed(_ entries: [Int64], numbers: ClosedRange<Int64>? = nil) throws {
        guard !entries.isEmpty else { return }
        try write { db in
            try writing(as: nil, db) {
                // One statement for the batch: 5,000 statements were a tenth of a first sync.
                let list = "[" + entries.map(String.init).joined(separator: ",") + "]"
                try db.execute(sql: "UPDATE sync_changes SET pushed = 1 WHERE entry IN (SELECT value FROM json_each(?))", arguments: [list])
                if let numbers {
                    try db.execute(sql: "INSERT INTO sync_own_pushes (first_seq, last_seq) VALUES (?, ?)",
                                   arguments: [numbers.lowerBound, numbers.upperBound])
                }
            }
        }
    }

    /// The server's numbers of this device's own pushes after `seq`: a pull leaves them out.
    public func ownPushes(after seq: Int64) throws -> [ClosedRange<Int64>] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT first_seq, last_seq FROM sync_own_pushes WHERE last_seq > ? ORDER BY first_seq",
                             arguments: [seq]).map { ($0["first_seq"] as Int64)...($0["last_seq"] as Int64) }
        }
    }

    /// Whether this board has changes the server does not have yet (true before it first joins).
    public func hasChangesToPush() throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM sync_state) OR EXISTS (SELECT 1 FROM sync_changes WHERE pushed = 0)") ?? true
        }
    }

    /// Where this device stands; nil when the board has never joined a server.
    public func status() throws -> SyncStatus? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM sync_state WHERE id = 1") else { return nil }
            let waiting = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_changes WHERE pushed = 0") ?? 0
            let setAside = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_set_aside") ?? 0
            let reasons = try String.fetchAll(db, sql: "SELECT reason FROM sync_set_aside ORDER BY rowid DESC LIMIT 3")
            let waitingRows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_waiting") ?? 0
            let whyWaiting = try String.fetchAll(db, sql: """
                SELECT entity || ' ' || substr(entity_id, 1, 8) || ': ' || reason FROM sync_waiting ORDER BY entity, entity_id LIMIT 3
                """)
            return SyncStatus(server: row["server"], deviceId: row["device_id"], waiting: waiting, pulledThrough: row["pulled_through"],
                              lastSyncedAt: row["last_synced_at"], lastProblem: row["last_problem"], setAside: setAside, setAsideReasons: reasons,
                              waitingRows: waitingRows, waitingReasons: whyWaiting, listening: row["listening"], listeningSince: row["listening_since"],
                              listeningProcess: row["listening_process"])
        }
    }

    /// The server's log number this board has taken in through; nil for a board that never joined.
    /// One cached read: a server's replica asks it of each person's file every pass.
    public func pulledThrough() throws -> Int64? {
        try base.readOneStatement { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT pulled_through FROM sync_state WHERE id = 1")) }
    }

    /// The server this board joined, as its first round recorded it (a URL without its password);
    /// nil for a board that never synced, or a server's replica file, which names none.
    public func server() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT server FROM sync_state WHERE id = 1 AND server LIKE 'postgres%'") }
    }

    /// Notes how this process's watching sync hears of changes now (nil: it stopped).
    public func noteListening(_ words: String?, clock: BoardClock) throws {
        try write { db in
            try writing(as: nil, db) {
                try db.execute(sql: "UPDATE sync_state SET listening = ?, listening_since = ?, listening_process = ? WHERE id = 1",
                               arguments: [words, words == nil ? nil : clock.timestamp, words == nil ? nil : ProcessInfo.processInfo.processIdentifier])
            }
        }
    }

    /// Notes how a round ended: well at `clock`'s moment, or stopped by `problem`.
    public func noteSyncRound(problem: String?, clock: BoardClock) throws {
        try write { db in
            try writing(as: nil, db) {
                if let problem {
                    try db.execute(sql: "UPDATE sync_state SET last_problem = ? WHERE id = 1", arguments: [problem])
                } else {
                    try db.execute(sql: "UPDATE sync_state SET last_synced_at = ?, last_problem = NULL WHERE id = 1", arguments: [clock.timestamp])
                }
            }
        }
    }
}
