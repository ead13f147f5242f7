import BoardModel
import GRDB

/// The horizon columns as days pass (ARCHITECTURE.md §15).
extension BoardStore {
    /// Brings every card's kept column (`shown`) to `clock`'s day, once per period for the whole
    /// file: each command and the screen ask on opening and at a new day; only a changed period
    /// writes, and only the cards whose column changed. Cards written later keep theirs through
    /// the schema's triggers. Nothing here is an intent: no change set, nothing synced.
    public func settleHorizons(clock: BoardClock) throws {
        guard !isReadOnly else { return }
        let horizons = horizons(clock)
        guard try read({ db in try Self.settledKey(db) }) != horizons.key else { return }
        try write { db in
            let days = horizons.rule.follows ? horizons.thresholds.map { ", \($0.key) = '\($0.value.iso)'" }.joined() : ""
            try db.execute(sql: "UPDATE horizon_days SET key = ?, follows = ?\(days)", arguments: [horizons.key, horizons.rule.follows])
            try db.execute(sql: "UPDATE tasks SET shown = \(horizons.columnSQL) WHERE shown IS NOT \(horizons.columnSQL)")
        }
    }

    /// The horizons the kept columns were last settled for.
    static func settledKey(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT key FROM horizon_days")
    }

    /// How many cards each column holds as `columns` show them: the kept counts when the columns are kept.
    static func columnCounts(_ columns: HorizonColumns, _ db: Database) throws -> [Bucket: Int] {
        let rows = columns.areKept
            ? try Row.fetchAll(db, sql: "SELECT shown, cards FROM column_counts")
            : try Row.fetchAll(db, sql: "SELECT \(columns.expression), COUNT(*) FROM tasks GROUP BY 1")
        var counts = Dictionary(uniqueKeysWithValues: Bucket.allCases.map { ($0, 0) })
        for row in rows { if let bucket = Bucket(rawValue: row[0]) { counts[bucket] = row[1] } }
        return counts
    }

    /// Where a read in this transaction finds the columns `horizons` show.
    static func columns(_ horizons: Horizons, _ db: Database) throws -> HorizonColumns {
        HorizonColumns(horizons, settledKey: try settledKey(db))
    }

    /// What moved between the last day the screen showed the board and `clock`'s day, and notes
    /// today as seen (this device's own setting, never synced); nil the first time, on the same
    /// horizons, when nothing moved, or with rollover off. Cards are never written: their columns follow from their aims.
    public func rollover(clock: BoardClock) throws -> HorizonRollover? {
        guard horizonRule.follows, !isReadOnly else { return nil }
        let today = horizons(clock)
        // Every screen start asks; only the first of a day writes.
        let seen = try read { db in try LocalDate.fetchOne(db, sql: "SELECT horizons_seen_on FROM settings WHERE id = 1") }
        guard seen != today.today else { return nil }
        return try write { db in
            let seenOn = try LocalDate.fetchOne(db, sql: "SELECT horizons_seen_on FROM settings WHERE id = 1")
            try db.execute(sql: "UPDATE settings SET horizons_seen_on = ? WHERE id = 1", arguments: [today.today])
            guard let seenOn, seenOn < today.today else { return nil }
            let seen = horizonRule.on(seenOn)
            guard seen.columnSQL != today.columnSQL else { return nil }
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(seen.columnSQL) AS was, \(today.columnSQL) AS now, COUNT(*) FROM tasks
                WHERE bucket != 'ROUTINES' AND is_completed = 0 GROUP BY 1, 2 HAVING was != now
                """)
            let moves = rows.compactMap { row -> HorizonRollover.Move? in
                guard let from = Bucket(rawValue: row[0]), let to = Bucket(rawValue: row[1]) else { return nil }
                return HorizonRollover.Move(from: from, to: to, count: row[2])
            }
            return moves.isEmpty ? nil : HorizonRollover(seen: seen, today: today, moves: moves)
        }
    }

}

extension RoutineStore {
    /// The routines that ended and archived themselves since the screen last asked (their
    /// `archived` events, reason `ended`), noting them as said; none the first time.
    public func newlyEnded() throws -> [EndedRoutine] {
        guard !base.isReadOnly else { return [] }
        let last = try read { db in try Int.fetchOne(db, sql: "SELECT MAX(id) FROM events") } ?? 0
        return try write { db in
            let seen = try Int?.fetchOne(db, sql: "SELECT events_seen FROM settings WHERE id = 1") ?? nil
            try db.execute(sql: "UPDATE settings SET events_seen = ? WHERE id = 1", arguments: [last])
            guard let seen, seen < last else { return [] }
            return try Row.fetchAll(db, sql: """
                SELECT t.title, t.end_after_count,
                       (SELECT COUNT(*) FROM tasks WHERE template_id = t.id AND is_completed = 0) AS open
                FROM events e JOIN templates t ON t.id = e.template_id
                WHERE e.id > ? AND e.id <= ? AND e.kind = '\(BoardEvent.Kind.archived.rawValue)'
                  AND json_extract(e.detail, '$.reason') = '\(BoardEvent.ArchiveReason.ended.rawValue)'
                ORDER BY e.id
                """, arguments: [seen, last]).map { EndedRoutine(title: $0[0], times: $0[1], openCards: $0[2]) }
        }
    }
}
