import BoardModel
import Foundation
import GRDB

/// Generation (ARCHITECTURE.md §4): every active series gets its missing occurrences in
/// [today, today + 7), one for each run. Idempotent; the unique (series, date, time) index
/// keeps two processes running it at once from creating a duplicate.
extension BoardStore {
    /// An active series not filled through the window, or checklist ticks old enough to go.
    static func hasWork(today: LocalDate, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM series WHERE \(unfilledSeries)) OR EXISTS (SELECT 1 FROM routine_ticks WHERE day < ?)",
                          arguments: [TemplateStatus.active.rawValue, Generation.window(today: today).upperBound, oldestTickKept(today: today)]) ?? true
    }

    /// The series a full pass fills: active, and not yet generated through the window's end.
    private static let unfilledSeries = "status = ? AND (generated_through IS NULL OR generated_through < ?)"

    /// Generation for one template (nil: all), inside the caller's transaction.
    @discardableResult
    func generate(templateId: String?, clock: BoardClock, _ db: Database) throws -> Int {
        try writing(as: .generation, db) { try generateOccurrences(templateId: templateId, clock: clock, db) }
    }

    private func generateOccurrences(templateId: String?, clock: BoardClock, _ db: Database) throws -> Int {
        let window = Generation.window(today: clock.today)
        // A full pass skips series already filled through the window; one template is always redone.
        // In SQL: every command that reads the board runs this first, and a request's first use
        // (the schema looked up for it) was a tenth of listing a small board.
        let pending = try SeriesRecord.fetchAll(db, sql: templateId == nil
            ? "SELECT * FROM series WHERE \(Self.unfilledSeries)"
            : "SELECT * FROM series WHERE status = ? AND template_id = ?",
            arguments: [TemplateStatus.active.rawValue, templateId ?? window.upperBound.iso])
        guard !pending.isEmpty else { return 0 }
        let ids = pending.map(\.templateId)
        let active = try TemplateRecord.filter(ids.contains(TemplateRecord.Columns.id) && TemplateRecord.Columns.status == TemplateStatus.active).fetchAll(db)
        guard !active.isEmpty else { return 0 }
        let rules = Dictionary(uniqueKeysWithValues: try RecurrenceRuleRecord.filter(ids.contains(RecurrenceRuleRecord.Columns.templateId)).fetchAll(db).map { ($0.templateId, $0) })
        let series = Dictionary(uniqueKeysWithValues: pending.map { ($0.templateId, $0) })
        var existing: [String: Set<OccurrenceKey>] = [:]
        let oneSeries = templateId.flatMap { series[$0]?.id }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT series_id, occurrence_date, occurrence_time FROM tasks
            WHERE \(oneSeries == nil ? "series_id IS NOT NULL" : "series_id = ?") AND occurrence_date BETWEEN ? AND ?
            """, arguments: StatementArguments((oneSeries.map { [$0] } ?? []) + [window.lowerBound, window.upperBound]))
        while let row = try rows.next() {
            existing[row[0], default: []].insert(OccurrenceKey(date: row[1], time: row[2]))
        }
        var inserter = try OccurrenceInserter(db, clock: clock, syncing: syncCapture.joined)
        var created = 0
        for template in active {
            guard let ruleRecord = rules[template.id], var seriesRecord = series[template.id], seriesRecord.status == .active else { continue }
            let schedule = try Schedule(rule: try ruleRecord.rule(), start: ruleRecord.startsOn, times: template.times)
            var runs: [OccurrenceKey]
            if schedule.rule.anchor == .completion {
                // One open occurrence at a time; completing it schedules the next.
                runs = seriesRecord.usedCount == 0 ? [OccurrenceKey(date: max(ruleRecord.startsOn, clock.today), time: nil)] : []
            } else {
                runs = Generation.dueRuns(schedule, skipped: seriesRecord.skippedRuns, today: clock.today)
                runs.removeAll { existing[seriesRecord.id]?.contains($0) ?? false }
            }
            var changed = false
            for run in runs where try inserter.insert(template, series: seriesRecord, key: run, db) {
                created += 1
                changed = true
            }
            if schedule.rule.anchor == .completion {
                seriesRecord.usedCount += runs.count
            } else if case .count = schedule.rule.end {
                seriesRecord.usedCount = Generation.used(schedule, before: window.upperBound.adding(days: 1))
            }
            if changed { seriesRecord.lastGeneratedAt = clock.timestamp }
            if seriesRecord.generatedThrough != window.upperBound {
                seriesRecord.generatedThrough = window.upperBound
                changed = true
            }
            // What generation changes of rows that exist (a series' count, a routine that ended) is an
            // ordinary change, the later one winning (ARCHITECTURE.md §13): only the first values of
            // the rows it makes are generation's, which lose to anything else. Recorded as
            // generation, these lost to the series' own first values on every other device, which
            // then generated again, every round.
            try writing(as: .user, db) {
                if schedule.rule.anchor == .schedule, try Self.hasEnded(schedule, series: seriesRecord.id, today: clock.today, db) {
                    try Self.archive(template.id, reason: .ended, clock: clock, db)
                    seriesRecord.status = .archived
                    changed = true
                }
                if changed {
                    try db.cachedStatement(sql: """
                        UPDATE series SET status = ?, last_generated_at = ?, used_count = ?, generated_through = ?
                        WHERE id = ?
                        """).execute(arguments: [seriesRecord.status, seriesRecord.lastGeneratedAt, seriesRecord.usedCount,
                                                 seriesRecord.generatedThrough, seriesRecord.id])
                }
            }
        }
        return created
    }

    /// Whether a calendar series is over: no rule date is left from today on, or none is left after
    /// the window and every occurrence from today on is completed. Having generated its last
    /// occurrence is not the end: that one is still ahead.
    static func hasEnded(_ schedule: Schedule, series seriesId: String, today: LocalDate, _ db: Database) throws -> Bool {
        if Generation.isExhausted(schedule, before: today) { return true }
        guard Generation.isExhausted(schedule, before: Generation.window(today: today).upperBound.adding(days: 1)) else { return false }
        let open = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks WHERE series_id = ? AND occurrence_date >= ? AND is_completed = 0",
                                    arguments: [seriesId, today]) ?? 0
        return open == 0
    }

    /// After completing an occurrence: a calendar series whose last occurrence this was archives itself.
    func archiveIfEnded(afterCompleting card: CardRecord, clock: BoardClock, _ db: Database) throws {
        guard let templateId = card.templateId, let seriesId = card.seriesId else { return }
        let template = try Self.template(templateId, db)
        guard template.status == .active, let schedule = try? Self.schedule(of: template, db), schedule.rule.anchor == .schedule,
              try Self.hasEnded(schedule, series: seriesId, today: clock.today, db) else { return }
        try Self.archive(templateId, reason: .ended, clock: clock, db)
    }

    /// After completing an occurrence of an after-completion series: the next one, an
    /// interval after the day it was completed, unless the rule has ended.
    func scheduleNextAfterCompletion(of card: CardRecord, on day: LocalDate, clock: BoardClock, _ db: Database) throws {
        guard let templateId = card.templateId else { return }
        let template = try Self.template(templateId, db)
        let schedule = try Self.schedule(of: template, db)
        guard schedule.rule.anchor == .completion, template.status == .active else { return }
        var series = try Self.series(ofTemplate: templateId, db)
        guard series.status == .active else { return }
        try createNextAfterCompletion(template: template, series: &series, schedule: schedule,
                                      date: day.afterCompletion(of: schedule.rule), clock: clock, db)
    }

    /// Creates the after-completion occurrence on `date`, or archives the series when its end has come.
    /// `date` is an interval after the completion; when the series already used it (an occurrence
    /// completed early, or a skipped date) the next unused day is taken, so the series never stops.
    func createNextAfterCompletion(template: TemplateRecord, series: inout SeriesRecord, schedule: Schedule,
                                   date: LocalDate, clock: BoardClock, _ db: Database) throws {
        var date = date
        let used = Set(try LocalDate.fetchAll(db, sql: "SELECT occurrence_date FROM tasks WHERE series_id = ? AND occurrence_date >= ?",
                                              arguments: [series.id, date])).union(series.skipped)
        while used.contains(date) { date = date.adding(days: 1) }
        let ended: Bool
        switch schedule.rule.end {
        case .never: ended = false
        case .count(let n): ended = series.usedCount >= n
        case .until(let last, _): ended = date > last
        }
        if ended {
            try Self.archive(template.id, reason: .ended, clock: clock, db)
            return
        }
        var inserter = try OccurrenceInserter(db, clock: clock, syncing: syncCapture.joined)
        if try writing(as: .generation, db, { try inserter.insert(template, series: series, key: OccurrenceKey(date: date, time: nil), db) }) {
            series.usedCount += 1
            series.lastGeneratedAt = clock.timestamp
            try series.updateRow(db)
        }
    }

    static func archive(_ templateId: String, reason: BoardEvent.ArchiveReason, clock: BoardClock, _ db: Database) throws {
        try db.execute(sql: "UPDATE templates SET status = 'archived', updated_at = ? WHERE id = ?", arguments: [clock.timestamp, templateId])
        try db.execute(sql: "UPDATE series SET status = 'archived' WHERE template_id = ?", arguments: [templateId])
        try record(.archived(reason: reason), template: templateId, clock: clock, db)
    }
}

/// Inserts occurrences with one prepared statement, the template's values encoded once.
struct OccurrenceInserter {
    private let statement: Statement
    /// Only a board that syncs has tombstones to ask about.
    private let tombstone: Statement?
    private let clock: BoardClock
    private var position: Int
    private var encodedFor: String?
    private var labels = "[]", checklist = "[]"

    init(_ db: Database, clock: BoardClock, syncing: Bool) throws {
        statement = try db.cachedStatement(sql: """
            INSERT INTO tasks (id, owner_id, title, description, labels, checklist, bucket, position, due_date, due_time,
                               priority, duration_min, is_completed, created_at, updated_at, template_id, series_id,
                               occurrence_date, occurrence_time, exception_mask, \(CardTable.remindBefore.column))
            VALUES (?, ?, ?, ?, ?, ?, 'ROUTINES', ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, '[]', ?)
            ON CONFLICT \(Schema.occurrenceKey) DO NOTHING
            """)
        // A person's last word on the row: deleted (a tombstone), or made again (a row change).
        tombstone = !syncing ? nil : try db.cachedStatement(sql: """
            SELECT field = 'deleted' AND value = 'true' FROM sync_changes
            WHERE entity = 'tasks' AND entity_id = ? AND field IN ('deleted', 'row') AND origin <> 'generation'
            ORDER BY stamp DESC, \(BoardStore.changeDevice) DESC, change_id DESC LIMIT 1
            """)
        self.clock = clock
        position = try BoardStore.endPosition(of: .routines, db)
    }

    /// A new occurrence for the run `key` with the template's current values, every step
    /// unchecked; false when the series already has it. Its id is derived from the series and the
    /// key, so two devices generating offline make the same row, and one another device deleted
    /// is never made again (ARCHITECTURE.md §13). A run of several a day is due at its own time.
    mutating func insert(_ template: TemplateRecord, series: SeriesRecord, key: OccurrenceKey, _ db: Database) throws -> Bool {
        let id = NameBasedId.occurrence(series: series.id, date: key.date, time: key.time)
        let date = key.date
        if let tombstone, try Bool.fetchOne(tombstone, arguments: [id]) == true { return false }
        if encodedFor != template.id {
            let encoder = JSONEncoder.sorted
            labels = String(decoding: try encoder.encode(template.labels), as: UTF8.self)
            checklist = String(decoding: try encoder.encode(template.checklist.map { ChecklistItem($0.text) }), as: UTF8.self)
            encodedFor = template.id
        }
        try statement.execute(arguments: [
            id, series.ownerId, template.title, template.description, labels, checklist, position,
            date, key.time ?? template.times?.first, template.priority, template.defaultDurationMin, clock.timestamp, clock.timestamp,
            template.id, series.id, date, key.time, template.remindBeforeMin,
        ])
        guard db.changesCount > 0 else { return false }
        position += 1
        return true
    }
}

extension RoutineStore {
    /// Runs generation for every active series; returns how many occurrences it created.
    /// Also the daily housekeeping: checklist ticks older than 30 days go.
    @discardableResult
    public func generate(clock: BoardClock) throws -> Int {
        // A read-only board is shown as it is stored.
        guard !base.isReadOnly else { return 0 }
        // Most commands find nothing to do; asked in a read, one that only reads takes no write lock.
        if !base.syncCapture.joined, try !read({ db in try BoardStore.hasWork(today: clock.today, db) }) { return 0 }
        return try write { db in
            try BoardStore.pruneRoutineTicks(today: clock.today, db)
            let made = try base.generate(templateId: nil, clock: clock, db)
            if base.syncCapture.joined { _ = try writing(as: .generation, db) { try base.refreshGenerated(today: clock.today, db) } }
            return made
        }
    }
}
