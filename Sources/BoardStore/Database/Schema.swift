import GRDB
import BoardModel

/// The schema, only through numbered migrations (ARCHITECTURE.md §7). Never edit a shipped
/// migration: add the next one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 templates, series, tasks") { db in try v1(db) }
        migrator.registerMigration("v2 events") { db in try v2(db) }
        migrator.registerMigration("v3 series generated through") { db in
            // Generation skips series already filled through the window's last day.
            try db.execute(sql: "ALTER TABLE series ADD COLUMN generated_through TEXT")
        }
        migrator.registerMigration("v4 reminders") { db in try v4(db) }
        migrator.registerMigration("v5 habits") { db in try v5(db) }
        migrator.registerMigration("v6 routine ticks") { db in try v6(db) }
        migrator.registerMigration("v7 mask triggers skip empty masks") { db in try v7(db) }
        migrator.registerMigration("v8 generation recorded") { db in try v8(db) }
        migrator.registerMigration("v9 sync outbox") { db in try v9(db) }
        migrator.registerMigration("v10 plain cards out of the occurrence indexes") { db in try v10(db) }
        migrator.registerMigration("v11 changes set aside, rows waiting, own pushes, claims across devices") { db in try v11(db) }
        migrator.registerMigration("v12 Upcoming in its order") { db in
            // The Routines column reads a window in this order (`BoardStore.upcomingOrder`): an index
            // in the same order reads 300 rows instead of sorting the column on every reload.
            try db.execute(sql: """
                CREATE INDEX tasks_upcoming ON tasks(bucket, COALESCE(occurrence_date, due_date, '9999-12-31'),
                                                     due_time IS NOT NULL, due_time, position, created_at, id)
                """)
        }
        migrator.registerMigration("v13 join-time card changes kept by reference") { db in
            // A card's first change may name the card instead of copying it (`RowReference`).
            try db.execute(sql: """
                ALTER TABLE sync_changes ADD COLUMN in_row INTEGER NOT NULL DEFAULT 0 CHECK (in_row IN (0, 1));
                ALTER TABLE sync_changes ADD COLUMN row_before TEXT;
                """)
            try RowReference.installTriggers(db)
        }
        migrator.registerMigration("v14 the change log without this device's name and ids on its own changes") { db in try v14(db) }
        migrator.registerMigration("v15 a card's aim and the column it shows in") { db in try v15(db) }
        migrator.registerMigration("v16 dated cards by day") { db in
            // The agenda and the Calendar read the cards of a range of days (ARCHITECTURE.md §15):
            // without it, every month shown and every day moved to scanned the whole board.
            try db.execute(sql: "CREATE INDEX tasks_due ON tasks(due_date) WHERE due_date IS NOT NULL")
        }
        migrator.registerMigration("v17 routines shared with this person") { db in try BoardStore.sharedRoutinesSchema(db) }
        migrator.registerMigration("v18 how a watching sync hears of changes") { db in
            // The realtime channel or polling (ARCHITECTURE.md §19), for `board sync status`.
            try db.execute(sql: """
                ALTER TABLE sync_state ADD COLUMN listening TEXT;
                ALTER TABLE sync_state ADD COLUMN listening_since TEXT;
                ALTER TABLE sync_state ADD COLUMN listening_process INTEGER;
                """)
        }
        migrator.registerMigration("v19 a card never later than its date") { db in try v19(db) }
        migrator.registerMigration("v20 a shared routine's start") { db in try BoardStore.sharedRoutinesStart(db) }
        migrator.registerMigration("v21 a card's bucket checked in place") { db in try v21(db) }
        migrator.registerMigration("v22 an occurrence's time of day") { db in try v22(db) }
        migrator.registerMigration("v23 habits with a target, entries counted per device") { db in try v23(db) }
        migrator.registerMigration("v24 how many cards each column holds") { db in try v24(db) }
        migrator.registerMigration("v25 each column's whole order in its index") { db in try v25(db) }
        migrator.registerMigration("v26 reminders found in the dated cards' index") { db in try v26(db) }
        migrator.registerMigration("v27 a version of what the Routines column reads") { db in try v27(db) }
        migrator.registerMigration("v28 a series' runs in its completion index") { db in try v28(db) }
        migrator.registerMigration("v29 a day's cards read from the dated cards' index") { db in try v29(db) }
        migrator.registerMigration("v30 a version of each kept column") { db in try v30(db) }
        migrator.registerMigration("v31 every check of a list in place") { db in try v31(db) }
        return migrator
    }

    /// Columns derived from the others and the day, kept for reading speed: this file's own, never
    /// in a change set, a row reference or a synced change (ARCHITECTURE.md §15).
    static let keptColumns: [String: Set<String>] = ["tasks": ["shown"]]

    static let buckets = "'THIS_WEEK','WEEKEND','NEXT_WEEK','NEXT_MONTH','ROUTINES'"
    static let fields = "'title','description','labels','checklist','bucket','time','priority','duration'"
    static let statuses = "'draft','active','paused','archived'"

    private static func v1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE settings (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                owner_id TEXT NOT NULL,
                time_zone TEXT
            );
            CREATE TABLE templates (
                id TEXT PRIMARY KEY,
                owner_id TEXT NOT NULL,
                title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                description TEXT NOT NULL DEFAULT '',
                labels TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels)),
                checklist TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(checklist) AND json_array_length(checklist) <= 10),
                default_bucket TEXT NOT NULL DEFAULT 'ROUTINES' CHECK (default_bucket = 'ROUTINES'),
                default_time TEXT,
                priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
                default_duration_min INTEGER CHECK (default_duration_min > 0),
                status TEXT NOT NULL CHECK (status IN (\(statuses))),
                version INTEGER NOT NULL DEFAULT 1,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                end_after_count INTEGER CHECK (end_after_count >= 1)
            );
            CREATE TABLE recurrence_rules (
                id TEXT PRIMARY KEY,
                template_id TEXT NOT NULL UNIQUE REFERENCES templates(id) ON DELETE CASCADE,
                rrule TEXT NOT NULL,
                anchor TEXT NOT NULL CHECK (anchor IN ('schedule','completion')),
                month_end_policy TEXT NOT NULL CHECK (month_end_policy IN ('clamp','skip')),
                timezone TEXT,
                starts_on TEXT NOT NULL,
                ends_on TEXT
            );
            CREATE TABLE series (
                id TEXT PRIMARY KEY,
                template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
                owner_id TEXT NOT NULL,
                starts_on TEXT NOT NULL,
                ends_on TEXT,
                status TEXT NOT NULL CHECK (status IN (\(statuses))),
                last_generated_at TEXT,
                used_count INTEGER NOT NULL DEFAULT 0,
                skipped_dates TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(skipped_dates))
            );
            CREATE UNIQUE INDEX series_template ON series(template_id);
            CREATE TABLE tasks (
                id TEXT PRIMARY KEY,
                owner_id TEXT NOT NULL,
                title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                description TEXT NOT NULL DEFAULT '',
                labels TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels)),
                checklist TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(checklist) AND json_array_length(checklist) <= 10),
                bucket TEXT NOT NULL CHECK (bucket IN (\(buckets))),
                position INTEGER NOT NULL,
                due_date TEXT,
                due_time TEXT,
                priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
                duration_min INTEGER CHECK (duration_min > 0),
                is_completed INTEGER NOT NULL DEFAULT 0 CHECK (is_completed IN (0, 1)),
                completed_at TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                template_id TEXT REFERENCES templates(id),
                series_id TEXT REFERENCES series(id),
                occurrence_date TEXT,
                exception_mask TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(exception_mask))
            );
            CREATE UNIQUE INDEX tasks_series_occurrence ON tasks(series_id, occurrence_date);
            CREATE INDEX tasks_template ON tasks(template_id);
            CREATE INDEX tasks_bucket_position ON tasks(bucket, position);

            -- Owner consistency: a series belongs to its template's owner, an occurrence to its series' owner.
            CREATE TRIGGER series_owner BEFORE INSERT ON series
            WHEN NEW.owner_id IS NOT (SELECT owner_id FROM templates WHERE id = NEW.template_id)
            BEGIN SELECT RAISE(ABORT, 'owner: a series must belong to its template''s owner'); END;
            CREATE TRIGGER tasks_owner_insert BEFORE INSERT ON tasks
            WHEN NEW.series_id IS NOT NULL AND NEW.owner_id IS NOT (SELECT owner_id FROM series WHERE id = NEW.series_id)
            BEGIN SELECT RAISE(ABORT, 'owner: an occurrence must belong to its series'' owner'); END;
            CREATE TRIGGER tasks_owner_update BEFORE UPDATE OF owner_id, series_id ON tasks
            WHEN NEW.series_id IS NOT NULL AND NEW.owner_id IS NOT (SELECT owner_id FROM series WHERE id = NEW.series_id)
            BEGIN SELECT RAISE(ABORT, 'owner: an occurrence must belong to its series'' owner'); END;
            -- Exception masks name only real fields.
            CREATE TRIGGER tasks_mask_insert BEFORE INSERT ON tasks
            WHEN EXISTS (SELECT 1 FROM json_each(NEW.exception_mask) WHERE value NOT IN (\(fields)))
            BEGIN SELECT RAISE(ABORT, 'exception_mask: names a field that does not exist'); END;
            CREATE TRIGGER tasks_mask_update BEFORE UPDATE OF exception_mask ON tasks
            WHEN EXISTS (SELECT 1 FROM json_each(NEW.exception_mask) WHERE value NOT IN (\(fields)))
            BEGIN SELECT RAISE(ABORT, 'exception_mask: names a field that does not exist'); END;
            """)
    }

    private static func v2(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE events (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                at TEXT NOT NULL,
                kind TEXT NOT NULL,
                template_id TEXT,
                task_id TEXT,
                detail TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
            );
            CREATE INDEX events_template ON events(template_id);
            """)
    }

    /// Reminders: minutes before, and one claim row per delivered (or missed) reminder, so that
    /// no reminder is ever sent twice, by two processes or after a restart.
    private static func v4(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE tasks ADD COLUMN remind_before_min INTEGER NOT NULL DEFAULT 0 CHECK (remind_before_min BETWEEN 0 AND 1440);
            ALTER TABLE templates ADD COLUMN remind_before_min INTEGER NOT NULL DEFAULT 0 CHECK (remind_before_min BETWEEN 0 AND 1440);
            CREATE TABLE reminders (
                task_id TEXT NOT NULL,
                instant TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('claimed', 'delivered', 'missed', 'failed')),
                claimed_at TEXT NOT NULL,
                delivered_at TEXT,
                PRIMARY KEY (task_id, instant)
            );
            """)
    }

    /// Habits and their entries (ARCHITECTURE.md §5): an entry is the only truth, one per habit and local day.
    private static func v5(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE habits (
                id TEXT PRIMARY KEY,
                owner_id TEXT NOT NULL,
                name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                description TEXT NOT NULL DEFAULT '',
                archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
                created_at TEXT NOT NULL
            );
            CREATE UNIQUE INDEX habits_name ON habits(name COLLATE NOCASE);
            CREATE TABLE habit_entries (
                habit_id TEXT NOT NULL REFERENCES habits(id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                source TEXT NOT NULL CHECK (source IN ('manual', 'routine')),
                routine_id TEXT REFERENCES templates(id) ON DELETE SET NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                PRIMARY KEY (habit_id, day)
            );
            """)
    }

    /// Ticks of routines without a schedule, one row per ticked step and local day (ARCHITECTURE.md §5).
    /// Local to this device: never exported or synced, pruned after 30 days.
    private static func v6(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE routine_ticks (
                template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                step TEXT NOT NULL,
                ticked_at TEXT NOT NULL,
                PRIMARY KEY (template_id, day, step)
            );
            """)
    }

    /// The same rule, checked only for a mask that names something: most cards have none, and
    /// an import of 100,000 cards no longer walks 100,000 empty arrays.
    private static func v7(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER tasks_mask_insert;
            DROP TRIGGER tasks_mask_update;
            CREATE TRIGGER tasks_mask_insert BEFORE INSERT ON tasks
            WHEN NEW.exception_mask <> '[]' AND EXISTS (SELECT 1 FROM json_each(NEW.exception_mask) WHERE value NOT IN (\(fields)))
            BEGIN SELECT RAISE(ABORT, 'exception_mask: names a field that does not exist'); END;
            CREATE TRIGGER tasks_mask_update BEFORE UPDATE OF exception_mask ON tasks
            WHEN NEW.exception_mask <> '[]' AND EXISTS (SELECT 1 FROM json_each(NEW.exception_mask) WHERE value NOT IN (\(fields)))
            BEGIN SELECT RAISE(ABORT, 'exception_mask: names a field that does not exist'); END;
            """)
    }

    /// Stats count what generation made (ARCHITECTURE.md §12): from now on each pass adds what it
    /// made to its series' `generated_count`; what was made before is derived from the rows there
    /// are and the occurrences deleted since. Stats group events by kind, and read each series'
    /// occurrences and their completion from one index, without visiting the rows; the index holds
    /// occurrences only (plain cards have no series), which keeps a bulk import of cards as fast as before.
    private static func v8(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX events_kind ON events(kind, template_id);
            CREATE INDEX tasks_series_completion ON tasks(series_id, occurrence_date, is_completed) WHERE series_id IS NOT NULL;
            ALTER TABLE series ADD COLUMN generated_count INTEGER NOT NULL DEFAULT 0 CHECK (generated_count >= 0);
            UPDATE series SET generated_count =
                (SELECT COUNT(*) FROM tasks t WHERE t.series_id = series.id)
                + (SELECT COUNT(*) FROM events e WHERE e.kind = 'occurrence_deleted' AND e.template_id = series.template_id);
            """)
    }

    /// The indexes that find occurrences by series and date, or by template, hold occurrences
    /// only: a plain card has neither, and entering it in both was a tenth of a bulk import's
    /// time in SQLite (ARCHITECTURE.md §7). Every query on these columns compares them to a
    /// value, which tells SQLite the partial index covers it.
    private static func v10(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX tasks_series_occurrence;
            CREATE UNIQUE INDEX tasks_series_occurrence ON tasks(series_id, occurrence_date) WHERE series_id IS NOT NULL;
            DROP INDEX tasks_template;
            CREATE INDEX tasks_template ON tasks(template_id) WHERE template_id IS NOT NULL;
            """)
    }
}
