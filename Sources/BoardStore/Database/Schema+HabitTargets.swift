import GRDB

/// The migration for habits with a target (ARCHITECTURE.md §5).
extension Schema {
    /// A habit's target ("3/day"; null for daily, every habit's until now), and entries counted
    /// per device: a day's entries are its rows' counts added up, so two devices counting offline
    /// both count. The entries' key gains the device, which a table keeps only by being rebuilt.
    static func v23(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE habits ADD COLUMN target TEXT CHECK (target IS NULL OR (
                CAST(substr(target, 1, instr(target, '/') - 1) AS INTEGER) BETWEEN 1 AND 100
                AND substr(target, instr(target, '/') + 1) IN ('day', 'week', 'month')
                AND CAST(substr(target, 1, instr(target, '/') - 1) AS INTEGER) || substr(target, instr(target, '/')) = target));
            CREATE TABLE habit_entries_counted (
                habit_id TEXT NOT NULL REFERENCES habits(id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                source TEXT NOT NULL CHECK (source IN ('manual', 'routine')),
                routine_id TEXT REFERENCES templates(id) ON DELETE SET NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                device TEXT NOT NULL DEFAULT '',
                count INTEGER NOT NULL DEFAULT 1 CHECK (count BETWEEN 1 AND 1000),
                PRIMARY KEY (habit_id, day, device)
            );
            INSERT INTO habit_entries_counted (habit_id, day, source, routine_id, created_at, updated_at)
                SELECT habit_id, day, source, routine_id, created_at, updated_at FROM habit_entries;
            DROP TABLE habit_entries;
            ALTER TABLE habit_entries_counted RENAME TO habit_entries;
            """)
    }
}
