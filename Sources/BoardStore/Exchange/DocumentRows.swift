import BoardModel
import Foundation

// Rows to a document and back. Reading a document checks every field with the rules the
// store keeps on the way in, and names a wrong one by its JSON path ("cards[41].bucket").

extension BoardDocument.Card {
    /// A card as `list --json` shows it; `full` adds what a copy needs.
    public init(_ card: CardRecord, full: Bool) {
        self.init(id: card.id, title: card.title, description: card.description, labels: card.labels, bucket: card.bucket.cliName,
                  position: card.position, dueDate: card.dueDate?.iso, dueTime: card.dueTime?.description, priority: card.priority,
                  duration: card.durationMin, completed: card.isCompleted, templateId: card.templateId, seriesId: card.seriesId,
                  occurrenceDate: card.occurrenceDate?.iso, exceptions: card.exceptionMask.map(\.rawValue), checklist: card.checklist,
                  ownerId: full ? card.ownerId : nil, completedAt: full ? card.completedAt : nil,
                  createdAt: full ? card.createdAt : nil, updatedAt: full ? card.updatedAt : nil,
                  remindBefore: full ? card.remindBeforeMin : nil, aimedOn: full ? card.aimedOn?.iso : nil,
                  occurrenceTime: card.occurrenceTime?.description)
    }

    /// The row this card is, or the first wrong field by its path. What a `list --json` card
    /// leaves out is filled in: this board's owner, `now` for its timestamps.
    func record(at path: @autoclosure () -> String, ownerId: String, now: String) throws(BoardError) -> CardRecord {
        func place(_ field: SyncedField) -> String { "\(path()).\(field.documentKey)" }
        func wrong(_ field: SyncedField, _ problem: String) -> BoardError { BoardError(Field(place(field)), problem) }
        try DocumentCheck.id(id, at: place(CardTable.id))
        let bucket: Bucket
        do { bucket = try Bucket(parsing: self.bucket) } catch {
            throw wrong(CardTable.bucket, "unknown bucket '\(self.bucket.echoed)'; use \(Bucket.allCases.map(\.cliName).joined(separator: ", "))")
        }
        let values = CardValues(title: title, description: description, labels: labels, checklist: checklist.map(\.text),
                                time: try DocumentCheck.time(dueTime, at: place(CardTable.dueTime)), priority: priority, duration: duration)
        do { try values.validate() } catch { throw BoardError("\(path()).\(error.field)", error.problem) }
        let mask: [CardField]
        do { mask = try exceptions.map { (name) throws(BoardError) in try CardField(parsing: name) } } catch { throw wrong(CardTable.exceptionMask, error.problem) }
        let remind = remindBefore ?? 0
        try DocumentCheck.remindBefore(remind, at: place(CardTable.remindBefore))
        guard (occurrenceDate == nil) == (seriesId == nil), occurrenceDate == nil || templateId != nil else {
            throw wrong(CardTable.occurrenceDate, "an occurrence has a template, a series and a date; a card has no series and no date")
        }
        guard occurrenceTime == nil || occurrenceDate != nil else {
            throw wrong(CardTable.occurrenceTime, "only an occurrence has a run's time, and this card is none")
        }
        return CardRecord(
            id: id, ownerId: ownerId, title: title, description: description, labels: labels, checklist: checklist, bucket: bucket,
            position: position ?? 0, dueDate: try DocumentCheck.date(dueDate, at: place(CardTable.dueDate)), dueTime: values.time,
            priority: priority, durationMin: duration, isCompleted: completed,
            completedAt: completed ? (completedAt ?? now) : nil, createdAt: createdAt ?? now, updatedAt: updatedAt ?? now,
            templateId: templateId, seriesId: seriesId, occurrenceDate: try DocumentCheck.date(occurrenceDate, at: place(CardTable.occurrenceDate)),
            exceptionMask: mask, remindBeforeMin: remind, aimedOn: try DocumentCheck.date(aimedOn, at: place(CardTable.aimedOn)),
            occurrenceTime: try DocumentCheck.time(occurrenceTime, at: place(CardTable.occurrenceTime)))
    }
}

