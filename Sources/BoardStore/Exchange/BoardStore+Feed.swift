import BoardModel
import Foundation
import GRDB

extension ExchangeStore {
    /// Days a calendar feed reaches back, and ahead, of today.
    public static let feedDaysBack = 30, feedDaysAhead = 365

    /// What a person's calendar feed holds (ARCHITECTURE.md §22): every dated card from 30 days
    /// back to a year ahead, and each routine with a calendar schedule as one recurring event (one
    /// per time of a routine several times a day) from its first run in that window, with its
    /// skipped and deleted runs excluded: the calendar plans the runs past the generated week from
    /// the same RRULE the agenda plans them from, and a feed of a thousand daily routines stays a
    /// thousand events. A run the board has made is that event's instance (RECURRENCE-ID) with the
    /// card's own title, time and tick, so a calendar keeps one event from plan to done; one its
    /// rule no longer has stands alone. A timed card not yet done carries its reminder.
    public func feedItems(clock: BoardClock) throws -> [CalendarItem] {
        let window = clock.today.adding(days: -Self.feedDaysBack)...clock.today.adding(days: Self.feedDaysAhead)
        let zone = clock.zone.identifier
        return try read { db in
            var items: [CalendarItem] = []
            // The recurring events, and by routine and time the schedule whose instances a made run may be.
            var recurring: [String: [LocalTime?: (uid: String, schedule: Schedule, zone: String)]] = [:]
            let rules = Dictionary(try RecurrenceRuleRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
            let series = Dictionary(try SeriesRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
            for template in try TemplateRecord.filter(TemplateRecord.Columns.status == TemplateStatus.active).order(TemplateRecord.Columns.id).fetchAll(db) {
                guard let ruleRecord = rules[template.id], let rule = try? ruleRecord.rule(), rule.anchor == .schedule,
                      let schedule = try? Schedule(rule: rule, start: ruleRecord.startsOn, times: template.times) else { continue }
                let ruleZone = ruleRecord.timezone ?? zone
                let skipped = series[template.id]?.skippedRuns ?? SkippedRuns()
                let times = schedule.runsPerDay > 1 ? template.times!.times.map(Optional.some) : [nil]
                for time in times {
                    let ofTime = { (run: LocalDateTime) in time == nil || run.time == time }
                    guard let first = schedule.runs(atOrAfter: LocalDateTime(date: window.lowerBound, time: .midnight)).lazy.first(where: ofTime),
                          first.date <= window.upperBound else { continue }
                    // A time kept to weekdays repeats on those alone; a COUNT, which counts every
                    // time's runs from the rule's start, becomes the date of this time's last run.
                    var timeRule = try template.times?.rule(rule, at: time) ?? rule
                    if case .count = rule.end, let last = schedule.runs().filter(ofTime).last {
                        timeRule = timeRule.ending(.until(last.date, schedule.times == nil ? nil : last.time))
                    }
                    let uid = time.map { CalendarItem.runUID(template.id, $0) } ?? template.id
                    var values = template.values
                    values.time = schedule.times == nil ? nil : first.time
                    let excluded = skipped.dates(at: time)
                    items.append(CalendarItem(uid: uid, values: values, start: first.date, rule: timeRule, timeZone: ruleZone,
                                              skipped: excluded.filter { $0 >= first.date }.sorted(), updatedAt: template.updatedAt,
                                              remindBefore: values.time == nil ? nil : template.remindBeforeMin))
                    recurring[template.id, default: [:]][time] = (uid, schedule, ruleZone)
                }
            }
            let dated = "(due_date BETWEEN '\(window.lowerBound.iso)' AND '\(window.upperBound.iso)' OR occurrence_date BETWEEN '\(window.lowerBound.iso)' AND '\(window.upperBound.iso)')"
            // In no order (the board's would sort every column for nothing), column positions found once.
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM tasks WHERE due_date IS NOT NULL AND \(dated)")
            var positions: [Int]?
            while let row = try rows.next() {
                let p = try positions ?? CardRecord.columnPositions(in: row)
                positions = p
                let card = try CardRecord(row: row, at: p)
                var item = CalendarItem(uid: card.id, values: card.values, start: card.dueDate!, rule: nil, timeZone: zone,
                                        completedAt: card.completedAt, updatedAt: card.updatedAt,
                                        remindBefore: card.dueTime != nil && !card.isCompleted ? card.remindBeforeMin : nil)
                // A run of a recurring event: that event's instance, if its rule still has it.
                if let templateId = card.templateId, let date = card.occurrenceDate, let times = recurring[templateId],
                   let (uid, schedule, ruleZone) = times[card.occurrenceTime] ?? times[nil] {
                    let run = LocalDateTime(date: date, time: card.occurrenceTime ?? schedule.time ?? .midnight)
                    if schedule.next(atOrAfter: run) == run {
                        item.uid = uid
                        item.timeZone = ruleZone
                        item.recurrenceDate = date
                        item.recurrenceTime = schedule.times == nil ? nil : run.time
                    }
                }
                items.append(item)
            }
            // The recurring events came first: a calendar reads an event's instances after the event.
            return items
        }
    }
}

extension ExchangeStore {
    /// The page a link to routine `templateId` shows (ARCHITECTURE.md §22): nil once the routine is
    /// gone from the board or archived. Its week of runs is the agenda's, made and planned alike.
    public func routinePage(_ templateId: String, clock: BoardClock) throws -> RoutinePage? {
        guard let template = try read({ db in try TemplateRecord.fetchOne(db, keyValues: [templateId]) }), template.status != .archived else { return nil }
        let week = clock.today...clock.today.adding(days: RoutinePage.days - 1)
        let runs = try base.agenda.days(week, clock: clock).filter { $0.templateId == templateId }
            .map { RoutinePage.Run(date: $0.date, time: $0.time, done: $0.isCompleted) }
        let scheduled = try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM recurrence_rules WHERE template_id = ?)", arguments: [templateId]) ?? false }
        return RoutinePage(title: template.title, description: template.description, steps: template.checklist.map(\.text),
                           today: clock.today, runs: runs, scheduled: scheduled)
    }
}
