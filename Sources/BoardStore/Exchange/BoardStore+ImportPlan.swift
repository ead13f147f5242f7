import BoardModel
import Foundation
import GRDB

/// What an import from another tool did, or with `--dry-run` would do.
public struct PlanSummary: Hashable, Sendable {
    public var templates = ImportSummary.Counts()
    public var occurrences = ImportSummary.Counts()
    public var cards = ImportSummary.Counts()
}

extension BoardStore {
    struct DryRunResult: Error { let summary: PlanSummary }

    func write(_ plan: ImportPlan, clock: BoardClock, _ db: Database) throws -> PlanSummary {
        var summary = PlanSummary()
        let now = clock.timestamp

        func count<R: BoardRecord & Equatable>(_ record: R, existing: R?, _ counts: inout ImportSummary.Counts) throws {
            try Self.upsert(record, existing: existing, into: &counts, db)
        }

        for template in plan.templates {
            let status = TemplateStatus.active
            let existing = try TemplateRecord.fetchOne(db, keyValues: [template.id])
            var record = existing ?? TemplateRecord(
                id: template.id, ownerId: ownerId, title: "", description: "", labels: [], checklist: [], defaultBucket: .routines,
                times: nil, priority: 0, defaultDurationMin: nil, status: status, version: 1, createdAt: now, updatedAt: now,
                endAfterCount: nil, remindBeforeMin: 0)
            // The board's checklist and its own steps are the board's; the rest is the source's.
            var values = template.values
            values.checklist = record.values.checklist
            if existing != nil && record.values != values {
                record.version += 1
                record.updatedAt = now
            }
            record.values = values
            if let times = template.times { record.times = times }
            record.endAfterCount = Self.endAfterCount(template.rule)
            var counts = ImportSummary.Counts()
            try count(record, existing: existing, &counts)

            let schedule = try Schedule(rule: template.rule, start: template.start, times: record.times)
            // A template already here (a calendar this board exported) keeps its own rule and series rows.
            let existingRule = try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == template.id).fetchOne(db)
            let existingSeries = try SeriesRecord.filter(SeriesRecord.Columns.templateId == template.id).fetchOne(db)
            let ruleId = existingRule?.id ?? template.id + "-rule", seriesId = existingSeries?.id ?? template.id + "-series"
            var rule = Self.ruleRecord(for: schedule, templateId: template.id, id: ruleId, clock: clock)
            rule.timezone = template.timeZone ?? clock.zone.identifier
            // A calendar starts a rule at its first date; the board may have started the same rule
            // earlier (the day it was made). The same rule with the same first date is the same schedule.
            var start = template.start
            if let existingRule, existingRule.rrule == rule.rrule, let kept = try? existingRule.rule(),
               (try? Schedule(rule: kept, start: existingRule.startsOn, times: record.times))?.next(onOrAfter: existingRule.startsOn) == template.start {
                start = existingRule.startsOn
                rule.startsOn = start
            }
            var series = existingSeries ?? SeriesRecord(
                id: seriesId, templateId: template.id, ownerId: ownerId, startsOn: start, endsOn: Self.endsOn(template.rule),
                status: status, lastGeneratedAt: nil, usedCount: 0, skippedDates: [], generatedThrough: nil)
            series.startsOn = start
            series.endsOn = Self.endsOn(template.rule)
            // A run skipped here (one of several a day) stays skipped beside the source's days.
            series.skippedDates = Set(series.skippedDates).union(template.skipped.map(\.iso)).sorted()
            var parts = ImportSummary.Counts()
            try count(rule, existing: existingRule, &parts)
            try count(series, existing: existingSeries, &parts)
            if counts.unchanged == 1 && parts.added + parts.updated > 0 { counts = .init(updated: 1) }
            summary.templates.added += counts.added
            summary.templates.updated += counts.updated
            summary.templates.unchanged += counts.unchanged

            var position = try Self.endPosition(of: .routines, db)
            for occurrence in template.occurrences {
                // An occurrence is its series and date; a new one takes the id generation would give it.
                let found = try CardRecord.filter(CardRecord.Columns.seriesId == seriesId && CardRecord.Columns.occurrenceDate == occurrence.date).fetchOne(db)
                var record = found ?? CardRecord(
                    id: NameBasedId.occurrence(series: seriesId, date: occurrence.date), ownerId: ownerId, title: "", description: "", labels: [], checklist: [], bucket: .routines,
                    position: position, dueDate: occurrence.date, dueTime: nil, priority: 0, durationMin: nil, isCompleted: false,
                    completedAt: nil, createdAt: now, updatedAt: now, templateId: template.id, seriesId: seriesId,
                    occurrenceDate: occurrence.date, exceptionMask: [], remindBeforeMin: 0)
                if found == nil { position += 1 }
                let before = record
                var values = occurrence.values
                values.checklist = found?.values.checklist ?? template.values.checklist
                record.values = values
                // A bucket the board moved it to stays, with its exception; a completion is never undone.
                record.exceptionMask = Array(Set(occurrence.exceptions).union(record.exceptionMask.filter { $0 == .bucket || $0 == .checklist })).sorted()
                if let completedAt = occurrence.completedAt, !record.isCompleted {
                    record.isCompleted = true
                    record.completedAt = completedAt
                }
                if found != nil && record != before { record.updatedAt = now }
                try count(record, existing: found, &summary.occurrences)
                if found == nil {
                    // What stats count: each field the other tool made an occurrence's own.
                    for field in record.exceptionMask {
                        try Self.record(.exceptionAdded(field: field, how: .import), template: template.id, card: record.id, clock: clock, db)
                    }
                }
            }
        }

