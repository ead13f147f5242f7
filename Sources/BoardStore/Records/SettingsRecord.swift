import GRDB

/// A row of `settings`: the one user of this file.
struct SettingsRecord: BoardRecord, Codable {
    static let databaseTableName = "settings"
    var id: Int
    var ownerId: String
    var timeZone: String?

    /// The columns, by name: records are decoded by these keys, without converting each row's names.
    /// Typed columns for requests: `CardRecord.Columns.seriesId == id`.
    typealias Columns = CodingKeys

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, ownerId = "owner_id", timeZone = "time_zone"
    }
}
