import BoardModel
import Foundation
import GRDB

/// What reads the board (ARCHITECTURE.md §7): through the store, each read a transaction of its
/// own (`store.reader`), or through one read transaction (`store.reading { reader in … }`), whose
/// reads all come from one commit — the screen's snapshot, where counts, card windows, templates
/// and habits must agree. No SQL reaches past it: its one `read` is the store's own.
public struct BoardReader {
    /// The store read, with its caches of what was read before.
    let store: BoardStore
    /// The read transaction every read goes through; nil: each read is a transaction of its own.
    let transaction: Database?

    /// Runs `body` in a read transaction: a new one, or the one this reads through.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let transaction { return try body(transaction) }
        return try store.read(body)
    }
}

extension BoardStore {
    /// The board's reads, each in a transaction of its own.
    public var reader: BoardReader { BoardReader(store: self, transaction: nil) }

    /// Runs `body` in one read transaction and gives it a reader of that transaction.
    public func reading<T>(_ body: (BoardReader) throws -> T) throws -> T {
        try read { db in try body(BoardReader(store: self, transaction: db)) }
    }
}

/// The reads the screen's snapshot makes, through the store or one transaction.
extension BoardReader {
    /// Templates in creation order, archived ones last (or left out); the first `limit` when given.
    public func templates(clock: BoardClock, limit: Int? = nil, includingArchived: Bool = true) throws -> [TemplateOverview] {
        try read { db in
            let question = RoutinesColumnCache.Question(now: clock.local, zone: clock.zone.identifier, limit: limit, includingArchived: includingArchived)
            return try store.routinesColumn.overviews(db, question) {
                var request = TemplateRecord.order(TemplateRecord.Columns.status == TemplateStatus.archived, TemplateRecord.Columns.createdAt, Column.rowID)
                if !includingArchived { request = request.filter(TemplateRecord.Columns.status != TemplateStatus.archived) }
                if let limit { request = request.limit(limit) }
                return try BoardStore.overviews(of: try request.fetchAll(db), clock: clock, db)
            }
        }
    }

    /// Every template's title by id: what the "From Template" chips need.
    public func templateTitles() throws -> [String: String] {
        try read { db in
            try store.routinesColumn.titles(db) {
                Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, title FROM templates").map { ($0[0], $0[1]) })
            }
        }
    }

    /// Reminders whose instant came within `window` before now, claimed or not: what the board
    /// shows in its status line while it is open (delivering them is `board remind`'s job).
    public func dueReminders(clock: BoardClock, within window: TimeInterval) throws -> [Reminder] {
        try read { db in
            // Only reminders whose wall time is near now can be due: SQL picks those, and the exact
            // instant decides among them. Without a clock change near now, wall time and instant
            // move together and a minute of slack is enough; across one, three hours.
            let transition = clock.zone.nextDaylightSavingTimeTransition(after: clock.instant.addingTimeInterval(-(window + 3 * 3600)))
            let nearChange = transition.map { $0 < clock.instant.addingTimeInterval(3 * 3600) } ?? false
            let slack = nearChange ? 3 * 3600.0 : 60
            let from = BoardStore.wallTime(clock, plus: -(window + slack)), to = BoardStore.wallTime(clock, plus: slack)
            return try BoardStore.openReminders(clock: clock, near: (from, to), db)
                .filter { if case .deliver = $0.decision(at: clock.instant, grace: window) { true } else { false } }
        }
    }

    /// The ids of the habits whose period holding `day` (its day, week or month) has met its target.
    public func habitsMet(on day: LocalDate, weekStart: Weekday) throws -> Set<String> {
        try read { db in
            // A month is the longest period: its first day is at most 30 days back.
            let counts = try BoardStore.entryCounts(from: day.adding(days: -31), db)
            return Set(try HabitRecord.fetchAll(db).filter { habit in
                HabitProgress(counts: counts[habit.id] ?? [:], target: habit.target, weekStart: weekStart).isMet(inPeriodOf: day)
            }.map(\.id))
        }
    }

