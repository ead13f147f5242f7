import BoardModel
import GRDB

// Dates and times are stored as ISO text so that the file reads well in sqlite3.

extension LocalDate: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { iso.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDate? {
        String.fromDatabaseValue(dbValue).flatMap { LocalDate(iso: $0) }
    }
}

extension LocalTime: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalTime? {
        String.fromDatabaseValue(dbValue).flatMap { LocalTime(iso: $0) }
    }
}

extension Bucket: DatabaseValueConvertible {}
