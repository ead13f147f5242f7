import BoardModel
import GRDB

/// The migrations of sync (ARCHITECTURE.md §13): the change log, what was set aside, claims across devices.
extension Schema {
    /// Sync (ARCHITECTURE.md §13): this device's identity and clock once the board has joined a
    /// server, and every field change it knows — its own (`pushed` = 0 until the server has them)
    /// and everyone else's. A board that never syncs has an empty table and no row in `sync_state`.
    static func v9(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                device_id TEXT NOT NULL,
                clock TEXT NOT NULL,
                server TEXT NOT NULL,
                pulled_through INTEGER NOT NULL DEFAULT 0,
                last_synced_at TEXT,
                last_problem TEXT
            );
            CREATE TABLE sync_changes (
                change_id TEXT PRIMARY KEY,
                entity TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT,
                stamp TEXT NOT NULL,
                device TEXT NOT NULL,
                origin TEXT NOT NULL CHECK (origin IN ('user', 'propagation', 'generation', 'reapply')),
                pushed INTEGER NOT NULL DEFAULT 0 CHECK (pushed IN (0, 1))
            );
            CREATE INDEX sync_changes_row ON sync_changes(entity, entity_id);
            CREATE INDEX sync_changes_outbox ON sync_changes(stamp, change_id) WHERE pushed = 0;
            """)
    }

    static func v11(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_set_aside (
                change_id TEXT PRIMARY KEY,
                entity TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT,
                stamp TEXT NOT NULL,
                device TEXT NOT NULL,
                origin TEXT NOT NULL,
                reason TEXT NOT NULL
            );
            CREATE TABLE sync_waiting (
                entity TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                reason TEXT NOT NULL,
                PRIMARY KEY (entity, entity_id)
            );
            CREATE TABLE reminders_v11 (
                task_id TEXT NOT NULL,
                instant TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('claimed', 'delivered', 'missed', 'failed', 'elsewhere')),
                claimed_at TEXT NOT NULL,
                delivered_at TEXT,
                pushed INTEGER NOT NULL DEFAULT 1 CHECK (pushed IN (0, 1)),
                PRIMARY KEY (task_id, instant)
            );
            INSERT INTO reminders_v11 (task_id, instant, status, claimed_at, delivered_at)
                SELECT task_id, instant, status, claimed_at, delivered_at FROM reminders;
            DROP TABLE reminders;
            ALTER TABLE reminders_v11 RENAME TO reminders;
            CREATE TABLE sync_own_pushes (
                first_seq INTEGER NOT NULL,
                last_seq INTEGER NOT NULL CHECK (last_seq >= first_seq)
            );
            """)
    }

    /// Received changes are untrusted (ARCHITECTURE.md §13): one that fails the field rules is
    /// kept here with its reason, never applied, and shown by `board sync status`; so is a row
    /// that can't be made yet, and why, until it is. The server's numbers of this device's own
    /// pushes, so a pull skips them by number, not by a device id the sender chose. A reminder
    /// claim may say another device of the person claimed it on the server (`elsewhere`), or that
    /// it was claimed here offline and goes to the server with the next round (`pushed` = 0).
    /// The change log, a third smaller for a board that joined (ARCHITECTURE.md §13, "The change
    /// log's size"): a change this device made names no device (`device` NULL: it is
    /// `sync_state.device_id`), only received changes are in the index of change ids (they are the
    /// ones a pull must not take twice), and the outbox is read in the log's own order (`entry`),
    /// so its index holds a number per waiting change and a drained outbox leaves no pages behind.
    static func v14(_ db: Database) throws {
        // The row-reference triggers write to this table: they go while it is made again.
        for table in RowReference.tables {
            try db.execute(sql: "DROP TRIGGER IF EXISTS sync_row_reference_\(table)_update; DROP TRIGGER IF EXISTS sync_row_reference_\(table)_delete")
        }
        try db.execute(sql: """
            CREATE TABLE sync_changes_v14 (
                entry INTEGER PRIMARY KEY,
                change_id TEXT NOT NULL,
                entity TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT,
                stamp TEXT NOT NULL,
                device TEXT,
                origin TEXT NOT NULL CHECK (origin IN ('user', 'propagation', 'generation', 'reapply')),
                pushed INTEGER NOT NULL DEFAULT 0 CHECK (pushed IN (0, 1)),
                in_row INTEGER NOT NULL DEFAULT 0 CHECK (in_row IN (0, 1)),
                row_before TEXT
            );
            INSERT INTO sync_changes_v14 (entry, change_id, entity, entity_id, field, value, stamp, device, origin, pushed, in_row, row_before)
                SELECT rowid, change_id, entity, entity_id, field, value, stamp,
                       NULLIF(device, (SELECT device_id FROM sync_state WHERE id = 1)), origin, pushed, in_row, row_before
                FROM sync_changes ORDER BY rowid;
            DROP TABLE sync_changes;
            ALTER TABLE sync_changes_v14 RENAME TO sync_changes;
            CREATE INDEX sync_changes_row ON sync_changes(entity, entity_id);
            CREATE UNIQUE INDEX sync_changes_received ON sync_changes(change_id) WHERE device IS NOT NULL;
            CREATE INDEX sync_changes_outbox ON sync_changes(pushed) WHERE pushed = 0;
            """)
        try RowReference.installTriggers(db)
    }
}
