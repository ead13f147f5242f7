import BoardModel
import Foundation

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]` URL, read
/// the way psql reads one (ARCHITECTURE.md §13); a missing password comes from `PGPASSWORD`.
public struct ServerURL: Hashable, Sendable {
    /// How the connection is encrypted, as libpq's `sslmode` says it.
    public enum TLSMode: String, CaseIterable, Sendable {
        /// Plain text; `allow` tries plain text first and TLS only if the server asks for it;
        /// `prefer` tries TLS first; none of the three checks a certificate.
        case disable, allow, prefer
        /// TLS always; `require` checks no certificate (unless `sslrootcert` names a CA, as libpq),
        /// `verify-ca` checks it was signed by a trusted CA, `verify-full` also that it names the host.
        case require, verifyCA = "verify-ca", verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tlsMode: TLSMode
    /// The CA file certificates are checked against (`sslrootcert`); nil: `~/.postgresql/root.crt`
    /// when it exists, as libpq, else the system's trusted CAs.
    public var rootCertificate: String?
    /// Whether the URL said `sslmode` (otherwise it is the default, and messages leave it out).
    private var modeGiven: Bool

    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(BoardError) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              let host = components.host, !host.isEmpty else {
            throw BoardError("server", "must be a URL like postgres://USER@HOST:5432/DATABASE, got '\(text)'")
        }
        guard let user = components.user, !user.isEmpty else { throw BoardError("server", "names no user (postgres://USER@HOST/DATABASE)") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw BoardError("server", "names no database (postgres://USER@HOST/DATABASE)") }
        self.user = user.removingPercentEncoding ?? user
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 } ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }

        let query = components.queryItems ?? []
        if let unknown = query.first(where: { !["sslmode", "sslrootcert"].contains($0.name) }) {
            throw BoardError("server", "takes sslmode and sslrootcert in its query, got '\(unknown.name.echoed)'")
        }
        let sslmode = query.first { $0.name == "sslmode" }?.value
        modeGiven = sslmode != nil
        if let sslmode {
            guard let mode = TLSMode(rawValue: sslmode) else {
                throw BoardError("server", "sslmode must be \(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(sslmode.echoed)'")
            }
            tlsMode = mode
        } else {
            // Over a network a board travels encrypted to a server that proves who it is, unless the URL says otherwise.
            tlsMode = Self.isLoopback(host) ? .prefer : .verifyFull
        }
        rootCertificate = query.first { $0.name == "sslrootcert" }?.value.flatMap { $0.isEmpty ? nil : $0 }
        if let file = rootCertificate, file != "system", !FileManager.default.fileExists(atPath: file) {
            throw BoardError("server", "sslrootcert names '\(file.echoed)', which does not exist")
        }
        if password == nil {
            // As psql: a password file others may read is not used.
            let file = environment["PGPASSFILE"] ?? (environment["HOME"].map { $0 + "/.pgpass" } ?? "")
            let mode = (try? FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) ?? 0o077
            if mode & 0o077 == 0 { password = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { passwordFile($0) } }
        }
    }

    /// The password of the first `host:port:database:user:password` line of a pgpass file that
    /// matches (`*` matches anything; `\:` and `\\` are a colon and a backslash), as psql reads it.
    func passwordFile(_ text: String) -> String? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            var fields: [String] = [], current = "", escaped = false
            for c in line {
                if escaped { current.append(c); escaped = false } else if c == "\\" { escaped = true }
                else if c == ":" && fields.count < 4 { fields.append(current); current = "" } else { current.append(c) }
            }
            fields.append(current)
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// `localhost`, 127.0.0.0/8 or ::1: this machine, where no one else is on the wire.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// `?sslmode=…&sslrootcert=…` as the URL gave them.
    private var query: String {
        var items: [String] = []
        if modeGiven { items.append("sslmode=" + tlsMode.rawValue) }
        if let rootCertificate { items.append("sslrootcert=" + (rootCertificate.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? rootCertificate)) }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    /// The server as it is named in messages and `board sync status`: no password.
    public var display: String { "postgres://\(user)@\(host):\(port)/\(database)" + query }

    /// The URL for another person on the same server and database.
    public func forUser(_ name: String, password: String) -> String {
        func escaped(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
        return "postgres://\(escaped(name)):\(escaped(password))@\(host):\(port)/\(escaped(database))" + query
    }
}
