import GRDB

extension Schema {
    /// v24: how many cards each kept column (`tasks.shown`) holds, kept by triggers as cards come,
    /// go and move (ARCHITECTURE.md §15). Counting a column of 20,000 stepped over its 20,000
    /// index entries on every write the screen made; reading a count is one row.
    static func v24(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE column_counts (shown TEXT PRIMARY KEY, cards INTEGER NOT NULL) WITHOUT ROWID")
        for trigger in columnCountTriggers { try db.execute(sql: trigger) }
        try db.execute(sql: "INSERT INTO column_counts SELECT shown, COUNT(*) FROM tasks WHERE shown IS NOT NULL GROUP BY shown")
    }

    /// The triggers that keep `column_counts`, by name: a large import drops them with the
    /// indexes it builds after its cards, then makes them again and counts once.
    static let columnCountTriggerNames = ["column_counts_insert", "column_counts_delete", "column_counts_update"]

    private static let columnCountTriggers = [
        """
        CREATE TRIGGER column_counts_insert AFTER INSERT ON tasks WHEN NEW.shown IS NOT NULL
        BEGIN INSERT INTO column_counts VALUES (NEW.shown, 1) ON CONFLICT (shown) DO UPDATE SET cards = cards + 1; END
        """,
        """
        CREATE TRIGGER column_counts_delete AFTER DELETE ON tasks WHEN OLD.shown IS NOT NULL
        BEGIN UPDATE column_counts SET cards = cards - 1 WHERE shown = OLD.shown; END
        """,
        """
        CREATE TRIGGER column_counts_update AFTER UPDATE OF shown ON tasks WHEN OLD.shown IS NOT NEW.shown
        BEGIN
            UPDATE column_counts SET cards = cards - 1 WHERE shown = OLD.shown;
            INSERT INTO column_counts SELECT NEW.shown, 1 WHERE NEW.shown IS NOT NULL ON CONFLICT (shown) DO UPDATE SET cards = cards + 1;
        END
        """,
    ]

    /// Counts every kept column afresh after an import that wrote without the triggers, moving every
    /// column's version (v30): what was read before the import is not read again.
    static func recountColumns(_ db: Database) throws {
        try db.execute(sql: """
            UPDATE column_counts SET cards = 0, version = version + 1;
            INSERT INTO column_counts SELECT shown, COUNT(*), 1 FROM tasks WHERE shown IS NOT NULL GROUP BY shown
                ON CONFLICT (shown) DO UPDATE SET cards = excluded.cards;
            """)
    }
}
