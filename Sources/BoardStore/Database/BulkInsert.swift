import GRDB
import GRDBSQLite

/// One INSERT prepared once and run for many rows, its values bound through SQLite's C API: the
/// path of `import`'s 100,000 cards, where GRDB's statement arguments were a fifth of the time
/// (ARCHITECTURE.md §11). The schema's checks, triggers and foreign keys apply as to any insert,
/// and a refusal is the `DatabaseError` GRDB would have thrown.
final class BulkInsert {
    private let connection: OpaquePointer
    /// GRDB's, from the connection's cache: prepared once per connection (a server's replica takes
    /// in a few changes a pass, and compiling the upsert with the table's triggers was an eighth of
    /// each), finalized by GRDB when the connection closes. Two inserts of the same SQL share one
    /// statement, so a caller keeps one per table and columns at a time (`receive` keys them so).
    private let prepared: Statement
    private var statement: OpaquePointer { prepared.sqliteStatement }

    /// `INSERT INTO table (columns…) VALUES (?, …)` on `db`'s connection, inside its transaction;
    /// with `key`, a row already there under that key takes the other columns' values instead
    /// (how received rows are written, ARCHITECTURE.md §13). Names are Board's own, never received text.
    init(_ db: Database, table: String, columns: [String], upsertingOn key: [String]? = nil) throws {
        guard let connection = db.sqliteConnection else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed") }
        var sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        if let key {
            let updates = columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
            sql += " ON CONFLICT (\(key.joined(separator: ", "))) " + (updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", "))
        }
        self.connection = connection
        self.prepared = try db.cachedStatement(sql: sql)
    }

    /// Inserts one row: `values` in the order of the columns.
    func insert(_ values: [DatabaseValue]) throws {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value.storage {
            case .null: sqlite3_bind_null(statement, index)
            case .int64(let int): sqlite3_bind_int64(statement, index, int)
            case .double(let double): sqlite3_bind_double(statement, index, double)
            case .string(var text): text.withUTF8 { bytes in bindText(bytes, at: index) }
            case .blob(let data): data.withUnsafeBytes { bytes in _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient) }
            }
        }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw Self.error(of: connection) }
    }

    private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) {
        // An empty string has no storage; a null pointer would bind NULL, not ''.
        guard let base = bytes.baseAddress else {
            sqlite3_bind_text(statement, index, "", 0, Self.transient)
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
            _ = sqlite3_bind_text(statement, index, text, Int32(bytes.count), Self.transient)
        }
    }

    /// SQLite copies the value before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func error(of connection: OpaquePointer) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)), message: String(cString: sqlite3_errmsg(connection)))
    }
}
