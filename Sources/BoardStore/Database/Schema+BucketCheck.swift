import GRDB

extension Schema {
    /// `tasks.bucket`'s check as `=`s joined by OR: the same rule, the form SQLite checks in place.
    /// `bucket IN (five names)` made SQLite build a table of the names for every insert (a third of
    /// the time of a row with nothing else to do, an import's cards among them).
    static let bucketCheck = Schema.buckets.split(separator: ",").map { "bucket = \($0)" }.joined(separator: " OR ")

    /// v21: the check rewritten in the stored schema, as SQLite's documentation allows for a check
    /// every row already meets (its own procedure, in the migration's transaction: the text
    /// replaced, the schema's version moved on so every connection reads it again). No row moves.
    static func v21(_ db: Database) throws {
        let old = "CHECK (bucket IN (\(buckets)))", new = "CHECK (\(bucketCheck))"
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'tasks'"),
              sql.contains(old) else { return }
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'tasks'",
                       arguments: [sql.replacingOccurrences(of: old, with: new)])
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
    }
}
