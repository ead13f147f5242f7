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

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        port = Self.freePort()
        try Self.run(["chown", "postgres", folder])
        try Self.run(["/usr/sbin/runuser", "-u", "postgres", "--", "\(Self.bin)/initdb", "-D", "\(folder)/data", "-A", "trust", "-U", "postgres", "--no-sync"])
        try "local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n"
            .write(toFile: "\(folder)/data/pg_hba.conf", atomically: true, encoding: .utf8)
        // The server outlives pg_ctl: it must not hold a pipe this process reads to its end.
        try control("start")
        try Self.run(["psql", "postgres://postgres@127.0.0.1:\(port)/postgres", "-q", "-c", "CREATE DATABASE board"])
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
