import BoardStore

/// The board as tables on the server (ARCHITECTURE.md §16): what the person's devices hold, typed
/// for PostgreSQL, written only by the server's own replica (`board server run`) from the change
/// log, and read by their person alone. Owner consistency and the buckets are constraints here, so
/// not even the administrator can make an occurrence another person's than its series'.
///
/// A number a device keeps in 64 bits (a card's position, counts) is a `bigint` here: any value a
/// device accepted must fit.
enum ServerTables {
    /// The tables in the order a row's parents come before it.
    static let names = SyncedTables.all.map { $0.tableName }

    /// Each table's columns as the replica writes them, from the record's table of fields (a
    /// generated column is not written); the device's file has the same names, less the
    /// `owner_id` two of its tables take from their parent.
    static let columns: [String: [String]] = Dictionary(uniqueKeysWithValues: SyncedTables.all.map { ($0.tableName, $0.serverColumns) })

    /// The columns that hold a boolean (0 or 1 in the file, `t` or `f` in `COPY`).
    static let booleanColumns: Set<String> = Set(SyncedTables.all.flatMap { $0.fields.filter { $0.server == .boolean }.map(\.column) })

    /// The tables a replica writes whole for a person whenever a pass's changes name one of
    /// `keptWholeWhenTouched`: small, and their rows' ids in the log are not their keys (a habit
    /// entry's is derived from its habit and day); a removed routine clears its entries' `routine_id`.
    static let keptWhole: Set<String> = ["habits", "habit_entries"]
    static let keptWholeWhenTouched: Set<String> = keptWhole.union(["templates"])
}
