import GRDB

/// A plain record of one table. A Codable one's `CodingKeys` name its snake_case columns, so a
/// row is decoded by column name with no key conversion per row (ARCHITECTURE.md §7); a test
/// holds those keys to the record's table of fields (`SyncedTables`).
public protocol BoardRecord: FetchableRecord, PersistableRecord {}