    /// The habits not archived, in creation order, without their entries.
    public func habitRecords() throws -> [HabitRecord] {
        try read { db in try HabitRecord.filter(HabitRecord.Columns.archived == false).order(HabitRecord.Columns.createdAt, Column.rowID).fetchAll(db) }
    }

    /// How many cards each column has as `horizons` show them (else as stored).
    public func cardCounts(_ horizons: Horizons = .stored) throws -> [Bucket: Int] {
        try read { db in try BoardStore.columnCounts(try BoardStore.columns(horizons, db), db) }
    }

    /// The cards of a column as `horizons` show it (else as stored), in the board's order, `limit` of them from
    /// `offset`, without decoding whole records: Routines by day, the other columns by position. Given
    /// the column's `count`, a window past its middle is read from its end.
    public func cardSummaries(in bucket: Bucket, _ horizons: Horizons = .stored, offset: Int = 0,
                              limit: Int = Int.max, of count: Int? = nil) throws -> [CardSummary] {
        let slice = ColumnSlice(offset: offset, limit: limit, of: count)
        guard slice.take > 0 else { return [] }
        return try read { db in
            let columns = try BoardStore.columns(horizons, db)
            func window() throws -> [CardSummary] {
                let order = slice.order(bucket == .routines ? BoardStore.upcomingOrder : BoardStore.positionOrder)
                return slice.inOrder(try BoardStore.cardSummaries(in: bucket, """
                    WHERE \(columns.rows(in: bucket)) ORDER BY \(order) LIMIT ? OFFSET ?
                    """, arguments: slice.limitAndOffset, db))
            }
            // Only the kept columns are versioned; the Routines column's rows are its kept one's too.
            guard columns.areKept else { return try window() }
            return try store.columnWindows.window(bucket, .init(offset: offset, limit: limit, count: count), db, read: window)
        }
    }

    /// The column a card shows in as `horizons` show it, and its row there in the board's order
    /// (unfiltered): where the screen puts the focus to show it. Nil when there is no such card.
    public func place(ofCard id: String, _ horizons: Horizons = .stored) throws -> (bucket: Bucket, row: Int)? {
        try read { db in
            let columns = try BoardStore.columns(horizons, db)
            guard let shown = try String.fetchOne(db, sql: "SELECT \(columns.expression) FROM tasks WHERE id = ?", arguments: [id]),
                  let bucket = Bucket(rawValue: shown) else { return nil }
            // The column's order as one row value (an untimed card's '' sorts first, as in `upcomingOrder`).
            let key = bucket == .routines
                ? "COALESCE(occurrence_date, due_date, '9999-12-31'), COALESCE(due_time, ''), position, created_at, id"
                : BoardStore.orderBy(BoardStore.positionOrder)
            func cards(_ side: String, limit: Int = -1) throws -> Int {
                try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM (SELECT 1 FROM tasks WHERE \(columns.rows(in: bucket)) AND (\(key)) \(side) (SELECT \(key) FROM tasks WHERE id = ?) LIMIT ?)
                    """, arguments: [id, limit]) ?? 0
            }
            // Counted from the nearer end, as far as the column's middle: a card moved to the end of
            // 20,000 steps over none of them.
            let count = try BoardStore.columnCounts(columns, db)[bucket] ?? 0
            let after = try cards(">", limit: count / 2)
            return (bucket, after < count / 2 ? count - 1 - after : try cards("<"))
        }
    }

    /// How many Routines cards are dated before `day`: where Upcoming's today starts.
    public func routinesCount(before day: LocalDate) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM tasks WHERE bucket = ? AND COALESCE(occurrence_date, due_date, '9999-12-31') < ?
                """, arguments: [Bucket.routines, day]) ?? 0
        }
    }
}
