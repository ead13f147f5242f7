import GRDB

extension Schema {
    /// v26: the dated cards' index holds each card's time, reminder lead and whether it is done, so
    /// the reminders due near now are picked inside the index and only theirs are read from the
    /// table. The status line's reminders are read again after every write; reading every timed
    /// card of those days from the table was a third of a write key at 100,000 cards
    /// (ARCHITECTURE.md §5). The agenda's counts by day still read nothing but the index.
    static func v26(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX tasks_due")
        try db.execute(sql: """
            CREATE INDEX tasks_due ON tasks(due_date, due_time, remind_before_min, is_completed) WHERE due_date IS NOT NULL
            """)
    }
}
