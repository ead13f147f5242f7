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
    /// With `returningRow`: the row read back by its key, where the key's values are among the columns.
    private let readBack: ReadBack?

    private struct ReadBack {
        let statement: Statement
        /// Where the key's values are among the columns given.
        let key: [Int]
        /// The columns it reads; for each, which of the values given it holds; those it was given none.
        let names: [String]
        let given: [Int?]
        let notGiven: [Int]
    }

    /// A row as the table holds it just after an insert: its columns in the table's order, those
    /// the insert gave no value (a default, or a trigger's), and whether every value it gave is
    /// held as it was given: the same type, the same bytes.
    struct WrittenRow {
        let columns: [(String, DatabaseValue)]
        /// The columns' names, the same array for every row the statement reads.
        let names: [String]
        let notGiven: [Int]
        let heldAsGiven: Bool
    }

    /// `INSERT INTO table (columns…) VALUES (?, …)` on `db`'s connection, inside its transaction;
    /// with `key`, a row already there under that key takes the other columns' values instead
    /// (how received rows are written, ARCHITECTURE.md §13), and with `returningRow` each insert
    /// gives that row back as the table then holds it. Names are Board's own, never received text.
    convenience init(_ db: Database, table: String, columns: [String], upsertingOn key: [String]? = nil, returningRow: Bool = false) throws {
        var sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        if let key {
            let updates = columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
            sql += " ON CONFLICT (\(key.joined(separator: ", "))) " + (updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", "))
        }
        // Read with a statement of its own rather than `RETURNING`, which SQLite keeps in a
        // temporary table: a first pull's inserts took half as long again with it.
        var readBack: ReadBack?
        if returningRow, let key, case let positions = key.compactMap(columns.firstIndex(of:)), positions.count == key.count {
            let select = try db.cachedStatement(sql: "SELECT * FROM \(table) WHERE " + key.map { "\($0) = ?" }.joined(separator: " AND "))
            let names = select.columnNames, given = names.map(columns.firstIndex(of:))
            readBack = ReadBack(statement: select, key: positions, names: names, given: given, notGiven: given.indices.filter { given[$0] == nil })
        }
        try self.init(db, sql: sql, readBack: readBack)
    }

    /// `sql`, an INSERT of Board's own text with a `?` for each value `insert` is given, and
    /// whatever conflict clause it needs (the change log's is on a partial index).
    convenience init(_ db: Database, sql: String) throws {
        try self.init(db, sql: sql, readBack: nil)
    }

    private init(_ db: Database, sql: String, readBack: ReadBack?) throws {
        guard let connection = db.sqliteConnection else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the connection is closed") }
        self.connection = connection
        self.prepared = try db.cachedStatement(sql: sql)
        self.readBack = readBack
    }

    /// Inserts one row: `values` in the order of the columns. With `returningRow`, gives back the
    /// row as the table holds it after the insert (its defaults, column types and triggers applied).
    @discardableResult
    func insert(_ values: [DatabaseValue]) throws -> WrittenRow? {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() { Self.bind(value, at: Int32(offset + 1), of: statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw Self.error(of: connection) }
        guard let readBack else { return nil }
        let select = readBack.statement.sqliteStatement
        defer {
            sqlite3_reset(select)
            sqlite3_clear_bindings(select)
        }
        for (offset, position) in readBack.key.enumerated() { Self.bind(values[position], at: Int32(offset + 1), of: select) }
        switch sqlite3_step(select) {
        case SQLITE_ROW:
            var columns: [(String, DatabaseValue)] = [], heldAsGiven = true
            columns.reserveCapacity(readBack.names.count)
            for (index, name) in readBack.names.enumerated() {
                let held = DatabaseValue(sqliteStatement: select, index: Int32(index))
                columns.append((name, held))
                if heldAsGiven, let value = readBack.given[index], !Self.identical(values[value], held) { heldAsGiven = false }
            }
            return WrittenRow(columns: columns, names: readBack.names, notGiven: readBack.notGiven, heldAsGiven: heldAsGiven)
        case SQLITE_DONE: return nil
        default: throw Self.error(of: connection)
        }
    }

    /// The same value stored the same way: an integer is not its double (GRDB's `==` takes 1 and
    /// 1.0 as equal), and text is compared as its bytes (Swift's `==` takes canonically equivalent
    /// strings as equal).
    private static func identical(_ a: DatabaseValue, _ b: DatabaseValue) -> Bool {
        switch (a.storage, b.storage) {
        case (.string(var a), .string(var b)):
            return a.withUTF8 { a in b.withUTF8 { b in a.hasSameBytes(as: b) } }
        default:
            return a.storage == b.storage
        }
    }

    private static func bind(_ value: DatabaseValue, at index: Int32, of statement: OpaquePointer) {
        switch value.storage {
        case .null: sqlite3_bind_null(statement, index)
        case .int64(let int): sqlite3_bind_int64(statement, index, int)
        case .double(let double): sqlite3_bind_double(statement, index, double)
        case .string(var text): text.withUTF8 { bytes in bindText(bytes, at: index, of: statement) }
        case .blob(let data): data.withUnsafeBytes { bytes in _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), transient) }
        }
    }

    private static func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, of statement: OpaquePointer) {
        // An empty string has no storage; a null pointer would bind NULL, not ''.
        guard let base = bytes.baseAddress else {
            sqlite3_bind_text(statement, index, "", 0, transient)
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
            _ = sqlite3_bind_text(statement, index, text, Int32(bytes.count), transient)
        }
    }

    /// SQLite copies the value before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func error(of connection: OpaquePointer) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)), message: String(cString: sqlite3_errmsg(connection)))
    }
}
