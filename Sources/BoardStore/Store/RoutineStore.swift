import BoardModel
import Foundation
import GRDB

/// A template with its rule and series, as the lists and `template show` present it.
public struct TemplateOverview: Hashable, Sendable {
    public let template: TemplateRecord
    /// The rule, series and schedule; nil for a routine without a schedule (a reusable checklist).
    public let scheduling: Scheduling?
    /// "Every weekday at 7:30", or "No schedule (checklist)"
    public let summary: String
    /// The day of the next run, when the series is active.
    public let nextRun: LocalDate?
    /// The time of day of the next run; nil for a routine without one.
    public let nextTime: LocalTime?
    /// For end-after-N: N minus the instances used (generated or skipped).
    public let remaining: Int?
    /// The next 7 runs from today, skipped ones left out; a run's time is midnight for a routine without one.
    public let upcoming: [LocalDateTime]

    /// What a scheduled template has and an unscheduled one lacks.
    public struct Scheduling: Hashable, Sendable {
        public let rule: RecurrenceRuleRecord
        public let series: SeriesRecord
        public let schedule: Schedule
    }

    /// How the lists describe a routine without a schedule.
    public static let unscheduledSummary = "No schedule (checklist)"
}

/// What the routines' transactions share with other capabilities': a template's rule record and
/// overview, its status changed inside another write.
extension BoardStore {
    static func ruleRecord(for schedule: Schedule, templateId: String, id: String, clock: BoardClock) -> RecurrenceRuleRecord {
        RecurrenceRuleRecord(id: id, templateId: templateId, rrule: schedule.rule.rrule(start: schedule.start),
                             anchor: schedule.rule.anchor.rawValue, monthEndPolicy: schedule.rule.monthEndPolicy.rawValue,
                             timezone: clock.zone.identifier, startsOn: schedule.start, endsOn: endsOn(schedule.rule))
    }

    static func endAfterCount(_ rule: RecurrenceRule) -> Int? {
        if case .count(let n) = rule.end { return n }
        return nil
    }

    static func endsOn(_ rule: RecurrenceRule) -> LocalDate? {
        if case .until(let date, _) = rule.end { return date }
        return nil
    }

    // MARK: Reading

