import GRDB

/// The migration for routines that run several times a day (ARCHITECTURE.md §3, §4).
extension Schema {
    /// An occurrence is a series, a date and a time: the run's time of day joins the unique key,
    /// NULL for a routine with one time (whose occurrences keep the key and ids they had).
    static func v22(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE tasks ADD COLUMN occurrence_time TEXT
                CHECK (occurrence_time IS NULL OR (length(occurrence_time) = 5 AND time(occurrence_time) = occurrence_time || ':00'));
            DROP INDEX tasks_series_occurrence;
            CREATE UNIQUE INDEX tasks_series_occurrence ON tasks(series_id, occurrence_date, COALESCE(occurrence_time, ''))
                WHERE series_id IS NOT NULL;
            """)
        // The row-reference triggers copy every column of the card (§13).
        try RowReference.installTriggers(db)
    }

    /// The conflict target of the unique occurrence key, as an insert names it.
    static let occurrenceKey = "(series_id, occurrence_date, COALESCE(occurrence_time, '')) WHERE series_id IS NOT NULL"
}
