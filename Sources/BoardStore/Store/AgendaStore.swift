import BoardModel
import Foundation
import GRDB

/// The agenda past the generated week (ARCHITECTURE.md §15): dated cards, the occurrences routines
/// have made, and the runs they will make, computed from each rule on read.
extension BoardStore {
    /// The longest agenda one read gives: a year of days.
    public static let maxAgendaDays = 366

    /// A run generation has not made yet, as `forEachPlannedRun` hands it over.
    struct PlannedRun {
        let templateId: String, title: String
        /// The run's time when its routine has times; nil for a routine of the day.
        let time: LocalTime?
        let date: LocalDate
    }

    /// The runs the active series have made between two days, read from the series' index alone.
    static let madeRunsSQL = """
        SELECT s.rowid, t.occurrence_date, t.occurrence_time FROM series s CROSS JOIN tasks t
        WHERE s.status = 'active' AND t.series_id = s.id AND t.occurrence_date BETWEEN ? AND ?
        """

    /// Each planned run of every active routine with a calendar schedule in `range`, routine by
    /// routine in title order.
    func forEachPlannedRun(_ range: ClosedRange<LocalDate>, today: LocalDate, _ db: Database,
                           _ body: (PlannedRun) throws -> Void) throws {
        guard range.upperBound >= today else { return }
        // Every date a series has made an occurrence for in the range, wherever the card was moved since:
        // sought series by series in their index (reading every occurrence's date was a third of a day's read).
        var made: [Int64: Set<OccurrenceKey>] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.madeRunsSQL), arguments: [max(range.lowerBound, today), range.upperBound])
        while let row = try rows.next() { made[row[0], default: []].insert(OccurrenceKey(date: row[1], time: row[2])) }
        // Routines of the same schedule (every day, every Monday) plan its runs once between them.
        var scheduled: [Int: [LocalDateTime]] = [:]
        for routine in try activeRoutines(db) {
            let runs = scheduled[routine.scheduleGroup] ?? PlannedRuns.scheduled(routine.schedule, in: range, today: today)
            scheduled[routine.scheduleGroup] = runs
            for run in PlannedRuns.unmade(runs, of: routine.schedule, skipped: routine.skipped, made: made[routine.seriesRowId] ?? []) {
                try body(PlannedRun(templateId: routine.templateId, title: routine.title, time: routine.schedule.times == nil ? nil : run.time,
                                    date: run.date))
            }
        }
    }

    /// How many runs the active routines plan on each day of `range`, by day from its first; kept
    /// beside the routines while the file is unchanged, so a month paged back to is not planned again.
    func plannedCounts(_ range: ClosedRange<LocalDate>, today: LocalDate, _ db: Database) throws -> [Int] {
        try plannedRoutines.counts(db, .init(first: range.lowerBound, last: range.upperBound, today: today)) {
            var counts = Array(repeating: 0, count: range.lowerBound.days(until: range.upperBound) + 1)
            try forEachPlannedRun(range, today: today, db) { counts[range.lowerBound.days(until: $0.date)] += 1 }
            return counts
        }
    }

    /// The runs the active routines plan on `day`, in the order `forEachPlannedRun` gives them; kept
    /// beside the routines while they are unchanged, so a day gone back to (today, above all) is
    /// not planned again.
    func plannedRuns(on day: LocalDate, today: LocalDate, _ db: Database) throws -> [PlannedRun] {
        try plannedRoutines.runs(db, .init(first: day, last: day, today: today)) {
            var runs: [PlannedRun] = []
            try forEachPlannedRun(day...day, today: today, db) { runs.append($0) }
            return runs
        }
    }

    /// Every active routine with its active series, in title order; kept between reads while the
    /// file is unchanged. Only reads call this, so what it keeps was never rolled back.
    private func activeRoutines(_ db: Database) throws -> [PlannedRoutines.Routine] {
        try plannedRoutines.routines(db) {
            let rows = try Row.fetchCursor(db, sql: """
                SELECT t.id, t.title, t.default_time, r.rrule, r.anchor, r.starts_on, s.rowid, s.skipped_dates
                FROM templates t JOIN series s ON s.template_id = t.id JOIN recurrence_rules r ON r.template_id = t.id
                WHERE t.status = 'active' AND s.status = 'active' ORDER BY t.title, t.id
                """)
            let decoder = JSONDecoder()
            var routines: [PlannedRoutines.Routine] = []
            var groups: [Schedule: Int] = [:]
            while let row = try rows.next() {
                let skippedText: String = row[7]
                let skipped = skippedText == "[]" ? SkippedRuns() : SkippedRuns(entries: try decoder.decode([String].self, from: Data(skippedText.utf8)))
                let schedule = try schedules.schedule(rrule: row[3], anchor: row[4], start: row[5], times: row[2])
                let group = groups[schedule] ?? groups.count
                groups[schedule] = group
                routines.append(PlannedRoutines.Routine(templateId: row[0], title: row[1], seriesRowId: row[6], schedule: schedule,
                                                        scheduleGroup: group, skipped: skipped))
            }
            return routines
        }
    }

    /// Each planned run of every active routine shared with this person in `range`: its rule's dates
    /// after the last run its owner's board has made (what the owner skipped or deleted before that
    /// is known by its absence; a date skipped further ahead is not, and shows until its week comes).
    func forEachPlannedSharedRun(_ range: ClosedRange<LocalDate>, today: LocalDate, _ db: Database,
                                         _ body: (SharedRoutine, LocalDateTime) -> Void) throws {
        guard range.upperBound >= today else { return }
        let rows = try Row.fetchAll(db, sql: """
            SELECT s.*, (SELECT MAX(date) FROM shared_runs r WHERE r.routine_id = s.id) AS made_through
            FROM shared_routines s WHERE s.status = 'active' AND s.rule IS NOT NULL ORDER BY s.title, s.id
            """)
        for row in rows {
            let routine = Self.sharedRoutine(row)
            guard let schedule = routine.schedule else { continue }
            let madeThrough = (row["made_through"] as String?).flatMap { LocalDate(iso: $0) }
            let from = max(range.lowerBound, madeThrough.map { $0.adding(days: 1) } ?? range.lowerBound)
            guard from <= range.upperBound else { continue }
            // Each time its own run, as the routine's owner plans them.
            for run in PlannedRuns.runs(schedule, in: from...range.upperBound, today: today, skipped: SkippedRuns(), made: []) { body(routine, run) }
        }
    }

    /// Makes the occurrence a planned run stands for, with the template's values, as generation
    /// would on its day; returns its card. Acting on a planned run (complete, edit, move) does this
    /// first, in the same transaction as the act (ARCHITECTURE.md §15).
    func makePlannedRun(templateId: String, date: LocalDate, time: LocalTime? = nil, clock: BoardClock, _ db: Database) throws -> CardRecord {
        let template = try Self.template(templateId, db)
        let series = try Self.series(ofTemplate: templateId, db)
        let schedule = try Self.schedule(of: template, db)
        guard template.status == .active, series.status == .active else {
            throw BoardError("run", "“\(template.title)” is \(template.status.rawValue): it has no planned runs")
        }
        let run = LocalDateTime(date: date, time: time ?? schedule.time ?? .midnight)
        guard PlannedRuns.runs(schedule, in: date...date, today: clock.today, skipped: series.skippedRuns, made: []).contains(run) else {
            throw BoardError("date", "“\(template.title)” has no run on \(MonthName.due(date, schedule.times == nil ? nil : run.time, today: clock.today))")
        }
        let key = OccurrenceKey(run, of: schedule)
        let id = NameBasedId.occurrence(series: series.id, date: date, time: key.time)
        if let made = try CardRecord.fetchOne(db, keyValues: [id]) { return made }
        var inserter = try OccurrenceInserter(db, clock: clock, syncing: syncCapture.joined)
        guard try writing(as: .generation, db, { try inserter.insert(template, series: series, key: key, db) }),
              let made = try CardRecord.fetchOne(db, keyValues: [id]) else {
            throw BoardError("run", "“\(template.title)” on \(MonthName.due(date, nil, today: clock.today)) was deleted on another device")
        }
        return made
    }

    /// What a person can do to a planned run; each makes the occurrence first, in the same transaction.
    public enum PlannedRunAct: Hashable, Sendable {
        /// Only make it (to open or edit it next).
        case make
        case complete
        /// Move it out of Routines to a column, as H and L move a card.
        case move(Bucket)
    }

}

