import GRDB

/// Records every row a write transaction touches, inside that transaction: temporary triggers on
/// the writer's connection log each insert, update and delete of the board's tables as JSON into
/// `temp.change_log`, which the transaction drains into a `ChangeSet` before it commits.
/// Installed only by a process that asks for change sets (the screen) or writes a board that syncs
/// (ARCHITECTURE.md §13), so the command line on a board that never syncs pays nothing.
enum ChangeLog {
    /// The tables a change set covers. Not reminder claims (a claim is never undone) nor settings.
    static let tables = ["templates", "recurrence_rules", "series", "tasks", "events", "habits", "habit_entries", "routine_ticks"]

    /// The primary-key columns of each logged table, read from the schema.
    typealias Keys = [String: [String]]

    /// Creates the log and its triggers on this connection if they are missing; returns the keys.
    static func install(_ db: Database) throws -> Keys {
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS change_log (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, old TEXT, new TEXT)")
        // A row here pauses the log: rows written for received changes are nobody's intent here.
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS change_log_paused (id INTEGER PRIMARY KEY CHECK (id = 1))")
        var keys: Keys = [:]
        for table in tables {
            // A kept column (the column a card shows in) follows from the others: no intent of its own.
            let kept = Schema.keptColumns[table] ?? []
            let columns = try Row.fetchAll(db, sql: "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
                .filter { !kept.contains($0["name"] as String) }
            let names: [String] = columns.map { $0["name"] }
            keys[table] = columns.filter { ($0["pk"] as Int) > 0 }.sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }.map { $0["name"] }
            func json(_ row: String) -> String {
                "json_object(" + names.map { "'\($0)', \(row).\"\($0)\"" }.joined(separator: ", ") + ")"
            }
            let update = kept.isEmpty ? "UPDATE" : "UPDATE OF " + names.map { "\"\($0)\"" }.joined(separator: ", ")
            for (suffix, event, old, new) in [("i", "INSERT", "NULL", json("NEW")), ("u", update, json("OLD"), json("NEW")),
                                              ("d", "DELETE", json("OLD"), "NULL")] {
                try db.execute(sql: """
                    CREATE TEMP TRIGGER IF NOT EXISTS change_log_\(table)_\(suffix) AFTER \(event) ON main.\(table)
                    WHEN NOT EXISTS (SELECT 1 FROM temp.change_log_paused)
                    BEGIN INSERT INTO change_log (tbl, old, new) VALUES ('\(table)', \(old), \(new)); END
                    """)
            }
        }
        return keys
    }

    /// Stops or restarts logging on this connection, inside the current transaction.
    static func pause(_ paused: Bool, _ db: Database) throws {
        try db.execute(sql: paused ? "INSERT OR IGNORE INTO temp.change_log_paused (id) VALUES (1)" : "DELETE FROM temp.change_log_paused")
    }

    /// Everything logged so far on this connection, as row changes in order; the log is emptied.
    static func drain(_ db: Database, keys: Keys) throws -> [RowChange] {
        let entries = try Row.fetchAll(db, sql: "SELECT tbl, old, new FROM temp.change_log ORDER BY seq")
        guard !entries.isEmpty else { return [] }
        try db.execute(sql: "DELETE FROM temp.change_log")
        var changes: [RowChange] = []
        for entry in entries {
            let table: String = entry["tbl"]
            let old = try (entry["old"] as String?).map { try values($0, db) }, new = try (entry["new"] as String?).map { try values($0, db) }
            guard let whole = new ?? old else { continue }
            let key = Dictionary(uniqueKeysWithValues: (keys[table] ?? []).map { ($0, whole[$0] ?? .null) })
            let change = RowChange(table: table, key: key, before: old, after: new)
            if !change.changedColumns.isEmpty { changes.append(change) }
        }
        return changes
    }

    /// A row's columns from the JSON object a trigger made of them (`json_object`).
    static func values(_ json: String, _ db: Database) throws -> [String: DatabaseValue] {
        var values: [String: DatabaseValue] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT key, value FROM json_each(?)"), arguments: [json]) {
            values[row["key"]] = row["value"] as DatabaseValue
        }
        return values
    }
}
