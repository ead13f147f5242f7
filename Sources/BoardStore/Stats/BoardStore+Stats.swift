import BoardModel
import Foundation
import GRDB

extension BoardStore {
    /// The stats of every template (or one) and every habit over the last `weeks` weeks
    /// (ARCHITECTURE.md §12), read in one transaction with a few aggregate queries, so a board of
    /// 100,000 cards answers quickly. Habits read their entries only (seed 003).
    public func stats(weeks count: Int, weekStart: Weekday, templateId: String? = nil, clock: BoardClock) throws -> BoardStats {
        let weeks = StatsWeeks(count: count, today: clock.today, weekStart: weekStart)
        return try read { db in
            var templates: [String: TemplateStats] = [:]
            var order: [String] = []
            var request = TemplateRecord.order(TemplateRecord.Columns.title.collating(.localizedCaseInsensitiveCompare), TemplateRecord.Columns.id)
            if let templateId { request = request.filter(TemplateRecord.Columns.id == templateId) }
            for template in try request.fetchAll(db) {
                var s = TemplateStats(id: template.id, title: template.title)
                s.completionByWeek = Array(repeating: nil, count: weeks.starts.count)
                templates[template.id] = s
                order.append(template.id)
            }
            if let templateId, templates.isEmpty { throw BoardError("template", "no template with id \(templateId)") }
            let only = templateId == nil ? "" : "AND template_id = ?"
            /// The query's arguments, and the template's id when there is one.
            func arguments(_ values: [any DatabaseValueConvertible] = []) -> StatementArguments {
                StatementArguments(values + (templateId.map { [$0] } ?? []))
            }
            let today = clock.today.iso

            // The occurrences there are.
            for row in try Row.fetchAll(db, sql: """
                SELECT template_id, COUNT(*), SUM(is_completed), SUM(occurrence_date < ?), SUM(is_completed AND occurrence_date < ?)
                FROM tasks WHERE template_id IS NOT NULL AND occurrence_date IS NOT NULL \(only) GROUP BY template_id
                """, arguments: arguments([today, today])) {
                let id: String = row[0]
                guard var s = templates[id] else { continue }
                let rows: Int = row[1], completed: Int = row[2]
                s.completed = completed
                s.open = rows - completed
                s.due = row[3]
                s.completedDue = row[4]
                templates[id] = s
            }
            // Per week: completed ÷ dated that week up to today.
            var perWeek: [String: [(done: Int, all: Int)]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT template_id, occurrence_date, SUM(is_completed), COUNT(*) FROM tasks
                WHERE template_id IS NOT NULL AND occurrence_date BETWEEN ? AND ? \(only) GROUP BY template_id, occurrence_date
                """, arguments: arguments([weeks.first.iso, today])) {
                let id: String = row[0]
                guard let day = LocalDate(iso: row[1] as String), let w = weeks.index(of: day) else { continue }
                var counts = perWeek[id] ?? Array(repeating: (0, 0), count: weeks.starts.count)
                counts[w].done += row[2] as Int
                counts[w].all += row[3] as Int
                perWeek[id] = counts
            }
            for (id, counts) in perWeek where templates[id] != nil {
                templates[id]!.completionByWeek = counts.map { $0.all == 0 ? nil : Double($0.done) / Double($0.all) }
            }
            // Steps ticked per completed occurrence, where there is a checklist.
            for row in try Row.fetchAll(db, sql: """
                SELECT template_id, AVG((SELECT COUNT(*) FROM json_each(checklist) WHERE json_extract(value, '$.done')))
                FROM tasks WHERE template_id IS NOT NULL AND is_completed = 1 AND checklist <> '[]' \(only) GROUP BY template_id
                """, arguments: arguments()) {
                let id: String = row[0]
                templates[id]?.stepsPerOccurrence = row[1]
            }
            // What the event log counts: made, skipped, deleted, paused, resumed, customised.
            for row in try Row.fetchAll(db, sql: """
                SELECT template_id, kind, json_extract(detail, '$.count'), json_extract(detail, '$.field'),
                       json_extract(detail, '$.date'), json_extract(detail, '$.from')
                FROM events WHERE template_id IS NOT NULL \(only)
                  AND kind IN ('generated', 'skipped', 'occurrence_deleted', 'paused', 'resumed', 'exception_added', 'exception_made')
                """, arguments: arguments()) {
                let id: String = row[0], kind: String = row[1]
                guard var s = templates[id] else { continue }
                switch kind {
                case "generated": s.generated += (row[2] as Int?) ?? 0
                case "skipped": s.skipped += 1
                case "occurrence_deleted":
                    s.deleted += 1
                    if let date = row[4] as String?, date < today { s.due += 1 }
                case "paused": s.pauses += 1
                case "resumed": if (row[5] as String?) != TemplateStatus.draft.rawValue { s.resumes += 1 }
                default: if let field = row[3] as String? { s.exceptions[field, default: 0] += 1 }
                }
                templates[id] = s
            }
            // End-after-N: what is left at the end of each week, from the rule itself.
            for rule in try RecurrenceRuleRecord.filter(templateId == nil || RecurrenceRuleRecord.Columns.templateId == templateId).fetchAll(db) {
                guard templates[rule.templateId] != nil, let parsed = try? rule.rule(), case .count(let n) = parsed.end,
                      let schedule = try? Schedule(rule: parsed, start: rule.startsOn) else { continue }
                templates[rule.templateId]!.remainingByWeek = weeks.starts.indices.map { w in
                    max(0, n - Generation.used(schedule, before: weeks.end(of: w).adding(days: 1)))
                }
            }

            // Habits: entries only.
            var entries: [String: Set<LocalDate>] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT habit_id, day FROM habit_entries") {
                if let day = LocalDate(iso: row[1] as String) { entries[row[0] as String, default: []].insert(day) }
            }
            let habits = templateId != nil ? [] : try HabitRecord.filter(HabitRecord.Columns.archived == false)
                .order(HabitRecord.Columns.name.collating(.localizedCaseInsensitiveCompare)).fetchAll(db)
                .map { HabitStats(id: $0.id, name: $0.name, entries: entries[$0.id] ?? [], weeks: weeks) }
            return BoardStats(weeks: weeks, templates: order.compactMap { templates[$0] }, habits: habits)
        }
    }
}
