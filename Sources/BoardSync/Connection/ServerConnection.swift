import BoardModel
import Foundation
import GRDB
import Logging
import NIOCore
import PostgresNIO

/// One way to reach a PostgreSQL server (ARCHITECTURE.md §13), for a device and for the server
/// alike: a connection by the URL's rules (its `sslmode` read as libpq reads it), and a refusal
/// said in words.
public enum ServerConnection {
    public static let logger = Logger(label: "board.sync")

    /// One connection for the length of `body`, closed after; a refusal said in words.
    public static func withConnection<T: Sendable>(_ url: ServerURL, _ body: (PostgresConnection) async throws -> T) async throws -> T {
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

    /// `body` as one transaction, through postgres-nio's `withTransaction`: committed when it
    /// returns, rolled back when it throws. What is thrown is the failing statement's own error
    /// (the driver's wrapper taken off), so a refusal is still told from a lost connection.
    public static func transaction<T>(_ connection: PostgresConnection, _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        do {
            return try await connection.withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.commitError ?? error.beginError ?? error
        }
    }

    /// A connection the caller closes; a refusal said in words.
    public static func connect(_ url: ServerURL) async throws -> PostgresConnection {
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
    public static func trustRoots(_ url: ServerURL) -> String? {
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
    public static func describe(_ error: any Error) -> String {
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

extension ServerConnection {
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
