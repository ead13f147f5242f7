import Foundation
import GRDB

extension BoardDatabase {
    /// What opening a board needs to know about its file, read in two statements: whether every
    /// migration ran (and none this Board doesn't know), its owner, and whether it syncs.
    struct OpenState {
        let isMigrated: Bool
        let owner: String?
        let joined: Bool

        init(_ db: Database) throws {
            let tables = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('grdb_migrations', 'settings', 'sync_state')
                """) ?? 0
            guard tables == 3, let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT json_group_array(identifier) FROM (SELECT identifier FROM grdb_migrations ORDER BY rowid)) AS applied,
                       (SELECT owner_id FROM settings WHERE id = 1) AS owner,
                       EXISTS (SELECT 1 FROM sync_state) AS joined
                """) else {
                (isMigrated, owner, joined) = (false, nil, false)
                return
            }
            // The migrator's own identifiers, in the order they ran: anything else (one missing, one
            // unknown from a newer Board) goes through the migrator, which says what is wrong.
            isMigrated = (row["applied"] as String?) == Self.migrations
            owner = row["owner"]
            joined = row["joined"]
        }

        /// `["v1 …","v2 …"]` as SQLite's json_group_array writes it. Escaped by hand, a byte at a
        /// time: Foundation's `replacingOccurrences` went through NSString, and appending scalars to a
        /// `String` one by one was still 3% of a small `board list` (Benchmarks/README.md).
        static let migrations = jsonArray(Schema.migrator.migrations)

        static func jsonArray(_ ids: [String]) -> String {
            var json: [UInt8] = [UInt8(ascii: "[")]
            for (i, id) in ids.enumerated() {
                if i > 0 { json.append(UInt8(ascii: ",")) }
                json.append(UInt8(ascii: "\""))
                for byte in id.utf8 {
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { json.append(UInt8(ascii: "\\")) }
                    json.append(byte)
                }
                json.append(UInt8(ascii: "\""))
            }
            json.append(UInt8(ascii: "]"))
            return String(decoding: json, as: UTF8.self)
        }
    }
}
