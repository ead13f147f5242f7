import GRDB
import PostgresNIO

/// Why the server could not be used: out of reach (offline is normal: changes wait), or it
/// refused (a password, a permission, another account's board, a certificate), which a person
/// must mend; or this board's own file failed while sync wrote it, which is not the server's doing.
public enum SyncError: Error, CustomStringConvertible, Equatable {
    case offline(String, server: String)
    case refused(String, server: String)
    case local(String)

    /// A driver's error in words, as out of reach or refused.
    public init(_ error: any Error, server url: ServerURL) {
        let server = "\(url.host):\(url.port)"
        // Out of reach: no connection, or the server going away (SQLSTATE class 08, or 57: shut down, restarted, terminated).
        let state = (error as? PSQLError)?.serverInfo?[.sqlState] ?? ""
        if let psql = error as? PSQLError, ServerConnection.certificateRefusal(psql) != nil {
            self = .refused(ServerConnection.describe(error), server: server)
        } else if let psql = error as? PSQLError, state.hasPrefix("08") || state.hasPrefix("57")
            || (psql.serverInfo == nil && [.connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection].contains(psql.code)) {
            self = .offline(ServerConnection.describe(error), server: server)
        } else if error is CancellationError {
            self = .offline("stopped", server: server)
        } else if let local = error as? DatabaseError {
            self = .local(local.message ?? "\(local)")
        } else {
            self = .refused(ServerConnection.describe(error), server: server)
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
