import BoardModel
import Foundation
import GRDB

/// What a template edit asks for: field changes, and perhaps a new rule or start.
public struct TemplateEditRequest: Hashable, Sendable {
    public var fields: CardEdit
    public var rule: RecurrenceRule?
    public var start: LocalDate?
    public var includeOverdue: Bool
    /// Each step's habit, index-aligned with the new checklist; nil keeps the links of steps whose text stays.
    public var habitLinks: [String?]?
    /// The routine's new times of day, several or one (`.some(nil)`: none); nil: what the
    /// fields' time says (ARCHITECTURE.md §4).
    public var times: TimesOfDay??

    public init(fields: CardEdit = CardEdit(), rule: RecurrenceRule? = nil, start: LocalDate? = nil, includeOverdue: Bool = false,
                habitLinks: [String?]? = nil) {
        self.fields = fields
        self.rule = rule
        self.start = start
        self.includeOverdue = includeOverdue
        self.habitLinks = habitLinks
    }
}

extension TemplateEditRequest {
    /// The request with its steps in the order a checklist keeps them (timed steps by their time
    /// first, ARCHITECTURE.md §5), their habit links moved with them.
    var inTimeOrder: TemplateEditRequest {
        guard let steps = fields.checklist else { return self }
        let order = Checklist.timeOrder(steps)
        guard order != Array(steps.indices) else { return self }
        var ordered = self
        ordered.fields.checklist = order.map { steps[$0] }
        if let links = habitLinks, links.count == steps.count { ordered.habitLinks = order.map { links[$0] } }
        return ordered
    }
}

/// The whole effect of a template edit, computed before anything is written.
public struct TemplateEditPlan: Hashable, Sendable {
    public let request: TemplateEditRequest
    public let today: LocalDate
    public let propagation: PropagationPlan
    /// The schedule after the edit; nil for a routine without one.
    public let schedule: Schedule?
    public let scheduleChanged: Bool
    /// Open, unedited occurrences from today on that the new schedule no longer has.
    public let removals: [String]
    /// The routine's times of day after the edit.
    public let times: TimesOfDay?

    public var impact: String { propagation.impact }
}

