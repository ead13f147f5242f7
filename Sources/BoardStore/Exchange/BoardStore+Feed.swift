import BoardModel
import Foundation
import GRDB

extension ExchangeStore {
    /// Days a calendar feed reaches back, and ahead, of today.
    public static let feedDaysBack = 30, feedDaysAhead = 365

    /// What a person's calendar feed holds (ARCHITECTURE.md §22): every dated card and routine run
    /// from 30 days back to a year ahead, runs still only planned included as the agenda plans them,
    /// each under the id its card has or will have, so a calendar keeps one event from plan to done.
    /// A timed card not yet done carries its reminder.
    public func feedItems(clock: BoardClock) throws -> [CalendarItem] {
        let range = clock.today.adding(days: -Self.feedDaysBack)...clock.today.adding(days: Self.feedDaysAhead)
        let zone = clock.zone.identifier
        return try read { db in
            var items: [CalendarItem] = []
            try BoardStore.forEachCard(where: "due_date BETWEEN '\(range.lowerBound.iso)' AND '\(range.upperBound.iso)'", db) { card in
                items.append(CalendarItem(uid: card.id, values: card.values, start: card.dueDate!, rule: nil, timeZone: zone,
                                          completedAt: card.completedAt, updatedAt: card.updatedAt,
                                          remindBefore: card.dueTime != nil && !card.isCompleted ? card.remindBeforeMin : nil))
            }
            var templates: [String: TemplateRecord] = [:]
            try base.forEachPlannedRun(range, today: clock.today, db) { run in
                let template = try templates[run.templateId] ?? BoardStore.template(run.templateId, db)
                templates[run.templateId] = template
                var values = template.values
                values.time = run.time
                items.append(CalendarItem(uid: run.cardId, values: values, start: run.date, rule: nil, timeZone: zone,
                                          updatedAt: template.updatedAt, remindBefore: run.time == nil ? nil : template.remindBeforeMin))
            }
            return items.sorted { ($0.start, $0.values.time?.minuteOfDay ?? -1, $0.uid) < ($1.start, $1.values.time?.minuteOfDay ?? -1, $1.uid) }
        }
    }
}

extension ExchangeStore {
    /// The page a link to routine `templateId` shows (ARCHITECTURE.md §22): nil once the routine is
    /// gone from the board or archived. Its week of runs is the agenda's, made and planned alike.
    public func routinePage(_ templateId: String, clock: BoardClock) throws -> RoutinePage? {
        guard let template = try read({ db in try TemplateRecord.fetchOne(db, key: templateId) }), template.status != .archived else { return nil }
        let week = clock.today...clock.today.adding(days: RoutinePage.days - 1)
        let runs = try base.agenda.days(week, clock: clock).filter { $0.templateId == templateId }
            .map { RoutinePage.Run(date: $0.date, time: $0.time, done: $0.isCompleted) }
        let scheduled = try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM recurrence_rules WHERE template_id = ?)", arguments: [templateId]) ?? false }
        return RoutinePage(title: template.title, description: template.description, steps: template.checklist.map(\.text),
                           today: clock.today, runs: runs, scheduled: scheduled)
    }
}