/// The agenda (ARCHITECTURE.md §4): dated cards and routine runs, planned ones past the generated
/// week included, and what is done to a planned run. `store.agenda`.
public struct AgendaStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The agenda: dated cards and routine runs, made or planned.
    public var agenda: AgendaStore { AgendaStore(base: self) }
}

extension AgendaStore {
    /// Every dated card and routine run from `range`'s first day to its last, in the agenda's order:
    /// by day, untimed first then by time; within a time, cards and made runs by title, then planned
    /// runs by their routine's title. Only reads: a planned run exists nowhere but in this answer.
    public func days(_ range: ClosedRange<LocalDate>, clock: BoardClock) throws -> [AgendaItem] {
        try Self.check(range)
        return try read { db in
            var planned: [BoardStore.PlannedRun] = []
            if range.lowerBound == range.upperBound {
                planned = try base.plannedRuns(on: range.lowerBound, today: clock.today, db)
            } else {
                try base.forEachPlannedRun(range, today: clock.today, db) { planned.append($0) }
            }
            return try items(range, planned: planned, clock: clock, db)
        }
    }

    /// How many dated cards and routine runs (made or planned) each day of `range` has, by day from
    /// its first: the Calendar's grid, read without making an item of each.
    public func counts(_ range: ClosedRange<LocalDate>, clock: BoardClock) throws -> [Int] {
        try Self.check(range)
        return try read { db in try counts(range, clock: clock, db) }
    }

