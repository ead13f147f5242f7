import BoardModel
import Foundation
import GRDB
import Logging
import NIOCore
import PostgresNIO

/// What `board server` does on a PostgreSQL server, as its administrator (ARCHITECTURE.md §13):
/// create or migrate Board's schema, and add the people who sync through it.
public enum BoardServer {
    /// Creates or migrates the schema; returns how many migrations ran (0: already up to date).
    public static func initialize(_ url: ServerURL) async throws -> Int {
        try await withConnection(url) { connection in
            try await connection.query("CREATE SCHEMA IF NOT EXISTS board", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS board.migrations (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())", logger: logger)
            var ran = 0
            for (index, statements) in ServerSchema.migrations.enumerated() {
                let version = index + 1
                // One transaction per migration, holding a lock so two `init`s at once run it once.
                try await connection.query("BEGIN", logger: logger)
                do {
                    try await connection.query("LOCK TABLE board.migrations IN EXCLUSIVE MODE", logger: logger)
                    let done = try await connection.query("SELECT 1 FROM board.migrations WHERE version = \(version)", logger: logger)
                    var applied = false
                    for try await _ in done { applied = true }
                    if !applied {
                        for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                        try await connection.query("INSERT INTO board.migrations (version) VALUES (\(version))", logger: logger)
                        ran += 1
                    }
                    try await connection.query("COMMIT", logger: logger)
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
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
        try await withConnection(url) { connection in
            let exists = try await connection.query("SELECT 1 FROM pg_roles WHERE rolname = \(name)", logger: logger)
            for try await _ in exists { throw BoardError("name", "a role '\(name)' exists already on this server") }
            // Role names and passwords can't be bound parameters: the name is checked above, the password quoted.
            try await connection.query("BEGIN", logger: logger)
            do {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(name) LOGIN PASSWORD \(quoted(password)) IN ROLE board_person"), logger: logger)
                try await connection.query("INSERT INTO board.people (role) VALUES (\(name))", logger: logger)
                // A running `board server run` listens on the new person's channel at once.
                try await connection.query("SELECT pg_notify(\(ServerReplica.peopleChannel), '')", logger: logger)
                try await connection.query("COMMIT", logger: logger)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
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

    static let logger = Logger(label: "board.sync")

    /// One connection for the length of `body`, closed after; a refusal said in words.
    static func withConnection<T: Sendable>(_ url: ServerURL, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await connect(url)
        do {
            let result = try await body(connection)
            try? await Deadline.run(seconds: 10, server: "\(url.host):\(url.port)") { try await connection.close() }
            return result
        } catch {
            try? await Deadline.run(seconds: 10, server: "\(url.host):\(url.port)") { try await connection.close() }
            if error is BoardError || error is SyncError { throw error }
            throw SyncError(error, server: url)
        }
    }

    /// A connection the caller closes; a refusal said in words.
    static func connect(_ url: ServerURL) async throws -> PostgresConnection {
        do {
            return try await connect(url, tls: try tls(url, plainFirst: true))
        } catch let error as PSQLError where url.tlsMode == .allow && error.serverInfo?[.sqlState] == "28000" {
            // `allow`: plain text first, TLS when the server's rules refuse a plain connection.
            do { return try await connect(url, tls: try tls(url, plainFirst: false)) } catch { throw SyncError(error, server: url) }
        } catch {
            throw SyncError(error, server: url)
        }
    }

    private static func connect(_ url: ServerURL, tls: PostgresConnection.Configuration.TLS) async throws -> PostgresConnection {
        let configuration = PostgresConnection.Configuration(host: url.host, port: url.port, username: url.user, password: url.password,
                                                             database: url.database, tls: tls)
        return try await Deadline.run(seconds: 30, server: "\(url.host):\(url.port)") {
            try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        }
    }

    /// The CA file the URL trusts (`sslrootcert`, else `~/.postgresql/root.crt` when it exists, as
    /// libpq); nil or `system`: the system's trusted CAs.
    static func trustRoots(_ url: ServerURL) -> String? {
        if let roots = url.rootCertificate { return roots }
        guard let home = ProcessInfo.processInfo.environment["HOME"], FileManager.default.fileExists(atPath: home + "/.postgresql/root.crt") else { return nil }
        return home + "/.postgresql/root.crt"
    }

    /// The driver's TLS for the URL's `sslmode`, as libpq reads it (`allow`'s second try: `plainFirst` false).
    static func tls(_ url: ServerURL, plainFirst: Bool) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let roots = trustRoots(url), roots != "system" { configuration.trustRoots = .file(roots) }
        switch url.tlsMode {
        case .disable: return .disable
        case .allow:
            if plainFirst { return .disable }
            configuration.certificateVerification = .none
        case .prefer:
            configuration.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: configuration))
        case .require:
            // As libpq: a CA file named makes `require` check the chain.
            configuration.certificateVerification = url.rootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        return .require(try NIOSSLContext(configuration: configuration))
    }

    /// The server's own words for a refusal, without the driver's decoration.
    static func describe(_ error: any Error) -> String {
        guard let psql = error as? PSQLError else { return "\(error)" }
        if let message = psql.serverInfo?[.message] { return message }
        if let why = certificateRefusal(psql) { return "its certificate was refused: " + why }
        if psql.code == .sslUnsupported { return "it does not offer TLS, which this URL's sslmode requires (sslmode=disable or prefer takes plain text)" }
        switch psql.code {
        case .authMechanismRequiresPassword: return "it asks for a password: put it in the URL, PGPASSWORD or ~/.pgpass"
        case .connectionError:
            let underlying = psql.underlying.map { "\($0)" } ?? ""
            for reason in ["Connection refused", "timed out", "No route to host", "Name or service not known"] where underlying.contains(reason) {
                return "can't connect: " + reason.lowercased()
            }
            return "can't connect"
        default: return "\(psql.code)"
        }
    }
}

extension BoardServer {
    /// Why TLS refused the server's certificate, in a line; nil when TLS was not what failed.
    static func certificateRefusal(_ error: PSQLError) -> String? {
        switch error.underlying {
        case let ssl as NIOSSLExtraError where ssl == .failedToValidateHostname:
            return "it does not name this host"
        case let ssl as NIOSSLError:
            let text = "\(ssl)"
            if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
                return "it is not signed by a trusted CA (name the CA file with sslrootcert=FILE)"
            }
            return "TLS failed (\(text.echoed))"
        default:
            return nil
        }
    }
}

/// Why the server could not be used: out of reach (offline is normal: changes wait), or it
/// refused (a password, a permission, another account's board, a certificate), which a person
/// must mend; or this board's own file failed while sync wrote it, which is not the server's doing.
public enum SyncError: Error, CustomStringConvertible, Equatable {
    case offline(String, server: String)
    case refused(String, server: String)
    case local(String)

    /// A driver's error in words, as out of reach or refused.
    init(_ error: any Error, server url: ServerURL) {
        let server = "\(url.host):\(url.port)"
        // Out of reach: no connection, or the server going away (SQLSTATE class 08, or 57: shut down, restarted, terminated).
        let state = (error as? PSQLError)?.serverInfo?[.sqlState] ?? ""
        if let psql = error as? PSQLError, BoardServer.certificateRefusal(psql) != nil {
            self = .refused(BoardServer.describe(error), server: server)
        } else if let psql = error as? PSQLError, state.hasPrefix("08") || state.hasPrefix("57")
            || (psql.serverInfo == nil && [.connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection].contains(psql.code)) {
            self = .offline(BoardServer.describe(error), server: server)
        } else if error is CancellationError {
            self = .offline("stopped", server: server)
        } else if let local = error as? DatabaseError {
            self = .local(local.message ?? "\(local)")
        } else {
            self = .refused(BoardServer.describe(error), server: server)
        }
    }

    /// The reason alone, for the screen's status line.
    public var reason: String {
        switch self {
        case .offline(let why, _), .refused(let why, _), .local(let why): why
        }
    }

    public var description: String {
        switch self {
        case .offline(let why, let server), .refused(let why, let server): "server \(server): \(why)"
        case .local(let why): "this board's file: \(why)"
        }
    }
}
