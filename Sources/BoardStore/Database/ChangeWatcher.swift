import GRDB

import Foundation

/// Notices commits to the board file by any other connection, in this process or another, through
/// `PRAGMA data_version` on a connection of its own; and waits for one without looking on a timer
/// (`BoardFileChanges`).
///
/// A write to the file can be heard before its commit shows: SQLite writes a commit's last frame to
/// the WAL, then publishes it in the shared index, and a look between the two finds nothing while no
/// further write will wake anyone (ARCHITECTURE.md §19). So a look that finds nothing also asks for
/// the write lock, without waiting: had it, every commit so far shows; refused, a writer is at work
/// and `commitInFlight` says to look again shortly.
public final class ChangeWatcher {
    private let connection: DatabaseQueue
    private var seen: Int
    /// Whether a look can take the write lock; not on a file this process may only read.
    private var canProbe = true
    /// What wakes `waitForChange`; nil where inotify is not to be had.
    public let files: BoardFileChanges?
    /// Whether the last look found nothing while another connection held the write lock: a commit
    /// may be written but not yet visible, and the caller should look again within milliseconds.
    public private(set) var commitInFlight = false
    /// How soon to look again while a commit is in flight.
    public static let lookAgain: TimeInterval = 0.01

    public init(path: String) throws {
        connection = try DatabaseQueue(path: path)
        files = BoardFileChanges(path: path)
        seen = 0
        seen = try look().version
    }

    /// Waits until someone commits to the board or `seconds` pass; whether someone did. Sleeps
    /// between writes to the file (each looked at once); without inotify it looks every second.
    public func waitForChange(seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            if try hasChanged() { return true }
            let left = deadline.timeIntervalSinceNow
            if commitInFlight {
                Thread.sleep(forTimeInterval: min(Self.lookAgain, max(0, left)))
            } else if let files {
                _ = files.wait(seconds: left)
            } else {
                Thread.sleep(forTimeInterval: min(1, max(0, left)))
            }
        }
        return try hasChanged()
    }

    /// Whether anyone committed since the last call or `catchUp()`.
    public func hasChanged() throws -> Bool {
        let now = try look()
        defer { seen = now.version }
        commitInFlight = now.version == seen && now.writerAtWork
        return now.version != seen
    }

    /// Forgets the commits so far, e.g. the caller's own.
    public func catchUp() throws {
        seen = try look().version
        commitInFlight = false
    }

    /// Reads the board as of now: marks what has been seen *first*, then loads, so a commit
    /// landing while `load` runs is reported by the next `hasChanged()` instead of lost.
    public func reading<T>(_ load: () throws -> T) throws -> T {
        try catchUp()
        return try load()
    }

    /// The file's version, read holding the write lock when it can be had at once (so every
    /// finished commit shows), and whether another connection held it instead.
    private func look() throws -> (version: Int, writerAtWork: Bool) {
        try connection.inDatabase { db in
            if canProbe {
                do {
                    try db.beginTransaction(.immediate)
                    defer { try? db.rollback() }
                    return (try Self.version(db), false)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    return (try Self.version(db), true)
                } catch is DatabaseError {
                    // A file this process may only read: its looks can't tell a commit in flight.
                    canProbe = false
                }
            }
            return (try Self.version(db), false)
        }
    }

    private static func version(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
}