    /// The Calendar's read of a month: the counts of the month grid holding `day` and the items of
    /// `day`, in one transaction.
    public func calendar(day: LocalDate, weekStart: Weekday, clock: BoardClock) throws -> (counts: [Int], items: [AgendaItem]) {
        let grid = MonthGrid(holding: day, weekStart: weekStart).days
        return try read { db in
            let planned = try base.plannedRuns(on: day, today: clock.today, db)
            return (try counts(grid, clock: clock, db), try items(day...day, planned: planned, clock: clock, db))
        }
    }

    /// Plans the runs of the month grid holding `day` and of the day itself, as the Calendar's read
    /// of them would, and keeps them while the routines stand. The screen calls it on a thread of
    /// its own once its first frame is drawn, so `v` finds today's month planned.
    public func prepareCalendar(day: LocalDate, weekStart: Weekday, clock: BoardClock) throws {
        try read { db in
            _ = try base.plannedCounts(MonthGrid(holding: day, weekStart: weekStart).days, today: clock.today, db)
            _ = try base.plannedRuns(on: day, today: clock.today, db)
        }
    }

    private static func check(_ range: ClosedRange<LocalDate>) throws {
        let days = range.lowerBound.days(until: range.upperBound) + 1
        guard days <= BoardStore.maxAgendaDays else { throw BoardError("days", "must be 1 to \(BoardStore.maxAgendaDays), got \(days)") }
    }

    /// The dated cards of a range of days by title, each with the column it shows in (`column`: on a
    /// settled board `shown`, and the dated cards' index holds all they are read for).
    static func datedCardsSQL(column: String) -> String {
        """
        SELECT id, title, due_date, due_time, \(column), is_completed, template_id, occurrence_date FROM tasks
        WHERE due_date BETWEEN ? AND ? ORDER BY title, id
        """
    }