extension BoardDocument.Template {
    init(_ template: TemplateRecord, rule: RecurrenceRuleRecord?, series: SeriesRecord?) {
        self.init(id: template.id, ownerId: template.ownerId, title: template.title, description: template.description,
                  labels: template.labels, checklist: template.checklist, time: template.times?.description,
                  priority: template.priority, duration: template.defaultDurationMin, status: template.status.rawValue,
                  version: template.version, createdAt: template.createdAt, updatedAt: template.updatedAt,
                  endAfterCount: template.endAfterCount, remindBefore: template.remindBeforeMin,
                  rule: rule.map { BoardDocument.Rule(id: $0.id, rrule: $0.rrule, anchor: $0.anchor, monthEndPolicy: $0.monthEndPolicy,
                                                       timezone: $0.timezone, startsOn: $0.startsOn.iso, endsOn: $0.endsOn?.iso) },
                  series: series.map { BoardDocument.Series(id: $0.id, startsOn: $0.startsOn.iso, endsOn: $0.endsOn?.iso,
                                                           status: $0.status.rawValue, lastGeneratedAt: $0.lastGeneratedAt,
                                                           usedCount: $0.usedCount, skippedDates: $0.skippedDates,
                                                           generatedThrough: $0.generatedThrough?.iso) })
    }

