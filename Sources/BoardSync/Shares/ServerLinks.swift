import BoardModel
import Foundation
import PostgresNIO

/// A routine shared by link (ARCHITECTURE.md §22): its owner makes a link that opens the routine's
/// page for whoever has it, with no account, until it is revoked or expires. Made, listed and
/// revoked through security-definer functions acting for the owner's login alone; the token is
/// said once, inside the link, and the server keeps only its hash.
public enum ServerLinks {
    /// One link as `board share list` says it (never its token).
    public struct Link: Equatable, Sendable {
        public let id: String, routine: String
        /// The routine's title as the server's tables have it (nil: not there yet, or gone).
        public let title: String?
        public let created: Date
        public let expires: Date?
        public let revoked: Date?

        /// Open, revoked or expired at `now`, in a few words.
        public func state(at now: Date) -> String {
            if let revoked { return "revoked \(BoardClock.timestamp(of: revoked, milliseconds: false))" }
            guard let expires else { return "by link, no expiry" }
            let when = BoardClock.timestamp(of: expires, milliseconds: false)
            return expires > now ? "by link, expires \(when)" : "by link, expired \(when)"
        }
    }

    /// What `board share --link` prints: the link's id, when it ends, and its URL (nil when the
    /// server serves no listener).
    public struct Made: Sendable {
        public let id: String
        public let expires: Date?
        public let url: String?
    }

    /// A link to the person's routine `routine`, for `days` (nil: until revoked), its runs shown in `zone`.
    public static func link(_ routine: String, days: Int?, zone: TimeZone, server: ServerURL) async throws -> Made {
        try await ServerConnection.withConnection(server) { connection in
            do {
                let rows = try await connection.query("SELECT id, token, expires_at, address FROM board.link_routine(\(routine), \(days)::integer, \(zone.identifier))",
                                                      logger: ServerConnection.logger)
                for try await (id, token, expires, address) in rows.decode((String, String, Date?, String?).self) {
                    return Made(id: id, expires: expires, url: address.map { ListenerAddress.url($0, path: "/s/" + token) })
                }
            } catch let error as PSQLError {
                switch error.serverInfo?[.sqlState] {
                case "BRD03": throw BoardError("id", ServerShares.refusals["BRD03"]!)
                case "BRD05": throw BoardError("link", "the routine has 20 open links, the most it keeps; `board unshare ROUTINE --link` ends them")
                case "42883": throw BoardError("server", "the server has no links yet: its administrator runs `board server init` with this version")
                default: throw error
                }
            }
            throw BoardError("link", "the server did not say the new link's address")
        }
    }

    /// Revokes every open link of the person's routine `routine`; how many there were.
    public static func unlink(_ routine: String, server: ServerURL) async throws -> Int {
        try await ServerConnection.withConnection(server) { connection in
            for try await count in try await connection.query("SELECT board.unlink_routine(\(routine))", logger: ServerConnection.logger).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    /// The person's links, open, revoked and expired, oldest first.
    public static func list(server: ServerURL) async throws -> [Link] {
        try await ServerConnection.withConnection(server) { connection in
            var links: [Link] = []
            let rows = try await connection.query("SELECT id, routine, title, created_at, expires_at, revoked_at FROM board.my_links()",
                                                  logger: ServerConnection.logger)
            for try await (id, routine, title, created, expires, revoked) in rows.decode((String, String, String?, Date, Date?, Date?).self) {
                links.append(Link(id: id, routine: routine, title: title, created: created, expires: expires, revoked: revoked))
            }
            return links
        }
    }

}
