import BoardModel
import BoardSync
import Foundation
import PostgresNIO

/// What `board server` does on a PostgreSQL server, as its administrator (ARCHITECTURE.md §13):
/// create or migrate Board's schema, and add the people who sync through it.
public enum ServerAdmin {
    /// Creates or migrates the schema; returns how many migrations ran (0: already up to date).
    public static func initialize(_ url: ServerURL) async throws -> Int {
        try await ServerConnection.withConnection(url) { connection in
            try await connection.query("CREATE SCHEMA IF NOT EXISTS board", logger: ServerConnection.logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS board.migrations (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())", logger: ServerConnection.logger)
            var ran = 0
            for (index, statements) in ServerSchema.migrations.enumerated() {
                let version = index + 1
                // One transaction per migration, holding a lock so two `init`s at once run it once.
                ran += try await ServerConnection.transaction(connection) { connection in
                    try await connection.query("LOCK TABLE board.migrations IN EXCLUSIVE MODE", logger: ServerConnection.logger)
                    let done = try await connection.query("SELECT 1 FROM board.migrations WHERE version = \(version)", logger: ServerConnection.logger)
                    for try await _ in done { return 0 }
                    for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: ServerConnection.logger) }
                    try await connection.query("INSERT INTO board.migrations (version) VALUES (\(version))", logger: ServerConnection.logger)
                    return 1
                }
            }
            return ran
        }
    }

    /// Creates a login role for a person and their owner id; returns the URL to give them.
    public static func addUser(_ name: String, password: String?, admin url: ServerURL) async throws -> String {
        try checkPersonName(name)
        let password = password ?? generatedPassword()
        guard !password.isEmpty else { throw BoardError("password", "must not be empty") }
        try await ServerConnection.withConnection(url) { connection in
            let exists = try await connection.query("SELECT 1 FROM pg_roles WHERE rolname = \(name)", logger: ServerConnection.logger)
            for try await _ in exists { throw BoardError("name", "a role '\(name)' exists already on this server") }
            // Role names and passwords can't be bound parameters: the name is checked above, the password quoted.
            try await ServerConnection.transaction(connection) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(name) LOGIN PASSWORD \(quoted(password)) IN ROLE board_person"), logger: ServerConnection.logger)
                try await connection.query("INSERT INTO board.people (role) VALUES (\(name))", logger: ServerConnection.logger)
                // A running `board server run` listens on the new person's channel at once.
                try await connection.query("SELECT pg_notify(\(ServerReplica.peopleChannel), '')", logger: ServerConnection.logger)
            }
        }
        return url.forUser(name, password: password)
    }

    /// A person's name is a PostgreSQL role: lower-case letters, digits and _, starting with a
    /// letter, at most 63 bytes, and not `pg_…`, which PostgreSQL keeps for its own roles.
    static func checkPersonName(_ name: String) throws(BoardError) {
        guard name.range(of: #"^[a-z][a-z0-9_]{0,62}$"#, options: .regularExpression) != nil, !name.hasPrefix("pg_") else {
            throw BoardError("name", "must be lower-case letters, digits and _ (a PostgreSQL role), starting with a letter, at most 63, "
                + "not starting with pg_, got '\(name.echoed.escapedForTerminal)'")
        }
    }

    /// 24 letters and digits from the system's random source.
    static func generatedPassword() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var rng = SystemRandomNumberGenerator()
        return String((0..<24).map { _ in alphabet.randomElement(using: &rng)! })
    }

    /// A SQL string literal: single quotes doubled.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
}