    /// The template's rows: itself, its rule, its series.
    func records(at path: String, ownerId: String) throws(BoardError) -> (TemplateRecord, RecurrenceRuleRecord?, SeriesRecord?) {
        func wrong(_ field: String, _ problem: String) -> BoardError { BoardError("\(path).\(field)", problem) }
        func place(_ field: SyncedField) -> String { "\(path).\(field.documentKey)" }
        func wrong(_ field: SyncedField, _ problem: String) -> BoardError { BoardError(Field(place(field)), problem) }
        try DocumentCheck.id(id, at: place(TemplateTable.id))
        guard let status = TemplateStatus(rawValue: status) else {
            throw wrong(TemplateTable.status, "unknown status '\(self.status.echoed)'; use \(TemplateStatus.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let times = try DocumentCheck.times(self.time, at: place(TemplateTable.defaultTime))
        let values = CardValues(title: title, description: description, labels: labels, checklist: checklist.map(\.text),
                                time: times?.first, priority: priority, duration: duration)
        do { try values.validate() } catch { throw BoardError("\(path).\(error.field)", error.problem) }
        try DocumentCheck.remindBefore(remindBefore, at: place(TemplateTable.remindBefore))
        if let endAfterCount, endAfterCount < 1 { throw wrong(TemplateTable.endAfterCount, "must be 1 or more, got \(endAfterCount)") }
        let template = TemplateRecord(
            id: id, ownerId: ownerId, title: title, description: description, labels: labels, checklist: checklist,
            defaultBucket: .routines, times: times, priority: priority, defaultDurationMin: duration, status: status,
            version: version, createdAt: createdAt, updatedAt: updatedAt, endAfterCount: endAfterCount, remindBeforeMin: remindBefore)
        var ruleRecord: RecurrenceRuleRecord?
        if let rule {
            do { _ = try RecurrenceRule(rrule: rule.rrule, anchor: RecurrenceRule.Anchor(rawValue: rule.anchor) ?? .schedule) } catch {
                throw wrong("rule.rrule", error.description)
            }
            guard RecurrenceRule.Anchor(rawValue: rule.anchor) != nil else { throw wrong("rule.anchor", "must be schedule or completion, got '\(rule.anchor.echoed)'") }
            guard ["clamp", "skip"].contains(rule.monthEndPolicy) else { throw wrong("rule.month_end_policy", "must be clamp or skip, got '\(rule.monthEndPolicy.echoed)'") }
            try DocumentCheck.id(rule.id, at: "\(path).rule.id")
            ruleRecord = RecurrenceRuleRecord(
                id: rule.id, templateId: id, rrule: rule.rrule, anchor: rule.anchor, monthEndPolicy: rule.monthEndPolicy,
                timezone: rule.timezone, startsOn: try DocumentCheck.date(rule.startsOn, at: "\(path).rule.starts_on")!,
                endsOn: try DocumentCheck.date(rule.endsOn, at: "\(path).rule.ends_on"))
        }
        var seriesRecord: SeriesRecord?
        if let series {
            try DocumentCheck.id(series.id, at: "\(path).series.id")
            guard let seriesStatus = TemplateStatus(rawValue: series.status) else { throw wrong("series.status", "unknown status '\(series.status.echoed)'") }
            for (i, day) in series.skippedDates.enumerated() where !SkippedRuns.isEntry(day) {
                throw BoardError(Field("\(path).series.skipped_dates[\(i)]"), "must be a date YYYY-MM-DD or a run YYYY-MM-DDTHH:MM that exists, got '\(day.echoed)'")
            }
            seriesRecord = SeriesRecord(
                id: series.id, templateId: id, ownerId: ownerId, startsOn: try DocumentCheck.date(series.startsOn, at: "\(path).series.starts_on")!,
                endsOn: try DocumentCheck.date(series.endsOn, at: "\(path).series.ends_on"), status: seriesStatus,
                lastGeneratedAt: series.lastGeneratedAt, usedCount: series.usedCount, skippedDates: series.skippedDates,
                generatedThrough: try DocumentCheck.date(series.generatedThrough, at: "\(path).series.generated_through"))
        }
        return (template, ruleRecord, seriesRecord)
    }
}

extension BoardDocument.Habit {
    init(_ habit: HabitRecord, entries: [HabitEntryRecord]) {
        self.init(id: habit.id, ownerId: habit.ownerId, name: habit.name, description: habit.description, archived: habit.archived,
                  createdAt: habit.createdAt, target: habit.target == .daily ? nil : habit.target.text,
                  entries: entries.map { BoardDocument.Entry(day: $0.day.iso, source: $0.source.rawValue, routineId: $0.routineId,
                                                            createdAt: $0.createdAt, updatedAt: $0.updatedAt, device: $0.device, count: $0.count) })
    }

    func records(at path: String, ownerId: String) throws(BoardError) -> (HabitRecord, [HabitEntryRecord]) {
        try DocumentCheck.id(id, at: "\(path).id")
        do { try BoardStore.checkHabit(name: name, description: description) } catch { throw BoardError("\(path).\(error.field)", error.problem) }
        let entries = try self.entries.enumerated().map { (i, entry) throws(BoardError) -> HabitEntryRecord in
            guard let source = HabitEntrySource(rawValue: entry.source) else {
                throw BoardError("\(path).entries[\(i)].source", "must be manual or routine, got '\(entry.source)'")
            }
            if !entry.device.isEmpty { try DocumentCheck.id(entry.device, at: "\(path).entries[\(i)].device") }
            guard (1...HabitEntryRecord.maximumCount).contains(entry.count) else {
                throw BoardError("\(path).entries[\(i)].count", "must be from 1 to \(HabitEntryRecord.maximumCount), got \(entry.count)")
            }
            return HabitEntryRecord(habitId: id, day: try DocumentCheck.date(entry.day, at: "\(path).entries[\(i)].day")!, source: source,
                                    routineId: entry.routineId, createdAt: entry.createdAt, updatedAt: entry.updatedAt,
                                    device: entry.device, count: entry.count)
        }
        let target = try DocumentCheck.habitTarget(self.target, at: "\(path).target") ?? .daily
        return (HabitRecord(id: id, ownerId: ownerId, name: name, description: description, archived: archived, createdAt: createdAt,
                            target: target), entries)
    }
}

/// The checks a document's fields share, each naming the field by its path.
enum DocumentCheck {
    // Paths are spelled out only for an error: an import checks a million fields.
    static func date(_ text: String?, at path: @autoclosure () -> String) throws(BoardError) -> LocalDate? {
        guard let text else { return nil }
        // The path is worked out only for the error: an import checks a million fields.
        guard let date = LocalDate(iso: text) else { return try FieldRules.isoDate(text, field: path()) }
        return date
    }

    static func time(_ text: String?, at path: @autoclosure () -> String) throws(BoardError) -> LocalTime? {
        guard let text else { return nil }
        guard let time = LocalTime(iso: text) else { throw BoardError(Field(path()), "must be a time HH:MM, got '\(text.echoed)'") }
        return time
    }

    /// A routine's times of day, `08:00, 20:00`, named by the path.
    static func times(_ text: String?, at path: @autoclosure () -> String) throws(BoardError) -> TimesOfDay? {
        guard let text else { return nil }
        do { return try TimesOfDay(parsing: text, field: Field(path())) } catch {
            throw BoardError(Field(path()), "must be times HH:MM separated by commas, at most \(TimesOfDay.maxPerDay): \(error.problem)")
        }
    }

    /// A habit's stored target (`3/day`), named by the path; nil for none (daily).
    static func habitTarget(_ text: String?, at path: @autoclosure () -> String) throws(BoardError) -> HabitTarget? {
        guard let text else { return nil }
        guard let target = HabitTarget(text: text) else {
            throw BoardError(Field(path()), "must be a target like 3/day, 4/week or 2/month, got '\(text.echoed)'")
        }
        return target
    }

    /// The store's own rule for "remind before", named by the path.
    static func remindBefore(_ minutes: Int, at path: @autoclosure () -> String) throws(BoardError) {
        do { try BoardStore.validateRemindBefore(minutes) } catch {
            throw BoardError(Field(path()), (error as? BoardError)?.problem ?? "\(error)")
        }
    }

    static func id(_ id: String, at path: @autoclosure () -> String) throws(BoardError) {
        let utf8 = id.utf8
        guard !utf8.isEmpty, utf8.count <= 64, utf8.allSatisfy({ byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }) else {
            throw BoardError(Field(path()), "must be an id of letters, digits and dashes, got '\(id.echoed)'")
        }
    }
}
