import Foundation
import GRDB

/// Checks of a column against a list of more than two values, kept as `=`s joined by OR
/// (ARCHITECTURE.md §7): the same rule, in the form SQLite checks in place. For `column IN (three
/// or more values)` SQLite builds a table of the values on every insert — 33 K instructions a row
/// in a shell, a third of a card's insert (v21) and more than half of a change log entry's (v31).
extension Schema {
    /// `subject`'s check against `values` (SQL literals, comma-separated) as `=`s joined by OR.
    static func listCheck(_ subject: String, _ values: String) -> String {
        values.split(separator: ",").map { "\(subject) = \($0.trimmingCharacters(in: .whitespaces))" }.joined(separator: " OR ")
    }

    /// `tasks.bucket`'s check, as v21 left it.
    static let bucketCheck = listCheck("bucket", buckets)

    /// The checks v31 rewrites, as their tables were made: the table, what is checked against the
    /// list (a column, or a habit target's unit), and the values as written there.
    static let listChecks: [(table: String, subject: String, values: String)] = [
        ("templates", "status", statuses), ("series", "status", statuses), ("shared_routines", "status", statuses),
        ("reminders", "status", "'claimed', 'delivered', 'missed', 'failed', 'elsewhere'"),
        ("sync_changes", "origin", "'user', 'propagation', 'generation', 'reapply'"),
        ("habits", "substr(target, instr(target, '/') + 1)", "'day', 'week', 'month'"),
    ]

    /// v21: the bucket's check rewritten in the stored schema.
    static func v21(_ db: Database) throws {
        try rewriteChecks(of: "tasks", [("CHECK (bucket IN (\(buckets)))", "CHECK (\(bucketCheck))")], db)
    }

    /// v31: every other check of a list of more than two, the change log's origin among them.
    static func v31(_ db: Database) throws {
        for (table, subject, values) in listChecks {
            try rewriteChecks(of: table, [("\(subject) IN (\(values))", "(\(listCheck(subject, values)))")], db)
        }
    }

    /// Replaces each check's text in `table`'s stored schema, as SQLite's documentation allows for
    /// a check every row already meets (its own procedure, in the migration's transaction: the text
    /// replaced, the schema's version moved on so every connection reads it again). No row moves;
    /// a table whose text has none of them is left as it is.
    private static func rewriteChecks(of table: String, _ checks: [(old: String, new: String)], _ db: Database) throws {
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
              checks.contains(where: { sql.contains($0.old) }) else { return }
        let rewritten = checks.reduce(sql) { $0.replacingOccurrences(of: $1.old, with: $1.new) }
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        try db.execute(sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", arguments: [rewritten, table])
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = OFF")
    }
}
