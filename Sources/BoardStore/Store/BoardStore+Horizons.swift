import BoardModel
import GRDB

/// The horizon columns as days pass (ARCHITECTURE.md §15).
extension BoardStore {
    /// What moved between the last day the screen showed the board and `clock`'s day, and notes
    /// today as seen (this device's own setting, never synced); nil the first time, on the same
    /// horizons, or with rollover off. Cards are never written: their columns follow from their aims.
    public func rollover(clock: BoardClock) throws -> HorizonRollover? {
        guard horizonRule.follows, !isReadOnly else { return nil }
        let today = horizons(clock)
        return try write { db in
            let seenOn = try LocalDate.fetchOne(db, sql: "SELECT horizons_seen_on FROM settings WHERE id = 1")
            if seenOn != today.today { try db.execute(sql: "UPDATE settings SET horizons_seen_on = ? WHERE id = 1", arguments: [today.today]) }
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
            return HorizonRollover(seen: seen, today: today, moves: moves)
        }
    }
}
