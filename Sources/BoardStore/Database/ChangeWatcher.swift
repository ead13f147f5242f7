import GRDB

import Foundation

/// Notices commits to the board file by any other connection, in this process or another, through
/// `PRAGMA data_version` on a read-only connection of its own; and waits for one without looking
/// on a timer (`BoardFileChanges`).
public final class ChangeWatcher {
    private let connection: DatabaseQueue
    private var seen: Int
    /// What wakes `waitForChange`; nil where inotify is not to be had.
    public let files: BoardFileChanges?

    public init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        connection = try DatabaseQueue(path: path, configuration: configuration)
        files = BoardFileChanges(path: path)
        seen = 0
        seen = try version()
    }

    /// Waits until someone commits to the board or `seconds` pass; whether someone did. Sleeps
    /// between writes to the file (each looked at once); without inotify it looks every second.
    public func waitForChange(seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            if try hasChanged() { return true }
            let left = deadline.timeIntervalSinceNow
            if let files { _ = files.wait(seconds: left) } else { Thread.sleep(forTimeInterval: min(1, max(0, left))) }
        }
        return try hasChanged()
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
