import BoardModel
import GRDB

extension Schema {
    /// v30: each kept column's count also carries a version, which the same triggers move on every
    /// insert, update and delete of a card in the column (ARCHITECTURE.md §7). The screen read all
    /// five columns' windows again after every write, and a write touches one column or two; a
    /// window is now kept while its column's version stands, whichever process wrote.
    static func v30(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE column_counts ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
        for name in columnCountTriggerNames { try db.execute(sql: "DROP TRIGGER \(name)") }
        for trigger in columnTriggers { try db.execute(sql: trigger) }
    }

    /// The triggers that keep `column_counts`, named as `columnCountTriggerNames`: a card's column
    /// counted, and its version moved by any change to the card.
    private static let columnTriggers = [
        """
        CREATE TRIGGER column_counts_insert AFTER INSERT ON tasks WHEN NEW.shown IS NOT NULL
        BEGIN INSERT INTO column_counts VALUES (NEW.shown, 1, 1) ON CONFLICT (shown) DO UPDATE SET cards = cards + 1, version = version + 1; END
        """,
        """
        CREATE TRIGGER column_counts_delete AFTER DELETE ON tasks WHEN OLD.shown IS NOT NULL
        BEGIN UPDATE column_counts SET cards = cards - 1, version = version + 1 WHERE shown = OLD.shown; END
        """,
        """
        CREATE TRIGGER column_counts_update AFTER UPDATE ON tasks
        BEGIN
            UPDATE column_counts SET cards = cards - (OLD.shown IS NOT NEW.shown), version = version + 1 WHERE shown = OLD.shown;
            INSERT INTO column_counts SELECT NEW.shown, 1, 1 WHERE NEW.shown IS NOT NULL AND OLD.shown IS NOT NEW.shown
                ON CONFLICT (shown) DO UPDATE SET cards = cards + 1, version = version + 1;
        END
        """,
    ]

    /// The version of a kept column in `db`'s transaction: what its window is kept under. Nil
    /// for a column no card was ever in (nothing is kept for it then).
    static func columnVersion(_ column: Bucket, _ db: Database) throws -> Int? {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT version FROM column_counts WHERE shown = ?"), arguments: [column.rawValue])
    }
}