/// Template edits and their propagation (ARCHITECTURE.md §4), and reapplying a template to an occurrence.
extension BoardStore {
    static func plan(_ id: String, _ request: TemplateEditRequest, today: LocalDate, _ db: Database) throws -> TemplateEditPlan {
        let request = request.inTimeOrder
        let template = try Self.template(id, db)
        let old = template.values
        let new = request.fields.applied(to: old)
        try new.validate()
        if let links = request.habitLinks { _ = try Self.linked(new.checklist.map { ChecklistStep($0) }, to: links, db) }
        guard let ruleRecord = try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == id).fetchOne(db) else {
            // A checklist without a schedule has no occurrences to update, and keeps having no schedule.
            if request.rule != nil || request.start != nil {
                throw BoardError("repeat", "“\(template.title)” was created without a schedule and keeps none; create a scheduled template instead")
            }
            let propagation = PropagationPlan(templateId: id, baseVersion: template.version, old: old, new: new,
                                              occurrences: [], today: today, includeOverdue: request.includeOverdue)
            return TemplateEditPlan(request: request, today: today, propagation: propagation, schedule: nil,
                                    scheduleChanged: false, removals: [], times: new.time.map(TimesOfDay.init))
        }
        // The times: those asked for, else the fields' one time (a first time kept keeps them all).
        let times: TimesOfDay? = request.times ?? (new.time == old.time ? template.times : new.time.map(TimesOfDay.init))
        let oldSchedule = try Schedule(rule: try ruleRecord.rule(), start: ruleRecord.startsOn, times: template.times)
        let schedule = try Schedule(rule: request.rule ?? oldSchedule.rule, start: request.start ?? oldSchedule.start, times: times)
        // Several times a day make the times part of the schedule: a changed set adds and removes
        // runs, and no run takes another's time (ARCHITECTURE.md §4).
        let severalTimes = oldSchedule.runsPerDay > 1 || schedule.runsPerDay > 1
        let scheduleChanged = request.rule.map { $0.resolved(from: schedule.start) != oldSchedule.rule } ?? false
            || schedule.start != oldSchedule.start || (severalTimes && times != template.times)
        var fieldsNew = new
        if severalTimes { fieldsNew.time = old.time }
        let states = try Self.occurrenceStates(ofTemplate: id, withChecklists: old.checklist != new.checklist, db)
        let propagation = PropagationPlan(templateId: id, baseVersion: template.version, old: old, new: fieldsNew,
                                          occurrences: states.map(\.state), today: today, includeOverdue: request.includeOverdue)
        var removals: [String] = []
        if scheduleChanged {
            let open = states.filter { $0.state.mask.isEmpty && $0.state.date >= today }
            if let last = open.map(\.state.date).max() {
                // A run keeps its place when the new schedule has its day (and, of several a day, its time).
                let kept = Set(schedule.runs(in: today...last).map { severalTimes ? $0 : LocalDateTime(date: $0.date, time: .midnight) })
                removals = open.filter { s in
                    let time = severalTimes ? (s.time ?? oldSchedule.time ?? .midnight) : .midnight
                    return !kept.contains(LocalDateTime(date: s.state.date, time: time))
                }.map(\.state.cardId).sorted()
            }
        }
        return TemplateEditPlan(request: request, today: today, propagation: propagation, schedule: schedule,
                                scheduleChanged: scheduleChanged, removals: removals, times: times)
    }

    /// The open occurrences of a template with their run's key time, read column by column: a
    /// propagation reads thousands.
    static func occurrenceStates(ofTemplate id: String, withChecklists: Bool, _ db: Database) throws -> [(state: OccurrenceState, time: LocalTime?)] {
        let decoder = JSONDecoder()
        let checklistColumn = withChecklists ? "checklist" : "'[]'"
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, occurrence_date, exception_mask, \(checklistColumn), occurrence_time FROM tasks
            WHERE template_id = ? AND occurrence_date IS NOT NULL AND is_completed = 0
            """, arguments: [id])
        var states: [(state: OccurrenceState, time: LocalTime?)] = []
        while let row = try rows.next() {
            let maskText: String = row[2], checklistText: String = row[3]
            let mask = maskText == "[]" ? [] : try decoder.decode([CardField].self, from: Data(maskText.utf8))
            let checklist = checklistText == "[]" ? [] : try decoder.decode([ChecklistItem].self, from: Data(checklistText.utf8))
            states.append((OccurrenceState(cardId: row[0], date: row[1], isCompleted: false, mask: Set(mask), checklist: checklist), row[4]))
        }
        return states
    }

    /// Writes a propagation: occurrences taking the same fields are updated a hundred at a time.
    static func write(_ plan: PropagationPlan, clock: BoardClock, _ db: Database, progress: (Int) -> Void) throws {
        let encoder = JSONEncoder.sorted
        let v = plan.newValues
        let columns: [CardField: (String, DatabaseValueConvertible?)] = [
            .title: ("title", v.title), .description: ("description", v.description),
            .labels: ("labels", String(decoding: try encoder.encode(v.labels), as: UTF8.self)),
            .time: ("due_time", v.time), .priority: ("priority", v.priority), .duration: ("duration_min", v.duration),
        ]
        let checklist = try db.cachedStatement(sql: "UPDATE tasks SET checklist = ? WHERE id = ?")
        var done = 0
        let groups = Dictionary(grouping: plan.updates, by: \.fields).sorted { $0.key.lexicographicallyPrecedes($1.key) }
        for (fields, updates) in groups {
            let set = fields.compactMap { columns[$0] }
            let sql = "UPDATE tasks SET " + (set.map { "\($0.0) = ?" } + ["updated_at = ?"]).joined(separator: ", ")
                + " WHERE id IN (SELECT value FROM json_each(?)) AND is_completed = 0"
            let statement = try db.cachedStatement(sql: sql)
            for start in stride(from: 0, to: updates.count, by: 100) {
                let chunk = updates[start..<min(start + 100, updates.count)]
                let ids = String(decoding: try encoder.encode(chunk.map(\.cardId)), as: UTF8.self)
                try statement.execute(arguments: StatementArguments(set.map(\.1) + [clock.timestamp, ids]))
                for update in chunk {
                    if let items = update.checklist {
                        try checklist.execute(arguments: [String(decoding: try encoder.encode(items), as: UTF8.self), update.cardId])
                    }
                }
                done += chunk.count
                progress(done)
            }
        }
    }

    // MARK: Exceptions

}

extension JSONEncoder {
    /// The encoder for JSON columns: sorted keys, so equal values are equal text.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

extension CardStore {
    /// Removes `fields` (all when nil) from an occurrence's mask and restores the template's current values.
    public func reapply(_ cardId: String, fields: [CardField]? = nil, clock: BoardClock) throws {
        try write { db in try writing(as: .reapply, db) {
            var card = try BoardStore.card(cardId, db)
            guard let templateId = card.templateId else {
                throw BoardError("id", "card \(cardId) is not an occurrence of a template; there is nothing to reapply")
            }
            let template = try BoardStore.template(templateId, db)
            let restore = fields ?? card.exceptionMask
            var values = card.values
            for field in restore { values.take(field, from: template.values) }
            card.values = values
            if restore.contains(.bucket) && card.bucket != .routines {
                card.bucket = .routines
                card.position = try BoardStore.endPosition(of: .routines, db)
            }
            card.exceptionMask.removeAll { restore.contains($0) }
            card.updatedAt = clock.timestamp
            try card.updateRow(db)
            try BoardStore.record(.reapplied(fields: restore), template: templateId, card: cardId, clock: clock, db)
        } }
    }
}

extension RoutineStore {
    /// The exact effect of an edit: which occurrences change and how. Writes nothing.
    public func planEdit(_ id: String, _ request: TemplateEditRequest, clock: BoardClock) throws -> TemplateEditPlan {
        try read { db in try BoardStore.plan(id, request, today: clock.today, db) }
    }

    /// Applies a plan in one transaction, reporting progress every 100 updates; refuses a plan
    /// the board has moved away from since it was made. A `status` the save asks for (activate,
    /// pause) is set in the same transaction.
    public func applyEdit(_ plan: TemplateEditPlan, status: TemplateStatus? = nil, clock: BoardClock,
                                  progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws {
        try write { db in
            let id = plan.propagation.templateId
            let current = try BoardStore.plan(id, plan.request, today: plan.today, db)
            guard current == plan else {
                throw BoardError("template", "the board changed since this plan was made; plan the edit again")
            }
            var template = try BoardStore.template(id, db)
            template.values = plan.propagation.newValues
            template.times = plan.times
            if let links = plan.request.habitLinks { template.checklist = try BoardStore.linked(template.checklist, to: links, db) }
            template.version += 1
            template.updatedAt = clock.timestamp
            template.endAfterCount = plan.schedule.flatMap { BoardStore.endAfterCount($0.rule) }
            try template.updateRow(db)
            if plan.scheduleChanged, let schedule = plan.schedule {
                var rule = try BoardStore.ruleRecord(ofTemplate: id, db)
                let ruleId = rule.id
                rule = BoardStore.ruleRecord(for: schedule, templateId: id, id: ruleId, clock: clock)
                try rule.updateRow(db)
                try db.execute(sql: "UPDATE series SET starts_on = ?, ends_on = ? WHERE template_id = ?",
                               arguments: [schedule.start, BoardStore.endsOn(schedule.rule), id])
            }
            let total = plan.propagation.updates.count
            try writing(as: .propagation, db) { try BoardStore.write(plan.propagation, clock: clock, db) { done in progress?(done, total) } }
            for cardId in plan.removals { try db.execute(sql: "DELETE FROM tasks WHERE id = ?", arguments: [cardId]) }
            if let schedule = plan.schedule { try BoardStore.rekeyRuns(ofTemplate: id, to: schedule, today: plan.today, db) }
            try BoardStore.record(.templateEdited(version: template.version, fields: plan.propagation.changedFields, updated: total,
                                            removed: plan.removals.count), template: id, clock: clock, db)
            try base.generate(templateId: id, clock: clock, db)
            if let status { try base.changeStatus(id, to: status, clock: clock, db) }
        }
    }
}

extension BoardStore {
    /// Keeps the occurrence key right after the times change (ARCHITECTURE.md §4): from today on,
    /// a routine with several times a day keys each run by its time, one with a single time by its
    /// date alone. A run keyed by date becomes the run at its time, and the other way round, so
    /// moving from one time to two (or back) keeps the cards and the finished work that exist.
    static func rekeyRuns(ofTemplate id: String, to schedule: Schedule, today: LocalDate, _ db: Database) throws {
        if schedule.runsPerDay > 1 {
            try db.execute(sql: """
                UPDATE tasks SET occurrence_time = due_time
                WHERE template_id = ? AND occurrence_date >= ? AND occurrence_time IS NULL
                  AND due_time IN (SELECT value FROM json_each(?))
                """, arguments: [id, today, String(decoding: try JSONEncoder().encode(schedule.times?.times.map(\.description) ?? []), as: UTF8.self)])
        } else {
            try db.execute(sql: """
                UPDATE tasks SET occurrence_time = NULL
                WHERE template_id = ? AND occurrence_date >= ? AND occurrence_time IS NOT NULL AND occurrence_time IS ?
                """, arguments: [id, today, schedule.time])
        }
    }
}