        for card in plan.cards {
            let found = try CardRecord.fetchOne(db, keyValues: [card.id])
            let end = found == nil ? try Self.endPosition(of: card.bucket, db) : 0
            var record = found ?? CardRecord(
                id: card.id, ownerId: ownerId, title: "", description: "", labels: [], checklist: [], bucket: card.bucket,
                position: end, dueDate: nil, dueTime: nil, priority: 0, durationMin: nil,
                isCompleted: false, completedAt: nil, createdAt: now, updatedAt: now, templateId: nil, seriesId: nil,
                occurrenceDate: nil, exceptionMask: [], remindBeforeMin: 0)
            guard !record.isOccurrence else { throw BoardError("card", "'\(card.id)' is an occurrence on this board; it can't be imported as a card") }
            // Put there by a person where its date says otherwise: it holds that place, as after a move.
            if found == nil, card.placed, card.due.map(horizons(clock).bucket(forDate:)) != card.bucket { record.aimedOn = clock.today }
            let before = record
            var values = card.values
            values.checklist = record.values.checklist
            record.values = values
            record.dueDate = card.due
            if let completedAt = card.completedAt, !record.isCompleted {
                record.isCompleted = true
                record.completedAt = completedAt
            }
            if found != nil && record != before { record.updatedAt = now }
            try count(record, existing: found, &summary.cards)
        }
        for template in plan.templates {
            try generate(templateId: template.id, clock: clock, db)
        }
        return summary
    }
}

extension ExchangeStore {
    /// Writes an import plan (taskwarrior, iCalendar; ARCHITECTURE.md §11) in one transaction. Rows
    /// keep the plan's ids, so a second import of the same source updates rather than duplicates:
    /// what the source says (titles, labels, priority, dates, rules) is brought up to date, what
    /// only the board has (a card's bucket and place, its checklist, a completion) is kept. An
    /// occurrence is found by its id or by its series and date, so one the board generated itself
    /// is taken over, never doubled. Active templates then generate their week, as when added.
    public func importPlan(_ plan: ImportPlan, dryRun: Bool = false, clock: BoardClock) throws -> PlanSummary {
        do {
            return try write { db in
                let summary = try base.write(plan, clock: clock, db)
                if dryRun { throw BoardStore.DryRunResult(summary: summary) }
                return summary
            }
        } catch let dry as BoardStore.DryRunResult {
            return dry.summary
        }
    }
}
