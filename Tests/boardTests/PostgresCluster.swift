import Foundation
import Glibc

/// A throwaway PostgreSQL server for one test: `initdb` into a temporary folder as the `postgres`
/// user, started on a free loopback port, stopped and removed by `stop()`. Never a system service.
/// The administrator `postgres` logs in without a password; everyone else with theirs.
final class PostgresCluster {
    let folder: String
    let port: Int
    var adminURL: String { "postgres://postgres@127.0.0.1:\(port)/board" }

    /// The folder of PostgreSQL's programs (Debian keeps them out of the PATH).
    static let bin: String = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
        return versions.first.map { "\(root)/\($0)/bin" } ?? "/usr/bin"
    }()

    /// With `tls`, the server speaks TLS only, with a certificate for `localhost` signed by a CA
    /// made for this cluster (`caFile`), and logs each connection (whether it was encrypted).
    init(tls: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = Self.freePort()
        try Self.run(["chown", "postgres", folder])
        try Self.run(["/usr/sbin/runuser", "-u", "postgres", "--", "\(Self.bin)/initdb", "-D", "\(folder)/data", "-A", "trust", "-U", "postgres", "--no-sync"])
        let people = tls ? "hostssl all all 127.0.0.1/32 scram-sha-256\n" : "host all all 127.0.0.1/32 scram-sha-256\n"
        try ("local all all trust\nhost all postgres 127.0.0.1/32 trust\n" + people)
            .write(toFile: "\(folder)/data/pg_hba.conf", atomically: true, encoding: .utf8)
        if tls {
            try Self.makeCertificates(in: folder, name: "ca")
            try Self.makeCertificates(in: folder, name: "other-ca")
            try Self.run(["chown", "postgres", "\(folder)/server.key", "\(folder)/server.crt"])
            try "ssl = on\nssl_cert_file = '\(folder)/server.crt'\nssl_key_file = '\(folder)/server.key'\nlog_connections = on\n"
                .write(toFile: "\(folder)/data/conf.d.tls", atomically: true, encoding: .utf8)
            let conf = try String(contentsOfFile: "\(folder)/data/postgresql.conf", encoding: .utf8)
            try (conf + "\ninclude = '\(folder)/data/conf.d.tls'\n").write(toFile: "\(folder)/data/postgresql.conf", atomically: true, encoding: .utf8)
        }
        // The server outlives pg_ctl: it must not hold a pipe this process reads to its end.
        try control("start")
        try Self.run(["psql", "postgres://postgres@127.0.0.1:\(port)/postgres", "-q", "-c", "CREATE DATABASE board"])
    }

    /// The CA that signed the server's certificate; `otherCAFile` signed nothing of this server's.
    var caFile: String { "\(folder)/ca.crt" }
    var otherCAFile: String { "\(folder)/other-ca.crt" }
    /// What the server logged (with `tls`, a line per connection saying whether it was encrypted).
    var log: String { (try? String(contentsOfFile: "\(folder)/log", encoding: .utf8)) ?? "" }

    /// From now on the server logs every statement it runs.
    func logEveryStatement() throws {
        for sql in ["ALTER SYSTEM SET log_statement = 'all'", "SELECT pg_reload_conf()"] { try Self.run(["psql", adminURL, "-c", sql]) }
    }

    /// The statements the server ran and logged (`logEveryStatement`) that contain `text`.
    func statementsRun(containing text: String) -> [String] {
        log.components(separatedBy: "LOG:  ").filter { $0.hasPrefix("execute") && $0.contains(text) }
    }

    /// A throwaway CA `NAME.crt`; for "ca", also the server's key and certificate for `localhost`, signed by it.
    static func makeCertificates(in folder: String, name: String) throws {
        try run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Board test \(name)",
                 "-keyout", "\(folder)/\(name).key", "-out", "\(folder)/\(name).crt"])
        guard name == "ca" else { return }
        try run(["openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "\(folder)/server.key", "-out", "\(folder)/server.csr"])
        try "subjectAltName = DNS:localhost\n".write(toFile: "\(folder)/san.ext", atomically: true, encoding: .utf8)
        try run(["openssl", "x509", "-req", "-in", "\(folder)/server.csr", "-CA", "\(folder)/ca.crt", "-CAkey", "\(folder)/ca.key",
                 "-CAcreateserial", "-days", "2", "-extfile", "\(folder)/san.ext", "-out", "\(folder)/server.crt"])
        try run(["chmod", "600", "\(folder)/server.key"])
    }

    /// `pg_ctl start` or `restart` (every session ended, as when a server restarts).
    func control(_ action: String) throws {
        try Self.detached(["/usr/sbin/runuser", "-u", "postgres", "--", "\(Self.bin)/pg_ctl", "-D", "\(folder)/data", "-w", "-l", "\(folder)/log",
                           "-m", "fast", "-o", "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off", action])
    }

    func stop() {
        _ = try? Self.detached(["/usr/sbin/runuser", "-u", "postgres", "--", "\(Self.bin)/pg_ctl", "-D", "\(folder)/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `psql URL -c SQL`: its output, or its error when it fails.
    func psql(_ url: String, _ sql: String) throws -> BoardBinary.Result {
        try BoardBinary.runTool(["psql", url, "-tA", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> BoardBinary.Result {
        let r = try BoardBinary.runTool(arguments)
        guard r.status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments): \(r.stderr)"]) }
        return r
    }

    /// A server's start or stop: `runDetached`, so the server holds no pipe of this process and
    /// none of its blocked signals.
    static func detached(_ arguments: [String]) throws {
        guard try runDetached(arguments) == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments) failed"]) }
    }

    /// A loopback port nothing listens on: the kernel picks one for a socket bound to port 0.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
