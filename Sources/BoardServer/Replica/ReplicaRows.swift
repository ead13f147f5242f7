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

    /// The replica's rows of `table` (those of `ids`, else all) written into `target` by `COPY`: text
    /// PostgreSQL types as it would a literal, without a JSON object per row or a conflict check per key.
    /// `selected` are the server table's columns that the file has (`columns`); `target` is found by the path.
    static func copy(_ table: String, ids: [String]?, into target: String, columns selected: [String], owner: String, store: BoardStore,
                     _ connection: PostgresConnection) async throws {
        /// One chunk's rows in `COPY` text; the last rowid read (nil: none).
        func chunk(after: Int64, ids: ArraySlice<String>?) throws -> (ByteBuffer, Int64?) {
            var buffer = ByteBuffer()
            let last = try store.sync.forEachReplicaRow(of: table, columns: selected, nulls: ["owner_id"], ids: ids.map(Array.init), after: after,
                                                   limit: copyChunk) { row in
                for (index, column) in selected.enumerated() {
                    if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
                    if column == "owner_id" { buffer.writeString(owner); continue }
                    copyField(row[index + 1], boolean: ServerTables.booleanColumns.contains(column), into: &buffer)
                }
                buffer.writeInteger(UInt8(ascii: "\n"))
            }
            return (buffer, last)
        }
        try await connection.copyFrom(table: target, columns: selected, logger: ServerConnection.logger) { writer in
            if let ids {
                for start in stride(from: 0, to: ids.count, by: copyChunk) {
                    try await writer.write(try chunk(after: 0, ids: ids[start..<min(start + copyChunk, ids.count)]).0)
                }
                return
            }
            var after: Int64 = 0
            while case let (buffer, last?) = try chunk(after: after, ids: nil) {
                try await writer.write(buffer)
                after = last
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

    /// Makes the server's `table` hold the replica's rows of `ids` (all of the person's rows when
    /// nil): copied into a staging table of the session's (emptied at commit), upserted from it, and
    /// the rows asked for that the replica no longer has deleted.
    /// `tables` are the staging tables the session already has; this one joins them.
    static func replace(_ table: String, ids: [String]?, owner: String, store: BoardStore, staged tables: inout Set<String>,
                        _ connection: PostgresConnection) async throws {
        let staged = "staged_" + table
        if !tables.contains(staged) {
            try await connection.query(PostgresQuery(unsafeSQL: """
                CREATE TEMP TABLE IF NOT EXISTS \(staged) (LIKE board.\(table) INCLUDING DEFAULTS) ON COMMIT DELETE ROWS
                """), logger: ServerConnection.logger)
            tables.insert(staged)
        }
        let columns = try columns(table, store: store)
        try await copy(table, ids: ids, into: staged, columns: columns, owner: owner, store: store, connection)
        let key = table == "habit_entries" ? ["owner_id", "habit_id", "day", "device"] : ["owner_id", "id"]
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let updates = columns.filter { !key.contains($0) }.map { "\"\($0)\" = EXCLUDED.\"\($0)\"" }.joined(separator: ", ")
        let matches = key.map { "s.\($0) = t.\($0)" }.joined(separator: " AND ")
        var binds = PostgresBindings()
        binds.append(owner)
        if let ids { binds.append(ids) }
        // One statement: the rows it deletes and the rows it upserts are never the same ones.
        try await connection.query(PostgresQuery(unsafeSQL: """
            WITH gone AS (
                DELETE FROM board.\(table) t WHERE owner_id = $1::uuid \(ids == nil ? "" : "AND id = ANY ($2::text[])")
                AND NOT EXISTS (SELECT 1 FROM \(staged) s WHERE \(matches)))
            INSERT INTO board.\(table) (\(names)) SELECT \(names) FROM \(staged)
            ON CONFLICT (\(key.joined(separator: ", "))) DO \(updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates)
            """, binds: binds), logger: ServerConnection.logger)
    }

    static func binds(_ text: String) throws -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(text)
        return binds
    }
}
