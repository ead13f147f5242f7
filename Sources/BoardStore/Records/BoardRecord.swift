import GRDB

/// A plain record whose Swift properties map to snake_case columns.
public protocol BoardRecord: Codable, FetchableRecord, PersistableRecord {}

extension BoardRecord {
    public static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    public static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}