    /// The overviews of `templates`, read with one query per table for all of them (not one per template).
    static func overviews(of templates: [TemplateRecord], clock: BoardClock, _ db: Database) throws -> [TemplateOverview] {
        let ids = templates.map(\.id)
        let rules = Dictionary(try RecurrenceRuleRecord.filter(ids.contains(RecurrenceRuleRecord.Columns.templateId)).fetchAll(db).map { ($0.templateId, $0) },
                               uniquingKeysWith: { a, _ in a })
        let allSeries = Dictionary(try SeriesRecord.filter(ids.contains(SeriesRecord.Columns.templateId)).fetchAll(db).map { ($0.templateId, $0) },
                                   uniquingKeysWith: { a, _ in a })
        // The occurrences "next run" looks at: completed ones from today on, and the open ones of after-completion series.
        var completed: [String: Set<OccurrenceKey>] = [:], open: [String: [LocalDate]] = [:]
        let seriesIds = allSeries.values.map(\.id)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT series_id, occurrence_date, is_completed, occurrence_time FROM tasks
            WHERE series_id IN (SELECT value FROM json_each(?)) AND (is_completed = 0 OR occurrence_date >= ?)
            ORDER BY occurrence_date
            """, arguments: [String(decoding: try JSONEncoder().encode(seriesIds), as: UTF8.self), clock.today])
        while let row = try rows.next() {
            let series: String = row[0], date: LocalDate = row[1]
            if row[2] as Bool { completed[series, default: []].insert(OccurrenceKey(date: date, time: row[3])) } else { open[series, default: []].append(date) }
        }
        return try templates.map { template in
            guard let rule = rules[template.id], let series = allSeries[template.id] else {
                return TemplateOverview(template: template, scheduling: nil, summary: TemplateOverview.unscheduledSummary,
                                        nextRun: nil, nextTime: nil, remaining: nil, upcoming: [])
            }
            let schedule = try Schedule(rule: try rule.rule(), start: rule.startsOn, times: template.times)
            let skipped = series.skippedRuns
            let upcoming = schedule.rule.anchor == .completion
                ? (open[series.id] ?? []).map { LocalDateTime(date: $0, time: schedule.time ?? .midnight) }
                : Array(schedule.runs(atOrAfter: LocalDateTime(date: clock.today, time: .midnight)).lazy.filter { !skipped.contains($0) }.prefix(7))
            let running = template.status == .active && series.status == .active
            // The real next date whatever its distance (ARCHITECTURE.md §15): computed from the rule,
            // never limited to the generated week ("every year on January 27" says Jan 27, 2027).
            let next = schedule.rule.anchor == .completion
                ? upcoming.first
                : Generation.nextRun(schedule, now: clock.local, skipped: skipped, completed: completed[series.id] ?? [])
            let nextRun = running ? next : nil
            // One figure everywhere (list, screen, stats): the runs of an end-after-N rule dated after
            // today; after completion, those not yet generated.
            let remaining = template.endAfterCount.map { n in
                max(0, n - (schedule.rule.anchor == .completion ? series.usedCount : Generation.used(schedule, before: clock.today.adding(days: 1))))
            }
            return TemplateOverview(template: template, scheduling: .init(rule: rule, series: series, schedule: schedule),
                                    summary: RecurrencePhrase(rule: schedule.rule, times: template.times).summary,
                                    nextRun: nextRun?.date, nextTime: nextRun.flatMap { schedule.times == nil ? nil : $0.time },
                                    remaining: remaining, upcoming: upcoming)
        }
    }

    // MARK: Series controls

    func setStatus(_ id: String, to status: TemplateStatus, from allowed: [TemplateStatus], verb: String,
                           clock: BoardClock) throws {
        try write { db in try setStatus(id, to: status, from: allowed, verb: verb, clock: clock, db) }
    }

    /// The status change a save asks for alongside an edit, inside its transaction: activating a
    /// paused or draft template resumes it, pausing an active one pauses it; anything else stays.
    func changeStatus(_ id: String, to status: TemplateStatus, clock: BoardClock, _ db: Database) throws {
        let current = try Self.template(id, db).status
        switch (current, status) {
        case (.paused, .active), (.draft, .active): try setStatus(id, to: .active, from: [.paused, .draft], verb: "resumed", clock: clock, db)
        case (.active, .paused): try setStatus(id, to: .paused, from: [.active], verb: "paused", clock: clock, db)
        default: break
        }
    }

    func setStatus(_ id: String, to status: TemplateStatus, from allowed: [TemplateStatus], verb: String,
                           clock: BoardClock, _ db: Database) throws {
        let template = try Self.template(id, db)
        guard allowed.contains(template.status) else {
            let states = allowed.map(\.rawValue).joined(separator: " or ")
            let article = states.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw BoardError("status", "the template is \(template.status.rawValue); only \(article) \(states) one can be \(verb)")
        }
        try db.execute(sql: "UPDATE templates SET status = ?, updated_at = ? WHERE id = ?", arguments: [status, clock.timestamp, id])
        try db.execute(sql: "UPDATE series SET status = ? WHERE template_id = ?", arguments: [status, id])
        let event: BoardEvent = switch status {
        case .paused: .paused
        case .archived: .archived(reason: nil)
        default: .resumed(from: template.status)
        }
        try Self.record(event, template: id, clock: clock, db)
        if status == .active { try generate(templateId: id, clock: clock, db) }
    }

    static func completedRuns(of seriesId: String, _ db: Database) throws -> Set<OccurrenceKey> {
        Set(try Row.fetchAll(db, sql: "SELECT occurrence_date, occurrence_time FROM tasks WHERE series_id = ? AND is_completed = 1",
                             arguments: [seriesId]).map { OccurrenceKey(date: $0[0], time: $0[1]) })
    }

}

/// The routines (ARCHITECTURE.md §4): templates, their schedules, edits carried forward, the
/// occurrences they generate and routines others share. `store.routines`.
public struct RoutineStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The routines: templates, schedules, edits carried forward, generation.
    public var routines: RoutineStore { RoutineStore(base: self) }
}

extension RoutineStore {
    /// Creates a template with its rule and its single series, in one transaction; an active one
    /// generates at once, a paused one or a draft does not.
    /// Without a `start`, it starts with its first occurrence not already past. Without a `rule`,
    /// it is a reusable checklist: no series, no occurrences, ticks kept per day.
    /// `habitLinks` links step i to a habit (index-aligned with the checklist). `times`: several
    /// times a day (the values' one time otherwise); a start taken from now is the first day whose
    /// first run is still ahead.
    @discardableResult
    public func add(_ values: CardValues, rule: RecurrenceRule?, times: TimesOfDay? = nil, start: LocalDate? = nil,
                    status: TemplateStatus = .active, remindBefore: Int = 0, habitLinks: [String?] = [],
                    clock: BoardClock) throws -> TemplateRecord {
        var values = values, habitLinks = habitLinks
        if let times { values.time = times.first }
        // Timed steps first, by their time (ARCHITECTURE.md §5); their habit links move with them.
        let order = Checklist.timeOrder(values.checklist)
        if order != Array(values.checklist.indices) {
            if habitLinks.count == values.checklist.count { habitLinks = order.map { habitLinks[$0] } }
            values.checklist = order.map { values.checklist[$0] }
        }
        let times = times ?? values.time.map(TimesOfDay.init)
        guard status != .archived else { throw BoardError("status", "a new template is active, paused or a draft") }
        let draft = status == .draft
        try values.validate()
        try BoardStore.validateRemindBefore(remindBefore)
        // A schedule that starts now begins with its next occurrence, never one already past;
        // a start date the user gives is kept as given (ARCHITECTURE.md §4).
        let schedule = try rule.map { rule in
            let first = draft ? start ?? clock.today : try FirstOccurrence.startDay(rule, time: values.time, now: clock.local, requested: start)
            return try Schedule(rule: rule, start: first, times: times)
        }
        return try write { db in
            var template = TemplateRecord(
                id: BoardStore.newId(), ownerId: ownerId, title: values.title, description: values.description, labels: [],
                checklist: [], defaultBucket: .routines, times: nil, priority: 0, defaultDurationMin: nil,
                status: status, version: 1, createdAt: clock.timestamp, updatedAt: clock.timestamp, endAfterCount: nil,
                remindBeforeMin: remindBefore)
            template.values = values
            template.times = times
            template.checklist = try BoardStore.linked(template.checklist, to: habitLinks, db)
            try template.insertRow(db)
            if let schedule {
                template.endAfterCount = BoardStore.endAfterCount(schedule.rule)
                try template.updateRow(db)
                try BoardStore.ruleRecord(for: schedule, templateId: template.id, id: BoardStore.newId(), clock: clock).insertRow(db)
                try SeriesRecord(id: BoardStore.newId(), templateId: template.id, ownerId: ownerId, startsOn: schedule.start,
                                 endsOn: BoardStore.endsOn(schedule.rule), status: status, lastGeneratedAt: nil, usedCount: 0,
                                 skippedDates: [], generatedThrough: nil).insertRow(db)
            }
            try BoardStore.record(.templateCreated, template: template.id, clock: clock, db)
            // Only an active template generates: "save and pause" makes no occurrence at all.
            if status == .active { try base.generate(templateId: template.id, clock: clock, db) }
            return template
        }
    }

    public func overview(_ id: String, clock: BoardClock) throws -> TemplateOverview {
        try read { db in try BoardStore.overviews(of: [try BoardStore.template(id, db)], clock: clock, db)[0] }
    }

    /// Stops generation; existing occurrences stay.
    public func pause(_ id: String, clock: BoardClock) throws {
        try base.setStatus(id, to: .paused, from: [.active], verb: "paused", clock: clock)
    }

    /// Activates a paused or draft template; generation starts from today, with no backfill.
    public func resume(_ id: String, clock: BoardClock) throws {
        try base.setStatus(id, to: .active, from: [.paused, .draft], verb: "resumed", clock: clock)
    }

    /// No more generation; existing occurrences stay, still linked.
    public func archive(_ id: String, clock: BoardClock) throws {
        try base.setStatus(id, to: .archived, from: [.draft, .active, .paused], verb: "archived", clock: clock)
    }

    /// Skips the next scheduled run that has no completed occurrence (of several a day, that run
    /// alone): its open occurrence, if generated, is removed and never generated again. Returns
    /// the skipped run's day, and its time for a routine with several.
    @discardableResult
    public func skipNext(_ id: String, clock: BoardClock) throws -> OccurrenceKey {
        try write { db in
            let template = try BoardStore.template(id, db)
            guard template.status == .active || template.status == .paused else {
                throw BoardError("status", "the template is \(template.status.rawValue); only an active or paused one has a next occurrence")
            }
            var series = try BoardStore.series(ofTemplate: id, db)
            let schedule = try BoardStore.schedule(of: template, db)
            let completed = try BoardStore.completedRuns(of: series.id, db)
            let open = try CardRecord.filter(CardRecord.Columns.seriesId == series.id && CardRecord.Columns.isCompleted == false)
                .order(CardRecord.Columns.occurrenceDate).fetchAll(db)
            let next: OccurrenceKey?
            var entry: String?
            if schedule.rule.anchor == .completion {
                next = open.first?.occurrenceDate.map { OccurrenceKey(date: $0, time: nil) }
                entry = next?.date.iso
            } else {
                let run = Generation.nextRun(schedule, now: clock.local, skipped: series.skippedRuns, completed: completed)
                next = run.map { OccurrenceKey($0, of: schedule) }
                entry = run.map { SkippedRuns.entry(for: $0, runsPerDay: schedule.runsPerDay) }
            }
            guard let next, let entry else { throw BoardError("skip", "the template has no next occurrence to skip") }
            series.skippedDates = (series.skippedDates + [entry]).sorted()
            try series.updateRow(db)
            for card in open where card.occurrenceDate == next.date && card.occurrenceTime == next.time { try card.deleteRow(db) }
            try BoardStore.record(.skipped(date: next.date), template: id, clock: clock, db)
            if schedule.rule.anchor == .completion && template.status == .active {
                try base.createNextAfterCompletion(template: template, series: &series, schedule: schedule,
                                              date: next.date.afterCompletion(of: schedule.rule), clock: clock, db)
            }
            return next
        }
    }

    /// A new draft template "TITLE (copy)" with the same fields and rule, and its own series.
    @discardableResult
    public func duplicate(_ id: String, clock: BoardClock) throws -> TemplateRecord {
        try write { db in
            var copy = try BoardStore.template(id, db)
            copy.id = BoardStore.newId()
            copy.title += " (copy)"
            copy.status = .draft
            copy.version = 1
            copy.createdAt = clock.timestamp
            copy.updatedAt = clock.timestamp
            try copy.insertRow(db)
            if var rule = try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == id).fetchOne(db) {
                let original = try BoardStore.series(ofTemplate: id, db)
                rule.id = BoardStore.newId()
                rule.templateId = copy.id
                try rule.insertRow(db)
                try SeriesRecord(id: BoardStore.newId(), templateId: copy.id, ownerId: copy.ownerId, startsOn: original.startsOn,
                                 endsOn: original.endsOn, status: .draft, lastGeneratedAt: nil, usedCount: 0, skippedDates: [], generatedThrough: nil).insertRow(db)
            }
            try BoardStore.record(.duplicated(from: id), template: copy.id, clock: clock, db)
            return copy
        }
    }
}

extension RoutineStore {
    // MARK: Ids

    /// The template whose id is `prefix` or starts with it, like git's abbreviated hashes; one of a
    /// routine another person shares is refused by name: every command that takes a template's id changes it.
    public func id(matching prefix: String) throws -> String {
        try read { db in try BoardStore.resolveOwn(prefix, in: "templates", noun: "template", db) }
    }

    /// The routine whose id is `prefix` or starts with it, this board's own or one shared with the
    /// person: for what reads a routine or ticks its checklist, which changes nothing of the owner's.
    public func anyId(matching prefix: String) throws -> String {
        try read { db in
            do {
                return try BoardStore.resolve(prefix, in: "templates", noun: "template", db)
            } catch let error as BoardError {
                guard let shared = try BoardStore.sharedRoutine(matching: prefix, db) else { throw error }
                return shared.id
            }
        }
    }
}
