import GRDB

extension Schema {
    /// v25: a kept column's index holds its whole order (position, then when each card was made,
    /// then its id), so a column is read in order without a sort of each position's ties: the
    /// filter's search index reads every card of the board in order, three times faster so
    /// (ARCHITECTURE.md §7), and a window from either end stops sorting too.
    static func v25(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX tasks_shown")
        try db.execute(sql: "CREATE INDEX tasks_shown ON tasks(shown, position, created_at, id)")
    }
}
