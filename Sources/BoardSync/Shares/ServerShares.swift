import BoardModel
import PostgresNIO

/// A routine shared with another person (ARCHITECTURE.md §18): the owner grants it by name, the
/// other person reads its current state — the server's tables, which `board server run` keeps from
/// the owner's log — through security-definer functions that look up their grants, never the
/// owner's log or any row not shared. Nobody writes a share but through the owner's functions.
public enum ServerShares {
    /// One share as `board share list` says it.
    public struct Share: Equatable, Sendable {
        /// `with`: the person's own routine, shared with `person`; `from`: `person`'s, shared with them.
        public let direction: String
        public let routine: String
        /// The routine's title as the server's tables have it (nil: not there yet, or gone).
        public let title: String?
        public let person: String
    }

    /// What sharing or unsharing did.
    public enum Outcome: String, Sendable {
        case shared, already, unshared, notShared = "not shared"
    }

    /// Shares (or, `unshare`, stops sharing) the person's routine `routine` with `person` on
    /// `server`; a refusal the person can act on is a `BoardError` naming `--with` or the id.
    public static func share(_ routine: String, with person: String, unshare: Bool, server: ServerURL) async throws -> Outcome {
        try await ServerConnection.withConnection(server) { connection in
            do {
                return try await change(routine, with: person, unshare: unshare, connection)
            } catch let error as PSQLError {
                guard let state = error.serverInfo?[.sqlState], let why = refusals[state] else { throw error }
                throw BoardError(Field(state == "BRD03" ? "id" : "with"), state == "BRD03" ? why : "'\(person.echoed)': \(why)")
            }
        }
    }

    /// The shares the person made or was given, on `server`.
    public static func list(server: ServerURL) async throws -> [Share] {
        try await ServerConnection.withConnection(server) { connection in try await list(connection) }
    }

    static func change(_ routine: String, with person: String, unshare: Bool, _ connection: PostgresConnection) async throws -> Outcome {
        let call: PostgresQuery = unshare ? "SELECT board.unshare_routine(\(routine), \(person))" : "SELECT board.share_routine(\(routine), \(person))"
        for try await said in try await connection.query(call, logger: ServerConnection.logger).decode(String.self) {
            if let outcome = Outcome(rawValue: said) { return outcome }
        }
        throw BoardError("share", "the server did not say whether it shared the routine")
    }

    /// Every share the person made or was given, theirs first.
    static func list(_ connection: PostgresConnection) async throws -> [Share] {
        var shares: [Share] = []
        let rows = try await connection.query("SELECT direction, routine, title, person FROM board.my_shares()", logger: ServerConnection.logger)
        for try await (direction, routine, title, person) in rows.decode((String, String, String?, String).self) {
            shares.append(Share(direction: direction, routine: routine, title: title, person: person))
        }
        return shares
    }

    /// The SQLSTATEs the share functions raise, each a refusal the person can act on.
    static let refusals: [String: String] = [
        "BRD01": "no person of that name on the server (`board server add-user` makes one)",
        "BRD02": "a routine is shared with someone else, not its owner",
        "BRD03": "the server has no routine of yours with that id (`board sync` sends it first)",
    ]
}
