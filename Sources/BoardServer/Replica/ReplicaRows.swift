import BoardSync
import BoardStore
import Foundation
import GRDB
import NIOCore
import PostgresNIO

/// A replica's rows read from its file and written over the server's table (ARCHITECTURE.md §16),
/// always by `COPY` in its text format, escaped field by field, so a value is never spliced into SQL
/// text: straight into the table when a person's rows are made again, else into a staging table
/// they are upserted from.
enum ReplicaRows {
    /// Rows read from the file at a time.
    static let copyChunk = 5_000

    /// One person's rows of a table to write: those of `ids`, else all of them.
    struct Part {
        let owner: String
        let store: BoardStore
        let ids: [String]?
    }

    /// The replica's rows of `table`, each part's from its person's file, written into `target` by one
    /// `COPY`: text PostgreSQL types as it would a literal, without a JSON object per row or a
    /// conflict check per key. `selected` are the server table's columns that the files have
    /// (`columns`: every replica file has the schema of this binary); `target` is found by the path.
    static func copy(_ table: String, _ parts: [Part], into target: String, columns selected: [String], _ connection: PostgresConnection) async throws {
        /// One chunk's rows in `COPY` text; the last rowid read (nil: none).
        func chunk(_ part: Part, after: Int64, ids: ArraySlice<String>?) throws -> (ByteBuffer, Int64?) {
            var buffer = ByteBuffer()
            let last = try part.store.sync.forEachReplicaRow(of: table, columns: selected, nulls: ["owner_id"], ids: ids.map(Array.init), after: after,
                                                        limit: copyChunk) { row in
                for (index, column) in selected.enumerated() {
                    if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
                    if column == "owner_id" { buffer.writeString(part.owner); continue }
                    copyField(row[index + 1], boolean: ServerTables.booleanColumns.contains(column), into: &buffer)
                }
                buffer.writeInteger(UInt8(ascii: "\n"))
            }
            return (buffer, last)
        }
        try await connection.copyFrom(table: target, columns: selected, logger: ServerConnection.logger) { writer in
            for part in parts {
                if let ids = part.ids {
                    for start in stride(from: 0, to: ids.count, by: copyChunk) {
                        try await writer.write(try chunk(part, after: 0, ids: ids[start..<min(start + copyChunk, ids.count)]).0)
                    }
                    continue
                }
                var after: Int64 = 0
                while case let (buffer, last?) = try chunk(part, after: after, ids: nil) {
                    try await writer.write(buffer)
                    after = last
                }
            }
        }
    }

    /// The server table's columns that the replica's file has, `owner_id` always (two file tables
    /// take it from their parent).
    static func columns(_ table: String, store: BoardStore) throws -> [String] {
        let fileColumns = try store.sync.columnNames(of: table)
        return ServerTables.columns[table]!.filter { $0 == "owner_id" || fileColumns.contains($0) }
    }

    /// One field in `COPY`'s text format: `\N` for NULL, `t`/`f` for a boolean, and text with
    /// its backslash, tab, newline and carriage return escaped.
    static func copyField(_ value: DatabaseValue, boolean: Bool, into buffer: inout ByteBuffer) {
        let text: String
        switch value.storage {
        case .null: buffer.writeString("\\N"); return
        case .int64(let number) where boolean: buffer.writeString(number != 0 ? "t" : "f"); return
        case .int64(let number): buffer.writeString(String(number)); return
        case .double(let number): buffer.writeString(String(number)); return
        case .string(let string): text = string
        case .blob(let data): text = String(decoding: data, as: UTF8.self)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeString("\\\\")
            case UInt8(ascii: "\t"): buffer.writeString("\\t")
            case UInt8(ascii: "\n"): buffer.writeString("\\n")
            case UInt8(ascii: "\r"): buffer.writeString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
    }

    /// Makes the server's `table` hold the replicas' rows of each part: copied into a staging table
    /// of the session's (emptied at commit), upserted from it, and the rows asked for that a replica
    /// no longer has deleted, in one statement for every part. `tables` are the staging tables the
    /// session already has; this one joins them.
    static func replace(_ table: String, _ parts: [Part], staged tables: inout Set<String>, _ connection: PostgresConnection) async throws {
        let staged = "staged_" + table
        if !tables.contains(staged) {
            try await connection.query(PostgresQuery(unsafeSQL: """
                CREATE TEMP TABLE IF NOT EXISTS \(staged) (LIKE board.\(table) INCLUDING DEFAULTS) ON COMMIT DELETE ROWS
                """), logger: ServerConnection.logger)
            tables.insert(staged)
        }
        let columns = try columns(table, store: parts[0].store)
        try await copy(table, parts, into: staged, columns: columns, connection)
        let key = table == "habit_entries" ? ["owner_id", "habit_id", "day", "device"] : ["owner_id", "id"]
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let updates = columns.filter { !key.contains($0) }.map { "\"\($0)\" = EXCLUDED.\"\($0)\"" }.joined(separator: ", ")
        let matches = key.map { "s.\($0) = t.\($0)" }.joined(separator: " AND ")
        // The rows asked for: every row of a person written whole, else the (owner, id) pairs named.
        var binds = PostgresBindings(), asked: [String] = []
        let whole = parts.filter { $0.ids == nil }.map(\.owner)
        if !whole.isEmpty {
            binds.append(whole)
            asked.append("owner_id = ANY ($\(binds.count)::uuid[])")
        }
        let named = parts.flatMap { part in (part.ids ?? []).map { (part.owner, $0) } }
        if !named.isEmpty {
            binds.append(named.map(\.0))
            binds.append(named.map(\.1))
            asked.append("(owner_id, id) IN (SELECT * FROM unnest($\(binds.count - 1)::uuid[], $\(binds.count)::text[]))")
        }
        // One statement: the rows it deletes and the rows it upserts are never the same ones.
        try await connection.query(PostgresQuery(unsafeSQL: """
            WITH gone AS (
                DELETE FROM board.\(table) t WHERE (\(asked.joined(separator: " OR ")))
                AND NOT EXISTS (SELECT 1 FROM \(staged) s WHERE \(matches)))
            INSERT INTO board.\(table) (\(names)) SELECT \(names) FROM \(staged)
            ON CONFLICT (\(key.joined(separator: ", "))) DO \(updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates)
            """, binds: binds), logger: ServerConnection.logger)
    }
}
