import GRDB

/// A plain record: its `CodingKeys` name its snake_case columns, so a row is decoded by column
/// name, with no key conversion per row (ARCHITECTURE.md §7).
public protocol BoardRecord: Codable, FetchableRecord, PersistableRecord {}
