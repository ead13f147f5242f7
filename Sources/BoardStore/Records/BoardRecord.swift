import GRDB

/// A plain record of one table. A Codable one's `CodingKeys` name its snake_case columns, so a
/// row is decoded by column name with no key conversion per row (ARCHITECTURE.md §7); a test
/// holds those keys to the record's table of fields (`SyncedTables`).
public protocol BoardRecord: FetchableRecord, PersistableRecord {
    /// The table's primary key, as the schema declares it (a test holds the two together).
    static var keyColumns: [String] { get }
}

extension BoardRecord {
    public static var keyColumns: [String] { ["id"] }

    /// `"k1" = ? AND "k2" = ?`: the record's row, its key's values bound in `keyColumns` order.
    private static var keyCondition: String {
        keyColumns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
    }

    /// The record whose key, in `keyColumns` order, is `values`, or nil: one statement prepared once
    /// per connection. GRDB's `fetchOne(_:key:)` reads the schema for the key first (see `insertRow`).
    static func fetchOne(_ db: Database, keyValues values: [any DatabaseValueConvertible]) throws -> Self? {
        precondition(values.count == keyColumns.count, "\(databaseTableName)'s key is \(keyColumns)")
        let sql = "SELECT * FROM \(databaseTableName.quotedDatabaseIdentifier) WHERE \(keyCondition)"
        return try fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(values.map(\.databaseValue)))
    }

    /// Inserts the record: one statement of its columns, prepared once per connection. GRDB's
    /// `insert` first reads the table's schema for its primary key, an eighth of a one-shot
    /// `board add` (ARCHITECTURE.md §7).
    func insertRow(_ db: Database) throws {
        let columns = try databaseDictionary.sorted { $0.key < $1.key }
        let names = columns.map(\.key.quotedDatabaseIdentifier).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.cachedStatement(sql: "INSERT INTO \(Self.databaseTableName.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))")
            .execute(arguments: StatementArguments(columns.map(\.value)))
    }

    /// Deletes the record's row, found by its key; whether there was one (see `insertRow`).
    @discardableResult
    func deleteRow(_ db: Database) throws -> Bool {
        let columns = try databaseDictionary
        let sql = "DELETE FROM \(Self.databaseTableName.quotedDatabaseIdentifier) WHERE \(Self.keyCondition)"
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(Self.keyColumns.map { columns[$0] ?? .null }))
        return db.changesCount > 0
    }

    /// Writes every column of the record over its row, found by its key; a record with no row is
    /// an error, as with GRDB's `update`, which reads the schema first (see `insertRow`).
    func updateRow(_ db: Database) throws {
        let columns = try databaseDictionary
        let keys = Self.keyColumns
        let set = columns.keys.filter { !keys.contains($0) }.sorted()
        let sql = "UPDATE \(Self.databaseTableName.quotedDatabaseIdentifier) SET "
            + set.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
            + " WHERE " + Self.keyCondition
        let key = keys.map { columns[$0] ?? .null }
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(set.map { columns[$0] ?? .null } + key))
        guard db.changesCount > 0 else {
            throw RecordError.recordNotFound(databaseTableName: Self.databaseTableName,
                                             key: Dictionary(uniqueKeysWithValues: zip(keys, key)))
        }
    }
}
