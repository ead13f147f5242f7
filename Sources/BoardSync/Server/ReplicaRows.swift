import BoardStore
import Foundation
import GRDB
import NIOCore
import PostgresNIO

/// A replica's rows read from its file and written over the server's table (ARCHITECTURE.md §16):
/// as JSON objects that PostgreSQL types column by column (`jsonb_populate_recordset`), so a
/// value is never spliced into SQL text.
enum ReplicaRows {
    /// Rows per statement.
    static let batch = 2_000

    /// The rows of `table` in the replica (those of `ids`, or all), each a JSON object of the
    /// server's columns.
    static func read(_ table: String, ids: [String]?, owner: String, store: BoardStore) throws -> [String: [String: Any]] {
        let columns = ServerTables.columns[table]!
        let key = table == "habit_entries" ? "habit_id || ' ' || day" : "id"
        return try store.read { db in
            let fileColumns = Set(try db.columns(in: table).map(\.name))
            let selected = columns.filter(fileColumns.contains)
            var sql = "SELECT \(key) AS board_key, \(selected.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \(table)"
            var arguments = StatementArguments()
            if let ids {
                sql += " WHERE id IN (SELECT value FROM json_each(?))"
                arguments = [String(decoding: try JSONSerialization.data(withJSONObject: ids), as: UTF8.self)]
            }
            var rows: [String: [String: Any]] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments) {
                var object: [String: Any] = ["owner_id": owner]
                for column in selected {
                    let value = row[column] as DatabaseValue
                    if value.isNull { object[column] = NSNull(); continue }
                    if ServerTables.booleanColumns.contains(column) {
                        object[column] = (Int.fromDatabaseValue(value) ?? 0) != 0
                    } else if ServerTables.jsonColumns.contains(column), let text = String.fromDatabaseValue(value) {
                        object[column] = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
                    } else if let number = Int64.fromDatabaseValue(value), case .int64 = value.storage {
                        object[column] = number
                    } else {
                        object[column] = String.fromDatabaseValue(value) ?? NSNull()
                    }
                }
                rows[row["board_key"]] = object
            }
            return rows
        }
    }

    /// Rows per `COPY` chunk of a whole table.
    static let copyChunk = 5_000

    /// Every row of `table` in the replica written into the server's table by `COPY` (a person's
    /// rows made again: the caller deleted theirs first and set the path to the board schema): text PostgreSQL types as it would a
    /// literal, without a JSON object per row or a conflict check per key.
    static func copy(_ table: String, owner: String, store: BoardStore, _ connection: PostgresConnection) async throws {
        let columns = ServerTables.columns[table]!
        let fileColumns = try store.read { db in Set(try db.columns(in: table).map(\.name)) }
        let selected = columns.filter { $0 == "owner_id" || fileColumns.contains($0) }
        let projection = selected.map { $0 == "owner_id" ? "NULL" : "\"\($0)\"" }.joined(separator: ", ")
        try await connection.copyFrom(table: table, columns: selected, logger: BoardServer.logger) { writer in
            var after: Int64 = 0
            while true {
                var buffer = ByteBuffer()
                let last: Int64? = try store.read { db in
                    let rows = try Row.fetchCursor(db, sql: "SELECT rowid, \(projection) FROM \(table) WHERE rowid > ? ORDER BY rowid LIMIT ?",
                                                   arguments: [after, copyChunk])
                    var last: Int64?
                    while let row = try rows.next() {
                        last = row[0]
                        for (index, column) in selected.enumerated() {
                            if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
                            if column == "owner_id" { buffer.writeString(owner); continue }
                            copyField(row[index + 1], boolean: ServerTables.booleanColumns.contains(column), into: &buffer)
                        }
                        buffer.writeInteger(UInt8(ascii: "\n"))
                    }
                    return last
                }
                guard let last else { return }
                try await writer.write(buffer)
                after = last
            }
        }
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

    /// Makes the server's `table` hold `rows` for the rows of `ids` (all of the person's rows when
    /// nil): each row upserted, and each of those ids the replica no
    /// longer has deleted.
    static func replace(_ table: String, rows: [String: [String: Any]], ids: [String]?, owner: String,
                        _ connection: PostgresConnection) async throws {
        let columns = ServerTables.columns[table]!
        let key = table == "habit_entries" ? ["owner_id", "habit_id", "day"] : ["owner_id", "id"]
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let updates = columns.filter { !key.contains($0) }.map { "\"\($0)\" = EXCLUDED.\"\($0)\"" }.joined(separator: ", ")
        // Gone from the replica: the ids asked for that it no longer has, or every row it lacks.
        if table == "habit_entries" {
            let keep = Array(rows.keys)
            try await connection.query(PostgresQuery(unsafeSQL: """
                DELETE FROM board.habit_entries WHERE owner_id = $1::uuid AND NOT (habit_id || ' ' || day::text = ANY ($2::text[]))
                """, binds: try binds(owner, keep)), logger: BoardServer.logger)
        } else if let ids {
            let gone = ids.filter { rows[$0] == nil }
            if !gone.isEmpty {
                try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM board.\(table) WHERE owner_id = $1::uuid AND id = ANY ($2::text[])",
                                                         binds: try binds(owner, gone)), logger: BoardServer.logger)
            }
        } else {
            try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM board.\(table) WHERE owner_id = $1::uuid AND NOT (id = ANY ($2::text[]))",
                                                     binds: try binds(owner, Array(rows.keys))), logger: BoardServer.logger)
        }
        let objects = Array(rows.values)
        for start in stride(from: 0, to: objects.count, by: batch) {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: Array(objects[start..<min(start + batch, objects.count)])), as: UTF8.self)
            try await connection.query(PostgresQuery(unsafeSQL: """
                INSERT INTO board.\(table) (\(names)) SELECT \(names) FROM jsonb_populate_recordset(NULL::board.\(table), $1::jsonb)
                ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET \(updates)
                """, binds: try binds(json)), logger: BoardServer.logger)
        }
    }

    static func binds(_ text: String) throws -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(text)
        return binds
    }

    private static func binds(_ owner: String, _ list: [String]) throws -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(owner)
        binds.append(list)
        return binds
    }
}
