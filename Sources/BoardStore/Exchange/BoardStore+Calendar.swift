import BoardModel
import Foundation
import GRDB

extension ExchangeStore {
    /// What `board export ics` writes (ARCHITECTURE.md §11): every active template with a calendar
    /// rule, starting on its rule's first day, with its skipped dates; every dated plain card.
    /// `notes` says which templates a calendar can't hold (after-completion rules, checklist routines).
    public func calendarItems(clock: BoardClock) throws -> (items: [CalendarItem], notes: [String]) {
        try read { db in
            var items: [CalendarItem] = [], notes: [String] = []
            let rules = Dictionary(try RecurrenceRuleRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
            let series = Dictionary(try SeriesRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
            for template in try TemplateRecord.filter(TemplateRecord.Columns.status == TemplateStatus.active).order(TemplateRecord.Columns.id).fetchAll(db) {
                let title = "“" + template.title.escapedForTerminal + "”"
                guard let ruleRecord = rules[template.id] else {
                    notes.append("\(title) has no schedule (a checklist routine); left out")
                    continue
                }
                let rule = try ruleRecord.rule()
                guard rule.anchor == .schedule else {
                    notes.append("\(title) repeats after completion, which iCalendar can't say; left out")
                    continue
                }
                let schedule = try Schedule(rule: rule, start: ruleRecord.startsOn, times: template.times)
                guard let first = schedule.next(onOrAfter: ruleRecord.startsOn) else {
                    notes.append("\(title) has no date left; left out")
                    continue
                }
                let skipped = series[template.id]?.skippedRuns ?? SkippedRuns()
                // Several times a day: one component per time (`CalendarItem.runUID`), as calendars
                // that hold one time per event (calcurse) read them; Board reads them back as one.
                let times = (template.times?.times.count ?? 0) > 1 ? template.times!.times.map(Optional.some) : [nil]
                for time in times {
                    var values = template.values
                    if let time { values.time = time }
                    let days = skipped.dates(at: time)
                    // A time kept to weekdays repeats on those days alone, from its first run.
                    let timeRule = try template.times?.rule(rule, at: time) ?? rule
                    var start = first
                    if let time, template.times?.days[time] != nil {
                        guard let day = schedule.runs().lazy.first(where: { $0.time == time })?.date else { continue }
                        start = day
                    }
                    items.append(CalendarItem(uid: time.map { CalendarItem.runUID(template.id, $0) } ?? template.id, values: values,
                                              start: start, rule: timeRule, timeZone: ruleRecord.timezone ?? clock.zone.identifier,
                                              skipped: days.sorted(), updatedAt: template.updatedAt))
                }
            }
            try BoardStore.forEachCard(shownBy: horizons(clock), where: "due_date IS NOT NULL AND occurrence_date IS NULL", db) { card in
                items.append(CalendarItem(uid: card.id, values: card.values, start: card.dueDate!, rule: nil, timeZone: clock.zone.identifier,
                                          bucket: card.bucket, completedAt: card.completedAt, updatedAt: card.updatedAt))
            }
            return (items, notes)
        }
    }
}
