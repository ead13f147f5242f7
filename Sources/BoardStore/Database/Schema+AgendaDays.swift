import GRDB

extension Schema {
    /// v29: the dated cards' index also holds what the agenda lists of each card (its title, id,
    /// column, template and occurrence date), so a day's cards are read from the index alone. The
    /// Calendar reads its day at every key; today's 2,000 cards looked up one by one in the table
    /// were half of `v` at 100,000 cards (ARCHITECTURE.md §15). Widened rather than doubled: the
    /// reminders' pick and the agenda's counts by day read its first columns, as before.
    static func v29(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX tasks_due")
        try db.execute(sql: """
            CREATE INDEX tasks_due ON tasks(due_date, due_time, remind_before_min, is_completed,
                                            title, id, shown, template_id, occurrence_date) WHERE due_date IS NOT NULL
            """)
    }
}
