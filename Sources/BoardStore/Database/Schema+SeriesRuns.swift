import GRDB

extension Schema {
    /// v28: the series' completion index holds each occurrence's time too, so the runs a series has
    /// made (its dates and times) are read from the index alone. The Calendar reads them at every
    /// month it shows; a month holding the generated week looked 7,000 rows up in the table
    /// (ARCHITECTURE.md §15). The unique index can't serve: its time is an expression.
    static func v28(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX tasks_series_completion;
            CREATE INDEX tasks_series_completion ON tasks(series_id, occurrence_date, is_completed, occurrence_time) WHERE series_id IS NOT NULL;
            """)
    }
}