    /// The items of `range` with its routines' `planned` runs, in the agenda's order.
    private func items(_ range: ClosedRange<LocalDate>, planned: [BoardStore.PlannedRun], clock: BoardClock, _ db: Database) throws -> [AgendaItem] {
        var items: [AgendaItem] = []
        let columns = try BoardStore.columns(horizons(clock), db)
        let cards = try Row.fetchCursor(db, sql: Self.datedCardsSQL(column: columns.expression), arguments: [range.lowerBound, range.upperBound])
        while let row = try cards.next() {
            let templateId: String? = row[6], occurrenceDate: LocalDate? = row[7]
            let isRun = Occurrence.isOccurrence(templateId: templateId, occurrenceDate: occurrenceDate)
            items.append(AgendaItem(kind: isRun ? .run : .card, date: row[2], time: row[3], title: row[1], cardId: row[0],
                                    templateId: isRun ? templateId : nil, occurrenceDate: isRun ? occurrenceDate : nil,
                                    bucket: Bucket(rawValue: row[4]), isCompleted: row[5]))
        }
        items += planned.map { .planned(templateId: $0.templateId, title: $0.title, date: $0.date, time: $0.time) }
        let shared = try Row.fetchCursor(db, sql: """
            SELECT r.title, r.date, r.time, r.completed, s.shared_by FROM shared_runs r JOIN shared_routines s ON s.id = r.routine_id
            WHERE r.date BETWEEN ? AND ? ORDER BY r.title, r.id
            """, arguments: [range.lowerBound.iso, range.upperBound.iso])
        while let row = try shared.next() {
            guard let date = LocalDate(iso: row[1] as String) else { continue }
            items.append(.shared(by: row[4], title: row[0], date: date, time: (row[2] as String?).flatMap { LocalTime(iso: $0) }, isCompleted: row[3]))
        }
        try base.forEachPlannedSharedRun(range, today: clock.today, db) { routine, run in
            items.append(.shared(by: routine.sharedBy, title: routine.title, date: run.date, time: routine.times == nil ? nil : run.time,
                                 isCompleted: false))
        }
        // Sorted on whole numbers (day, time, place read in): comparing titles was most of a month's read.
        let keys = items.indices.map { (day: items[$0].date.dayNumber, time: items[$0].time.map { $0.minuteOfDay + 1 } ?? 0, index: $0) }
        return keys.sorted { ($0.day, $0.time, $0.index) < ($1.day, $1.time, $1.index) }.map { items[$0.index] }
    }

    /// The counts of `range`'s days: dated cards, planned runs, shared runs.
    private func counts(_ range: ClosedRange<LocalDate>, clock: BoardClock, _ db: Database) throws -> [Int] {
        var counts = try base.plannedCounts(range, today: clock.today, db)
        let rows = try Row.fetchCursor(db, sql: "SELECT due_date, COUNT(*) FROM tasks WHERE due_date BETWEEN ? AND ? GROUP BY due_date",
                                       arguments: [range.lowerBound, range.upperBound])
        while let row = try rows.next() { counts[range.lowerBound.days(until: row[0] as LocalDate)] += row[1] as Int }
        let shared = try String.fetchAll(db, sql: "SELECT date FROM shared_runs WHERE date BETWEEN ? AND ?",
                                         arguments: [range.lowerBound.iso, range.upperBound.iso])
        for day in shared.compactMap({ LocalDate(iso: $0) }) { counts[range.lowerBound.days(until: day)] += 1 }
        try base.forEachPlannedSharedRun(range, today: clock.today, db) { _, run in counts[range.lowerBound.days(until: run.date)] += 1 }
        return counts
    }

    /// Makes the occurrence a planned run stands for and does `act` to it, as one intent; returns
    /// its card as it is after.
    @discardableResult
    public func act(onPlannedRun templateId: String, date: LocalDate, time: LocalTime? = nil, _ act: BoardStore.PlannedRunAct,
                    clock: BoardClock) throws -> CardRecord {
        try write { db in
            let made = try base.makePlannedRun(templateId: templateId, date: date, time: time, clock: clock, db)
            switch act {
            case .make: break
            case .complete: try base.completeCard(made.id, clock: clock, db)
            case .move(let bucket): try base.moveCard(made.id, to: bucket, clock: clock, db)
            }
            return try BoardStore.card(made.id, db)
        }
    }

    /// Skips one planned run: it never gets an occurrence (as deleting one would). `time`: which
    /// run of a routine with several a day.
    public func skipPlannedRun(templateId: String, date: LocalDate, time: LocalTime? = nil, clock: BoardClock) throws {
        try write { db in
            let series = try BoardStore.series(ofTemplate: templateId, db)
            let schedule = try BoardStore.schedule(of: try BoardStore.template(templateId, db), db)
            try BoardStore.skip(OccurrenceKey(LocalDateTime(date: date, time: time ?? schedule.time ?? .midnight), of: schedule),
                                inSeries: series.id, db)
            try BoardStore.record(.skipped(date: date), template: templateId, clock: clock, db)
        }
    }
}
