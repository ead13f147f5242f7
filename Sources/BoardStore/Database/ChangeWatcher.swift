import GRDB

/// Notices commits to the board file by any other connection, in this process or another, through
/// `PRAGMA data_version` on a read-only connection of its own.
public final class ChangeWatcher {
    private let connection: DatabaseQueue
    private var seen: Int

    public init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        connection = try DatabaseQueue(path: path, configuration: configuration)
        seen = 0
        seen = try version()
    }

    /// Whether anyone committed since the last call or `catchUp()`.
    public func hasChanged() throws -> Bool {
        let now = try version()
        defer { seen = now }
        return now != seen
    }

    /// Forgets the commits so far, e.g. the caller's own.
    public func catchUp() throws { seen = try version() }

    /// Reads the board as of now: marks what has been seen *first*, then loads, so a commit
    /// landing while `load` runs is reported by the next `hasChanged()` instead of lost.
    public func reading<T>(_ load: () throws -> T) throws -> T {
        try catchUp()
        return try load()
    }

    private func version() throws -> Int {
        try connection.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
