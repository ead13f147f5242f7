import BoardModel
import Foundation
import GRDB
import GRDBSQLite

/// The active routines the agenda plans runs for, as a connection last read them, and how many
/// runs they plan on each day of the months counted since, kept while the file is as it was then
/// (ARCHITECTURE.md §15). The Calendar reads the planned runs at every key: reading and decoding
/// 1,000 routines was most of a day's read, and planning a month's runs most of a month's.
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
        /// How many runs the routines plan on each day of the ranges counted since.
        var counts: [CountedRange: [Int]] = [:]

        func isCurrent(on db: Database, _ stamp: (dataVersion: Int, totalChanges: Int)) -> Bool {
            connection === db && dataVersion == stamp.dataVersion && totalChanges == stamp.totalChanges
        }
    }

    /// A range of days counted, and the day it was counted on: runs are planned from today.
    struct CountedRange: Hashable {
        let first: LocalDate, last: LocalDate, today: LocalDate
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    /// One entry a connection: a pool has a handful of readers.
    private let limit = 8
    /// The ranges an entry keeps counts of: a year of months paged through.
    private let countsLimit = 12

    private func stamp(_ db: Database) throws -> (dataVersion: Int, totalChanges: Int) {
        (try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0, Int(sqlite3_total_changes(db.sqliteConnection)))
    }

    /// The routines as `db` sees them now: kept ones if nothing was written since they were read
    /// on this connection, else `read`'s.
    func routines(_ db: Database, read: () throws -> [Routine]) throws -> [Routine] {
        let stamp = try stamp(db)
        if let kept = lock.withLock({ entries.first { $0.isCurrent(on: db, stamp) }?.routines }) { return kept }
        let routines = try read()
        lock.withLock {
            entries.removeAll { $0.connection == nil || $0.connection === db }
            if entries.count >= limit { entries.removeFirst() }
            entries.append(Entry(connection: db, dataVersion: stamp.dataVersion, totalChanges: stamp.totalChanges, routines: routines))
        }
        return routines
    }

    /// The planned runs' counts by day of `range`, as `db` sees them now: kept ones if nothing was
    /// written since they were counted on this connection, else `count`'s (which reads the routines
    /// through `routines`, so they are kept beside them).
    func counts(_ db: Database, _ range: CountedRange, count: () throws -> [Int]) throws -> [Int] {
        let stamp = try stamp(db)
        if let kept = lock.withLock({ entries.first { $0.isCurrent(on: db, stamp) }?.counts[range] }) { return kept }
        let counts = try count()
        lock.withLock {
            guard let i = entries.firstIndex(where: { $0.isCurrent(on: db, stamp) }) else { return }
            if entries[i].counts.count >= countsLimit { entries[i].counts.removeAll() }
            entries[i].counts[range] = counts
        }
        return counts
    }
}
