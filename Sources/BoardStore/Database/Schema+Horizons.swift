import BoardModel
import GRDB

/// The migration of the time horizons (ARCHITECTURE.md §15).
extension Schema {
    /// A card's aim and the column it shows in (ARCHITECTURE.md §15).
    static func v15(_ db: Database) throws {
        // The day a person put the card in its bucket: its column follows from that and today.
        // NULL: it follows its due date, or without one its creation.
        try db.execute(sql: "ALTER TABLE tasks ADD COLUMN aimed_on TEXT CHECK (aimed_on IS NULL OR date(aimed_on) = aimed_on)")
        // The last day this device's screen showed the board: what moved since is said once.
        try db.execute(sql: "ALTER TABLE settings ADD COLUMN horizons_seen_on TEXT")
        // The last event this device's screen has said: a routine that ended is said once.
        try db.execute(sql: "ALTER TABLE settings ADD COLUMN events_seen INTEGER")
        // The column each card shows in on the day the file was last settled for, with that day's
        // thresholds; a window of a column reads along its index, as it read along the bucket's.
        let days = ["this_week", "next_week", "week_after_next", "saturday", "sunday", "weekend_cycle", "month_come", "month_next_week"]
        try db.execute(sql: """
            CREATE TABLE horizon_days (id INTEGER PRIMARY KEY CHECK (id = 1), key TEXT NOT NULL,
                                       follows INTEGER NOT NULL CHECK (follows IN (0, 1)), \(days.map { "\($0) TEXT" }.joined(separator: ", ")));
            INSERT INTO horizon_days (id, key, follows) VALUES (1, 'off', 0);
            ALTER TABLE tasks ADD COLUMN shown TEXT;
            UPDATE tasks SET shown = bucket;
            DROP INDEX tasks_bucket_position;
            CREATE INDEX tasks_shown ON tasks(shown, position);
            """)
        try installShownTriggers(db)
        // The row-reference triggers copy every column of the card (§13).
        try RowReference.installTriggers(db)
    }

    /// A card is never in a later column than its date's, and an overdue one is in This Week: the
    /// rule compares with today, so the day joins the thresholds and the triggers are made again.
    static func v19(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE horizon_days ADD COLUMN today TEXT; UPDATE horizon_days SET key = 'before v19'")
        try installShownTriggers(db)
    }

    /// Any writer of the file keeps a card's column as it writes the card (unless it gave it).
    /// Made by v15 with the rule of the day, and again whenever the rule changes; SQLite resolves a
    /// trigger's columns when it fires, so v15's may name a threshold a later migration adds.
    private static func installShownTriggers(_ db: Database) throws {
        let shown = "(SELECT CASE WHEN h.follows THEN \(Horizons.bucketCase(row: "NEW.") { "h.\($0)" }) ELSE NEW.bucket END FROM horizon_days h)"
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS tasks_shown_insert;
            DROP TRIGGER IF EXISTS tasks_shown_update;
            CREATE TRIGGER tasks_shown_insert AFTER INSERT ON tasks WHEN NEW.shown IS NULL
            BEGIN UPDATE tasks SET shown = \(shown) WHERE rowid = NEW.rowid; END;
            CREATE TRIGGER tasks_shown_update AFTER UPDATE OF bucket, aimed_on, due_date, created_at ON tasks
            BEGIN UPDATE tasks SET shown = \(shown) WHERE rowid = NEW.rowid; END;
            """)
    }
}
