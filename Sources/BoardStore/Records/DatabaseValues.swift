import BoardModel
import GRDB
import GRDBSQLite

// Dates and times are stored as ISO text so that the file reads well in sqlite3.

extension LocalDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { iso.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDate? {
        String.fromDatabaseValue(dbValue).flatMap { LocalDate(iso: $0) }
    }
}

/// Read straight from the column's bytes (GRDB's fast path for a fetched value): decoded through a
/// `DatabaseValue` and a `String`, dates were two fifths of reading a month of the agenda.
extension LocalDate: StatementColumnConvertible {
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard sqlite3_column_type(sqliteStatement, index) == SQLITE_TEXT, let text = sqlite3_column_text(sqliteStatement, index) else { return nil }
        self.init(isoBytes: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(sqliteStatement, index))))
    }
}

extension LocalTime: StatementColumnConvertible {
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard sqlite3_column_type(sqliteStatement, index) == SQLITE_TEXT, let text = sqlite3_column_text(sqliteStatement, index) else { return nil }
        // Stored as HH:MM; anything else (H:MM from an older writer) takes the general path.
        let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(sqliteStatement, index)))
        guard let time = LocalTime(isoBytes: bytes) ?? LocalTime(iso: String(decoding: bytes, as: UTF8.self)) else { return nil }
        self = time
    }
}

extension LocalTime: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalTime? {
        String.fromDatabaseValue(dbValue).flatMap { LocalTime(iso: $0) }
    }
}

extension TimesOfDay: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> TimesOfDay? {
        String.fromDatabaseValue(dbValue).flatMap { try? TimesOfDay(parsing: $0) }
    }
}

extension HabitTarget: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { text.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> HabitTarget? {
        String.fromDatabaseValue(dbValue).flatMap { HabitTarget(text: $0) }
    }
}

extension Bucket: DatabaseValueConvertible {}
