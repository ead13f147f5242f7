import GRDB

/// A row of `settings`: the one user of this file.
struct SettingsRecord: BoardRecord {
    static let databaseTableName = "settings"
    var id: Int
    var ownerId: String
    var timeZone: String?
}
