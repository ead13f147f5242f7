import BoardModel
import GRDB

/// A template with its rule, its series and every card of it, as they were at one moment:
/// what undo puts back after a template change, a propagation included.
public struct RoutineState: Sendable {
    public let templateId: String
    /// nil: the template did not exist (undoing its creation removes it).
    let template: TemplateRecord?
    let rule: RecurrenceRuleRecord?
    let series: SeriesRecord?
    let tasks: [TaskRecord]

    /// A template that does not exist: undoing its creation (or duplication) removes it.
    public static func absent(_ templateId: String) -> RoutineState {
        RoutineState(templateId: templateId, template: nil, rule: nil, series: nil, tasks: [])
    }
}

extension BoardStore {
    /// The template `id` and everything hanging from it, as it is now.
    public func routineState(_ id: String) throws -> RoutineState {
        try database.read { db in
            RoutineState(templateId: id, template: try TemplateRecord.fetchOne(db, key: id),
                         rule: try RecurrenceRuleRecord.filter(Column("template_id") == id).fetchOne(db),
                         series: try SeriesRecord.filter(Column("template_id") == id).fetchOne(db),
                         tasks: try TaskRecord.filter(Column("template_id") == id).fetchAll(db))
        }
    }

    /// Puts a template back as `state` recorded it, in one transaction: cards it has gained since
    /// are removed, cards it changed or removed come back.
    public func restore(_ state: RoutineState) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM tasks WHERE template_id = ?", arguments: [state.templateId])
            guard let template = state.template else {
                try db.execute(sql: "DELETE FROM templates WHERE id = ?", arguments: [state.templateId])
                return
            }
            // Saved in place, never deleted and inserted again: habit entries and the day's ticks
            // hang from the template and must outlive an undo.
            try template.save(db)
            try db.execute(sql: "DELETE FROM recurrence_rules WHERE template_id = ?", arguments: [state.templateId])
            try db.execute(sql: "DELETE FROM series WHERE template_id = ?", arguments: [state.templateId])
            try state.rule?.insert(db)
            try state.series?.insert(db)
            for task in state.tasks { try task.insert(db) }
        }
    }

    /// Freezes `field` of an occurrence as it is, without editing it: propagation leaves it alone.
    public func makeException(_ taskId: String, field: CardField, clock: BoardClock) throws {
        try write { db in
            var task = try Self.task(taskId, db)
            guard let templateId = task.templateId else {
                throw BoardError("id", "task \(taskId) is not an occurrence of a template; only occurrences have exceptions")
            }
            guard !task.exceptionMask.contains(field) else { return }
            task.exceptionMask.append(field)
            task.updatedAt = clock.timestamp
            try task.update(db)
            try Self.record("exception_made", template: templateId, task: taskId, detail: ["field": field.rawValue], clock: clock, db)
        }
    }
}
