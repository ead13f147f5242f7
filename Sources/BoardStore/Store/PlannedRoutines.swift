import BoardModel
import Foundation
import GRDB

/// The active routines the agenda plans runs for, as last read, and how many runs they plan on
/// each day of the months counted since, kept while the file's routines version stands
/// (ARCHITECTURE.md §7, §15): every change to a template, rule, series or occurrence moves it,
/// and a plain card's write does not. The Calendar reads the planned runs at every key: reading
/// and decoding 1,000 routines was most of a day's read, and planning a month's runs most of a
/// month's. Only reads fill it, so nothing rolled back is kept.
final class PlannedRoutines: @unchecked Sendable {
    /// One active routine with its active series, ready to plan.
    struct Routine {
        let templateId: String, title: String
        /// The series' rowid: the made occurrences are looked up by it, a number, not its id.
        let seriesRowId: Int64
        let schedule: Schedule
        /// The same number for routines of the same schedule, counted from 0: its runs are planned once for all of them.
        let scheduleGroup: Int
        let skipped: SkippedRuns
    }

    /// A range of days counted, and the day it was counted on: runs are planned from today.
    struct CountedRange: Hashable {
        let first: LocalDate, last: LocalDate, today: LocalDate
    }

    private struct Kept {
        let version: Int
        let routines: [Routine]
        /// How many runs the routines plan on each day of the ranges counted since.
        var counts: [CountedRange: [Int]] = [:]
        /// The runs they plan on each day listed since (a range of one day).
        var days: [CountedRange: [BoardStore.PlannedRun]] = [:]
    }

    private let lock = NSLock()
    private var kept: Kept?
    /// The ranges kept counts of: a year of months paged through.
    private let countsLimit = 12
    /// The days kept runs of: two months of days stepped through.
    private let daysLimit = 62

    /// The routines as `db` sees them now: kept ones if the version is the one they were read at, else `read`'s.
    func routines(_ db: Database, read: () throws -> [Routine]) throws -> [Routine] {
        guard let version = try Schema.routinesVersion(db) else { return try read() }
        if let kept = lock.withLock({ kept }), kept.version == version { return kept.routines }
        let routines = try read()
        lock.withLock { kept = Kept(version: version, routines: routines) }
        return routines
    }

    /// The planned runs' counts by day of `range`, as `db` sees them now: kept ones if the version is
    /// the one they were counted at, else `count`'s (which reads the routines through `routines`, so
    /// they are kept beside them).
    func counts(_ db: Database, _ range: CountedRange, count: () throws -> [Int]) throws -> [Int] {
        try kept(\.counts, range, limit: countsLimit, db, make: count)
    }

    /// The runs planned on one day (`day`, a range of one), as `db` sees them now: kept ones if the
    /// version is the one they were planned at, else `plan`'s.
    func runs(_ db: Database, _ day: CountedRange, plan: () throws -> [BoardStore.PlannedRun]) throws -> [BoardStore.PlannedRun] {
        try kept(\.days, day, limit: daysLimit, db, make: plan)
    }

    /// What `part` keeps for `range` if the version is the one it was made at, else `make`'s, kept
    /// beside the routines (at most `limit` ranges of it: past that it starts again).
    private func kept<Value>(_ part: WritableKeyPath<Kept, [CountedRange: Value]>, _ range: CountedRange, limit: Int, _ db: Database,
                             make: () throws -> Value) throws -> Value {
        guard let version = try Schema.routinesVersion(db) else { return try make() }
        if let value = lock.withLock({ kept?.version == version ? kept?[keyPath: part][range] : nil }) { return value }
        let value = try make()
        lock.withLock {
            guard kept?.version == version else { return }
            if kept?[keyPath: part].count ?? 0 >= limit { kept?[keyPath: part].removeAll() }
            kept?[keyPath: part][range] = value
        }
        return value
    }
}
