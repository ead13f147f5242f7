import BoardModel
import Foundation
import PostgresNIO

/// A person's calendar feeds, as they make, list and revoke them (ARCHITECTURE.md §22): through
/// security-definer functions acting for the caller's login alone. The token is said once, at
/// creation, inside the feed's URL; the server keeps only its hash.
public enum ServerFeeds {
    /// One feed as `board feed list` says it (never its token: nobody can read that again).
    public struct Feed: Equatable, Sendable {
        public let id: String, name: String, zone: String
        public let created: Date
        public let revoked: Date?
    }

    /// What `board feed create` prints: the feed's id and the URL a calendar subscribes to, or nil
    /// when the server serves no listener (its administrator runs `board server run --realtime`).
    public struct Created: Sendable {
        public let id: String
        public let url: String?
    }

    /// What revoking did.
    public enum Revoked: String, Sendable {
        case revoked, already, none, ambiguous
    }

    /// The longest name a feed may have, as the server's table checks it.
    public static let maxName = 100

    /// A feed named `name` of the person's calendar in `zone` (their cards' times are wall times there).
    public static func create(name: String, zone: TimeZone, server: ServerURL) async throws -> Created {
        try check(name: name)
        return try await ServerConnection.withConnection(server) { connection in
            do {
                let rows = try await connection.query("SELECT id, token, address FROM board.create_feed(\(name), \(zone.identifier))",
                                                      logger: ServerConnection.logger)
                for try await (id, token, address) in rows.decode((String, String, String?).self) {
                    return Created(id: id, url: address.map { ListenerAddress.url($0, path: "/feed/" + token + ".ics") })
                }
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "BRD05" {
                throw BoardError("feed", "you have 20 feeds open, the most a person keeps; revoke one first (`board feed list`)")
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42883" {
                throw BoardError("server", "the server has no calendar feeds yet: its administrator runs `board server init` with this version")
            }
            throw BoardError("feed", "the server did not say the new feed's address")
        }
    }

    /// The person's feeds, open and revoked, oldest first.
    public static func list(server: ServerURL) async throws -> [Feed] {
        try await ServerConnection.withConnection(server) { connection in
            var feeds: [Feed] = []
            let rows = try await connection.query("SELECT id, name, zone, created_at, revoked_at FROM board.my_feeds()", logger: ServerConnection.logger)
            for try await (id, name, zone, created, revoked) in rows.decode((String, String, String, Date, Date?).self) {
                feeds.append(Feed(id: id, name: name, zone: zone, created: created, revoked: revoked))
            }
            return feeds
        }
    }

    /// Revokes the person's feed whose id starts with `id`: its URL answers 410 from then on.
    public static func revoke(_ id: String, server: ServerURL) async throws -> Revoked {
        try await ServerConnection.withConnection(server) { connection in
            for try await said in try await connection.query("SELECT board.revoke_feed(\(id.lowercased()))", logger: ServerConnection.logger).decode(String.self) {
                if let outcome = Revoked(rawValue: said) { return outcome }
            }
            throw BoardError("feed", "the server did not say whether it revoked the feed")
        }
    }

    /// A feed's name is 1 to 100 characters without control characters, as the table checks.
    public static func check(name: String) throws(BoardError) {
        guard (1...maxName).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BoardError("name", "must be 1 to \(maxName) characters with no control characters, got '\(name.echoed)'")
        }
    }
}
