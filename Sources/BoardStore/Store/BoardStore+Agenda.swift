import BoardModel
import Foundation
import GRDB

/// The agenda past the generated week (ARCHITECTURE.md §15): dated cards, the occurrences routines
/// have made, and the runs they will make, computed from each rule on read.
extension BoardStore {
    /// The longest agenda one read gives: a year of days.
    public static let maxAgendaDays = 366

    /// Every dated card and routine run from `range`'s first day to its last, in the agenda's order.
    /// Only reads: a planned run exists nowhere but in this answer.
    public func agenda(_ range: ClosedRange<LocalDate>, clock: BoardClock) throws -> [AgendaItem] {
        let days = range.lowerBound.days(until: range.upperBound) + 1
        guard days <= Self.maxAgendaDays else { throw BoardError("days", "must be 1 to \(Self.maxAgendaDays), got \(days)") }
        return try read { db in
            var items: [AgendaItem] = []
            let columns = try Self.columns(horizons(clock), db)
            let cards = try Row.fetchCursor(db, sql: """
                SELECT id, title, due_date, due_time, \(columns.expression), is_completed, template_id, occurrence_date FROM tasks
                WHERE due_date BETWEEN ? AND ?
                """, arguments: [range.lowerBound, range.upperBound])
            while let row = try cards.next() {
                let templateId: String? = row[6], occurrenceDate: LocalDate? = row[7]
                let isRun = Occurrence.isOccurrence(templateId: templateId, occurrenceDate: occurrenceDate)
                items.append(AgendaItem(kind: isRun ? .run : .card, date: row[2], time: row[3], title: row[1], cardId: row[0],
                                        templateId: isRun ? templateId : nil, occurrenceDate: isRun ? occurrenceDate : nil,
                                        column: Bucket(rawValue: row[4]), isCompleted: row[5]))
            }
            items += try Self.plannedRuns(range, today: clock.today, db)
            return items.sorted(by: AgendaItem.inOrder)
        }
    }

    /// The planned runs of every active routine with a calendar schedule in `range`.
    private static func plannedRuns(_ range: ClosedRange<LocalDate>, today: LocalDate, _ db: Database) throws -> [AgendaItem] {
        guard range.upperBound >= today else { return [] }
        let templates = try TemplateRecord.filter(TemplateRecord.Columns.status == TemplateStatus.active).fetchAll(db)
        guard !templates.isEmpty else { return [] }
        let rules = Dictionary(try RecurrenceRuleRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
        let series = Dictionary(try SeriesRecord.filter(SeriesRecord.Columns.status == TemplateStatus.active).fetchAll(db)
            .map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
        // Every date a series has made an occurrence for in the range, wherever the card was moved since.
        var made: [String: Set<LocalDate>] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT series_id, occurrence_date FROM tasks WHERE series_id IS NOT NULL AND occurrence_date BETWEEN ? AND ?
            """, arguments: [max(range.lowerBound, today), range.upperBound])
        while let row = try rows.next() { made[row[0], default: []].insert(row[1]) }
        var items: [AgendaItem] = []
        for template in templates {
            guard let rule = rules[template.id], let series = series[template.id] else { continue }
            let schedule = try Schedule(rule: try rule.rule(), start: rule.startsOn, time: template.defaultTime)
            for date in PlannedRuns.dates(schedule, in: range, today: today, skipped: series.skipped, made: made[series.id] ?? []) {
                items.append(.planned(templateId: template.id, title: template.title, date: date, time: template.defaultTime))
            }
        }
        return items
    }

    /// Makes the occurrence a planned run stands for, with the template's values, as generation
    /// would on its day; returns its card. Acting on a planned run (complete, edit, move) does this
    /// first, in the same transaction as the act (ARCHITECTURE.md §15).
    func makePlannedRun(templateId: String, date: LocalDate, clock: BoardClock, _ db: Database) throws -> TaskRecord {
        let template = try Self.template(templateId, db)
        let series = try Self.series(ofTemplate: templateId, db)
        let schedule = try Self.schedule(of: template, db)
        guard template.status == .active, series.status == .active else {
            throw BoardError("run", "“\(template.title)” is \(template.status.rawValue): it has no planned runs")
        }
        guard PlannedRuns.dates(schedule, in: date...date, today: clock.today, skipped: series.skipped, made: []) == [date] else {
            throw BoardError("date", "“\(template.title)” has no run on \(MonthName.due(date, nil, today: clock.today))")
        }
        let id = NameBasedId.occurrence(series: series.id, date: date)
        if let made = try TaskRecord.fetchOne(db, key: id) { return made }
        var inserter = try OccurrenceInserter(db, clock: clock, syncing: sync.joined)
        guard try writing(as: .generation, db, { try inserter.insert(template, series: series, date: date, db) }),
              let made = try TaskRecord.fetchOne(db, key: id) else {
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

    /// Makes the occurrence a planned run stands for and does `act` to it, as one intent; returns
    /// its card as it is after.
    @discardableResult
    public func act(onPlannedRun templateId: String, date: LocalDate, _ act: PlannedRunAct, clock: BoardClock) throws -> TaskRecord {
        try write { db in
            let made = try makePlannedRun(templateId: templateId, date: date, clock: clock, db)
            switch act {
            case .make: break
            case .complete: try completeTask(made.id, clock: clock, db)
            case .move(let bucket): try moveTask(made.id, to: bucket, clock: clock, db)
            }
            return try Self.task(made.id, db)
        }
    }

    /// Skips one planned run: its date never gets an occurrence (as deleting one would).
    public func skipPlannedRun(templateId: String, date: LocalDate, clock: BoardClock) throws {
        try write { db in
            let series = try Self.series(ofTemplate: templateId, db)
            try Self.skip(date, inSeries: series.id, db)
            try Self.record("skipped", template: templateId, detail: ["date": date.iso], clock: clock, db)
        }
    }
}
