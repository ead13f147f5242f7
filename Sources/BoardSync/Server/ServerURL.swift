import BoardModel
import Foundation

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=require]` URL, read the way psql
/// reads one (ARCHITECTURE.md §13); a missing password comes from `PGPASSWORD`.
public struct ServerURL: Hashable, Sendable {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var requireTLS: Bool

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

        let sslmode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        guard ["disable", "prefer", "require", "allow"].contains(sslmode) else {
            throw BoardError("server", "sslmode must be disable or require, got '\(sslmode)'")
        }
        requireTLS = sslmode == "require"
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

    /// The server as it is named in messages and `board sync status`: no password.
    public var display: String { "postgres://\(user)@\(host):\(port)/\(database)" + (requireTLS ? "?sslmode=require" : "") }

    /// The URL for another person on the same server and database.
    public func forUser(_ name: String, password: String) -> String {
        func escaped(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text }
        return "postgres://\(escaped(name)):\(escaped(password))@\(host):\(port)/\(escaped(database))" + (requireTLS ? "?sslmode=require" : "")
    }
}
