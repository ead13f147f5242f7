import BoardModel
import Foundation
import GRDB
import GRDBSQLite

/// The active routines the agenda plans runs for, as a connection last read them, kept while the
/// file is as it was then (ARCHITECTURE.md §15). The Calendar reads the planned runs at every key,
/// and reading and decoding 1,000 routines was most of a day's read.
final class PlannedRoutines: @unchecked Sendable {
    /// One active routine with its active series, ready to plan.
    struct Routine {
        let templateId: String, title: String
        /// The series' rowid: the made occurrences are looked up by it, a number, not its id.
        let seriesRowId: Int64
        let schedule: Schedule
        let skipped: SkippedRuns
    }

    /// What a connection's reads depend on: its own writes move `totalChanges`, another
    /// connection's commit moves `dataVersion` (read at the start of each read transaction, so it
    /// names the snapshot the routines were read in). Held weakly: a connection closed and another
    /// opened at its address is not taken for it.
    private struct Entry {
        weak var connection: Database?
        let dataVersion: Int, totalChanges: Int
        let routines: [Routine]
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    /// One entry a connection: a pool has a handful of readers.
    private let limit = 8

    /// The routines as `db` sees them now: kept ones if nothing was written since they were read
    /// on this connection, else `read`'s.
    func routines(_ db: Database, read: () throws -> [Routine]) throws -> [Routine] {
        let dataVersion = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
        let totalChanges = Int(sqlite3_total_changes(db.sqliteConnection))
        let kept = lock.withLock {
            entries.first { $0.connection === db && $0.dataVersion == dataVersion && $0.totalChanges == totalChanges }?.routines
        }
        if let kept { return kept }
        let routines = try read()
        lock.withLock {
            entries.removeAll { $0.connection == nil || $0.connection === db }
            if entries.count >= limit { entries.removeFirst() }
            entries.append(Entry(connection: db, dataVersion: dataVersion, totalChanges: totalChanges, routines: routines))
        }
        return routines
    }
}
