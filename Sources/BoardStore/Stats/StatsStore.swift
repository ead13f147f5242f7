import BoardModel
import Foundation
import GRDB

/// The figures read from rows and events (ARCHITECTURE.md §12): `store.stats`.
public struct StatsStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The figures read from rows and events.
    public var stats: StatsStore { StatsStore(base: self) }
}

extension StatsStore {
    /// The stats of every template (or one) and every habit over the last `weeks` weeks
    /// (ARCHITECTURE.md §12), read in one transaction with a few aggregate queries, so a board of
    /// 100,000 cards answers quickly. Habits read their entries only (ARCHITECTURE.md §12).
    public func report(weeks count: Int, weekStart: Weekday, templateId: String? = nil, clock: BoardClock) throws -> BoardStats {
        let weeks = StatsWeeks(count: count, today: clock.today, weekStart: weekStart)
        return try read { db in
            var templates: [String: TemplateStats] = [:]
            var order: [String] = []
            // Ids and titles only: decoding whole records would cost more than all the figures.
            for row in try Row.fetchAll(db, sql: "SELECT id, title FROM templates \(templateId == nil ? "" : "WHERE id = ?") ORDER BY title COLLATE NOCASE, id",
                                        arguments: StatementArguments(templateId.map { [$0] } ?? [])) {
                let id: String = row[0]
                var s = TemplateStats(id: id, title: row[1])
                s.completionByWeek = Array(repeating: nil, count: weeks.starts.count)
                templates[id] = s
                order.append(id)
            }
            if let templateId, templates.isEmpty { throw BoardError("template", "no template with id \(templateId)") }
            let only = templateId == nil ? "" : "AND template_id = ?"
            /// The query's arguments, and the template's id when there is one.
            func arguments(_ values: [any DatabaseValueConvertible] = []) -> StatementArguments {
                StatementArguments(values + (templateId.map { [$0] } ?? []))
            }
            let today = clock.today.iso

            // The occurrences there are, in one pass along the (series, date, completed) index, rows never
            // visited: counted here rather than grouped in SQL, whose sorting would cost more than the reading.
            let seriesTemplate = Dictionary(try Row.fetchAll(db, sql: "SELECT id, template_id FROM series").map { ($0[0] as String, $0[1] as String) },
                                            uniquingKeysWith: { a, _ in a })
            let firstDay = weeks.first.iso
            /// The series being read: its template's figures, its weeks and its ticked steps, kept in
            /// locals until the next series starts (no dictionary touched per occurrence).
            struct Reading {
                var series = ""
                var stats: TemplateStats?
                var rows = 0, completed = 0, due = 0, completedDue = 0
                var week: [(done: Int, all: Int)] = []
            }
            var reading = Reading()
            // Week starts as text: a date's week found by comparing its text, never parsing it.
            let weekStarts = weeks.starts.map(\.iso)
            func flush() {
                guard var s = reading.stats else { return }
                s.completed += reading.completed
                s.open += reading.rows - reading.completed
                s.due += reading.due
                s.completedDue += reading.completedDue
                s.completionByWeek = reading.week.map { $0.all == 0 ? nil : Double($0.done) / Double($0.all) }
                templates[s.id] = s
            }
            let occurrences = try Row.fetchCursor(db, sql: """
                SELECT series_id, occurrence_date, is_completed FROM tasks INDEXED BY tasks_series_completion
                WHERE series_id IS NOT NULL \(templateId == nil ? "" : "AND series_id IN (SELECT id FROM series WHERE template_id = ?)")
                ORDER BY series_id, occurrence_date
                """, arguments: arguments())
            while let row = try occurrences.next() {
                let series: String = row[0]
                if series != reading.series {
                    flush()
                    reading = Reading(series: series, stats: seriesTemplate[series].flatMap { templates[$0] },
                                      week: Array(repeating: (0, 0), count: weeks.starts.count))
                }
                guard reading.stats != nil else { continue }
                let date: String = row[1], completed: Bool = row[2]
                reading.rows += 1
                reading.completed += completed ? 1 : 0
                if date < today {
                    reading.due += 1
                    reading.completedDue += completed ? 1 : 0
                }
                // Per week: completed ÷ dated that week up to today.
                if date >= firstDay && date <= today, let w = weekStarts.lastIndex(where: { $0 <= date }) {
                    reading.week[w].all += 1
                    reading.week[w].done += completed ? 1 : 0
                }
            }
            flush()
            // What the event log counts, grouped by kind along its (kind, template) index.
            typealias Kind = BoardEvent.Kind
            for row in try Row.fetchAll(db, sql: """
                SELECT kind, template_id, COUNT(*),
                       SUM(kind = '\(Kind.occurrenceDeleted.rawValue)' AND json_extract(detail, '$.date') < ?),
                       SUM(kind = '\(Kind.resumed.rawValue)' AND json_extract(detail, '$.from') = 'draft')
                FROM events WHERE kind IN ('\(Kind.skipped.rawValue)', '\(Kind.occurrenceDeleted.rawValue)', '\(Kind.paused.rawValue)',
                                           '\(Kind.resumed.rawValue)') AND template_id IS NOT NULL \(only)
                GROUP BY kind, template_id
                """, arguments: arguments([today])) {
                let id: String = row[1], count: Int = row[2]
                guard var s = templates[id], let kind = Kind(rawValue: row[0]) else { continue }
                switch kind {
                case .skipped: s.skipped += count
                case .occurrenceDeleted:
                    s.deleted += count
                    s.due += row[3] as Int? ?? 0
                case .paused: s.pauses += count
                case .resumed: s.resumes += count - (row[4] as Int? ?? 0)
                default: break
                }
                templates[id] = s
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT template_id, json_extract(detail, '$.field'), COUNT(DISTINCT COALESCE(task_id, id)) FROM events
                WHERE kind IN ('\(Kind.exceptionAdded.rawValue)', '\(Kind.exceptionMadeBefore014)') AND template_id IS NOT NULL \(only) GROUP BY 1, 2
                """, arguments: arguments()) {
                let id: String = row[0]
                if let field = row[1] as String? { templates[id]?.exceptions[field, default: 0] += row[2] as Int }
            }
            // End-after-N: what is left at the end of each week, from the rule itself, in one walk along it.
            for rule in try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.rrule.like("%COUNT=%"))
                .filter(templateId == nil || RecurrenceRuleRecord.Columns.templateId == templateId).fetchAll(db) {
                guard templates[rule.templateId] != nil, let parsed = try? rule.rule(), case .count(let n) = parsed.end,
                      let schedule = try? Schedule(rule: parsed, start: rule.startsOn) else { continue }
                var used = 0, remaining: [Int] = []
                var dates = schedule.occurrences.makeIterator()
                var next = dates.next()
                for w in weeks.starts.indices {
                    while let date = next, date <= weeks.end(of: w) {
                        used += 1
                        next = dates.next()
                    }
                    remaining.append(max(0, n - used))
                }
                templates[rule.templateId]!.remainingByWeek = remaining
            }
            // Habits: entries only.
            let entries = try BoardStore.entryCounts(db)
            let habits = templateId != nil ? [] : try HabitRecord.filter(HabitRecord.Columns.archived == false)
                .order(HabitRecord.Columns.name.collating(.localizedCaseInsensitiveCompare)).fetchAll(db)
                .map { HabitStats(id: $0.id, name: $0.name, target: $0.target, entries: entries[$0.id] ?? [:], weeks: weeks, weekStart: weekStart) }
            return BoardStats(weeks: weeks, templates: order.compactMap { templates[$0] }, habits: habits)
        }
    }
}
