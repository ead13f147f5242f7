import GRDB

extension Schema {
    /// v27: a number that moves with every change the Routines column's rows are read from — a
    /// template, its rule or series, or an occurrence's date, time or completion — kept by
    /// triggers, so a commit by any process moves it (ARCHITECTURE.md §7). The screen read and
    /// described 40 templates again after every write; a plain card's write now keeps them.
    static func v27(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE routines_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
            INSERT INTO routines_version VALUES (1, 0);
            """)
        for trigger in routinesVersionTriggers { try db.execute(sql: trigger) }
    }

    /// The routines version in `db`'s transaction: what the caches of routine reads are kept under.
    /// Nil in a file without one (nothing is kept then).
    static func routinesVersion(_ db: Database) throws -> Int? {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT version FROM routines_version WHERE id = 1"))
    }

    private static let bump = "BEGIN UPDATE routines_version SET version = version + 1; END"

    private static var routinesVersionTriggers: [String] {
        ["templates", "recurrence_rules", "series"].flatMap { table in
            ["INSERT", "UPDATE", "DELETE"].map { event in
                "CREATE TRIGGER routines_version_\(table)_\(event.lowercased()) AFTER \(event) ON \(table) \(bump)"
            }
        } + [
            "CREATE TRIGGER routines_version_tasks_insert AFTER INSERT ON tasks WHEN NEW.series_id IS NOT NULL \(bump)",
            "CREATE TRIGGER routines_version_tasks_delete AFTER DELETE ON tasks WHEN OLD.series_id IS NOT NULL \(bump)",
            // An update naming only other columns (the columns settled each day) keeps it.
            """
            CREATE TRIGGER routines_version_tasks_update AFTER UPDATE OF series_id, is_completed, occurrence_date, occurrence_time
            ON tasks WHEN OLD.series_id IS NOT NULL OR NEW.series_id IS NOT NULL \(bump)
            """,
        ]
    }
}
