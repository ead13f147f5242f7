import BoardModel
import GRDB

/// Cards: create, edit, move, reorder, complete, reopen, delete.
extension BoardStore {

    func moveCard(_ id: String, to bucket: Bucket, position: Int? = nil, clock: BoardClock, _ db: Database) throws {
        let horizons = horizons(clock)
        var task = try Self.card(id, db)
        let column = try Self.columns(horizons, db).rows(in: bucket)
        let others = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks WHERE \(column) AND id != ?", arguments: [id]) ?? 0
        if let position, !(0...others).contains(position) {
            throw BoardError("position", "must be from 0 (the top) to \(others) (the end) in \(bucket.title), got \(position)")
        }
        if task.isOccurrence && bucket != task.bucket && !task.exceptionMask.contains(.bucket) {
            task.exceptionMask = (task.exceptionMask + [.bucket]).sorted()
            try Self.record(.exceptionAdded(field: .bucket, how: .edit), template: task.templateId, task: id, clock: clock, db)
        }
        task.position = try Self.makeRoom(for: task, in: column, at: position ?? others, db)
        task.bucket = bucket
        task.aimedOn = bucket == .routines ? nil : clock.today
        task.updatedAt = clock.timestamp
        try task.update(db)
    }

    /// The position that puts `task` at `index` among the other cards of `bucket`: between its new
    /// neighbours' positions, so a move writes the moved card alone and two devices moving cards at
    /// once both land (ARCHITECTURE.md §13). Only when the neighbours leave no room between them is
    /// the bucket numbered afresh, `positionSpacing` apart.
    private static func makeRoom(for task: CardRecord, in column: String, at index: Int, _ db: Database) throws -> Int {
        let order = "ORDER BY position, created_at, id"
        // The other cards' positions just before and at the index.
        let around = try Int.fetchAll(db, sql: "SELECT position FROM tasks WHERE \(column) AND id != ? \(order) LIMIT 2 OFFSET ?",
                                      arguments: [task.id, max(0, index - 1)])
        let before = index > 0 ? around.first : nil
        let target = index > 0 ? (around.count > 1 ? around[1] : nil) : around.first
        switch (before, target) {
        case (nil, nil): return 0
        case (let before?, nil): return before + positionSpacing
        case (nil, let target?): return target - positionSpacing
        case (let before?, let target?) where target - before >= 2: return before + (target - before) / 2
        default:
            var ids = try String.fetchAll(db, sql: "SELECT id FROM tasks WHERE \(column) AND id != ? \(order)", arguments: [task.id])
            ids.insert(task.id, at: index)
            for (i, id) in ids.enumerated() where id != task.id {
                try db.execute(sql: "UPDATE tasks SET position = ? WHERE id = ? AND position IS NOT ?", arguments: [i * positionSpacing, id, i * positionSpacing])
            }
            return index * positionSpacing
        }
    }

    func completeCard(_ id: String, clock: BoardClock, _ db: Database) throws {
        var task = try Self.card(id, db)
        guard !task.isCompleted else { throw BoardError("id", "“\(task.title)” is already completed; nothing to do") }
        task.isCompleted = true
        task.completedAt = clock.timestamp
        task.updatedAt = clock.timestamp
        try task.update(db)
        if let templateId = task.templateId {
            try Self.record(.occurrenceCompleted, template: templateId, task: id, clock: clock, db)
            try scheduleNextAfterCompletion(of: task, on: clock.today, clock: clock, db)
            try archiveIfEnded(afterCompleting: task, clock: clock, db)
        }
    }

    /// The open occurrence an after-completion series made when `task` was completed: removed
    /// (its date was never due) while untouched; otherwise the reopen is refused.
    func takeBackNextAfterCompletion(reopening task: CardRecord, today: LocalDate, _ db: Database) throws {
        guard let seriesId = task.seriesId, var series = try SeriesRecord.fetchOne(db, key: seriesId),
              let rule = try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == series.templateId).fetchOne(db),
              try rule.rule().anchor == .completion else { return }
        let open = try CardRecord.filter(CardRecord.Columns.seriesId == seriesId && CardRecord.Columns.isCompleted == false && CardRecord.Columns.id != task.id)
            .fetchAll(db)
        for next in open {
            let untouched = next.exceptionMask.isEmpty && !next.checklist.contains(where: \.done) && next.bucket == .routines
            guard untouched else {
                throw BoardError("reopen", "the next “\(next.title)” (\(next.occurrenceDate.map { MonthName.due($0, nil, today: today) } ?? "?")) was already changed; complete or delete it first, so the routine keeps one open occurrence")
            }
            try next.delete(db)
            series.usedCount = max(0, series.usedCount - 1)
        }
        if !open.isEmpty { try series.update(db) }
    }

    static func validateRemindBefore(_ minutes: Int) throws {
        guard (0...maxRemindBefore).contains(minutes) else {
            throw BoardError("remind-before", "must be 0 to \(maxRemindBefore) minutes, got \(minutes)")
        }
    }

    static func skip(_ date: LocalDate, inSeries seriesId: String, _ db: Database) throws {
        guard var series = try SeriesRecord.fetchOne(db, key: seriesId) else { return }
        if !series.skippedDates.contains(date.iso) {
            series.skippedDates = (series.skippedDates + [date.iso]).sorted()
            try series.update(db)
        }
    }
}

/// The cards (ARCHITECTURE.md §4, §15): create, edit, move, reorder, complete, reopen, delete,
/// read. `store.cards`.
public struct CardStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The cards: create, edit, move, reorder, complete, reopen, delete, read.
    public var cards: CardStore { CardStore(base: self) }
}

extension CardStore {
    /// Adds a plain card at the end of `bucket`, aimed at it today; without a bucket, a card with a
    /// date follows its date (ARCHITECTURE.md §15) and one without goes to This Week. A one-time
    /// card may not be due in the past.
    @discardableResult
    public func add(_ values: CardValues, bucket: Bucket? = nil, due: LocalDate? = nil, remindBefore: Int = 0,
                        clock: BoardClock) throws -> CardRecord {
        try values.validate()
        try BoardStore.validateRemindBefore(remindBefore)
        if let due { try FirstOccurrence.checkOneTime(date: due, time: values.time, now: clock.local) }
        else if values.time != nil { throw BoardError("time", "a time needs a due date (--due)") }
        let horizons = horizons(clock)
        let followsDue = bucket == nil && due != nil
        let stored = bucket ?? due.map(horizons.column(forDate:)) ?? .thisWeek
        return try write { db in
            var task = CardRecord(
                id: BoardStore.newId(), ownerId: ownerId, title: values.title, description: values.description,
                labels: values.labels, checklist: values.checklist.map { ChecklistItem($0) }, bucket: stored,
                position: 0, dueDate: due, dueTime: values.time,
                priority: values.priority, durationMin: values.duration, isCompleted: false, completedAt: nil,
                createdAt: clock.timestamp, updatedAt: clock.timestamp, templateId: nil, seriesId: nil,
                occurrenceDate: nil, exceptionMask: [], remindBeforeMin: remindBefore,
                aimedOn: followsDue || stored == .routines ? nil : clock.today)
            task.position = try BoardStore.endPosition(of: task.column(horizons), in: horizons, db)
            try task.insert(db)
            return task
        }
    }

    /// Edits a card. On an occurrence every field whose value changes joins its exception mask.
    @discardableResult
    public func edit(_ id: String, _ edit: CardEdit, due: FieldEdit<LocalDate> = .keep, clock: BoardClock) throws -> CardRecord {
        try write { db in
            var task = try BoardStore.card(id, db)
            let before = task.values, dueBefore = task.dueDate
            let after = edit.applied(to: before)
            try after.validate()
            // A form sends the date back unchanged; only a different one is a change.
            let newDue = due.applied(to: task.dueDate)
            if newDue != task.dueDate {
                guard !task.isOccurrence else {
                    throw BoardError("due", "an occurrence is due on its own date; skip it or edit its template")
                }
                task.dueDate = newDue
            }
            if after.time != nil && task.dueDate == nil { throw BoardError("time", "a time needs a due date (--due)") }
            // A new date or time for a one-time card follows the rule of a new card: not in the past.
            if !task.isOccurrence, let dueDate = task.dueDate, dueDate != dueBefore || after.time != before.time {
                try FirstOccurrence.checkOneTime(date: dueDate, time: after.time, now: clock.local)
            }
            task.values = after
            if task.isOccurrence {
                let changed = before.changedFields(to: after)
                task.exceptionMask = Array(Set(task.exceptionMask).union(changed)).sorted()
                for field in changed {
                    try BoardStore.record(.exceptionAdded(field: field, how: .edit), template: task.templateId, task: id, clock: clock, db)
                }
            }
            task.updatedAt = clock.timestamp
            try task.update(db)
            return task
        }
    }

    /// Moves a card to the column `bucket`, at `position` (0-based) or the end, and aims it there
    /// from today (ARCHITECTURE.md §15): a person's move wins for its period. Moving an occurrence
    /// out of Routines makes `bucket` an exception; reordering within a bucket does not.
    public func move(_ id: String, to bucket: Bucket, position: Int? = nil, clock: BoardClock) throws {
        try write { db in try base.moveCard(id, to: bucket, position: position, clock: clock, db) }
    }

    /// Completes a card. Completing the open occurrence of an after-completion series schedules the next.
    public func complete(_ id: String, clock: BoardClock) throws {
        try write { db in try base.completeCard(id, clock: clock, db) }
    }

    /// Reopens a completed card. Reopening an after-completion occurrence takes back the next one
    /// its completion created, so the series keeps exactly one open occurrence; if that next one
    /// was already edited, ticked or moved, the reopen is refused rather than lose that work.
    public func reopen(_ id: String, clock: BoardClock) throws {
        try write { db in
            var task = try BoardStore.card(id, db)
            guard task.isCompleted else { throw BoardError("id", "“\(task.title)” is not completed; nothing to reopen") }
            try base.takeBackNextAfterCompletion(reopening: task, today: clock.today, db)
            task.isCompleted = false
            task.completedAt = nil
            task.updatedAt = clock.timestamp
            try task.update(db)
            if task.isOccurrence { try BoardStore.record(.occurrenceReopened, template: task.templateId, task: id, clock: clock, db) }
        }
    }

    /// Deletes a card. A deleted occurrence's date is skipped, so generation never brings it back.
    public func delete(_ id: String, clock: BoardClock) throws {
        try write { db in
            let task = try BoardStore.card(id, db)
            if let seriesId = task.seriesId, let date = task.occurrenceDate {
                try BoardStore.skip(date, inSeries: seriesId, db)
                try BoardStore.record(.occurrenceDeleted(date: date), template: task.templateId, task: id, clock: clock, db)
            }
            try task.delete(db)
        }
    }

    /// Every card, by bucket and position.
    public func list(in bucket: Bucket? = nil) throws -> [CardRecord] {
        try read { db in
            var request = CardRecord.all()
            if let bucket { request = request.filter(CardRecord.Columns.bucket == bucket) }
            let tasks = try request.order(CardRecord.Columns.position, CardRecord.Columns.createdAt, CardRecord.Columns.id).fetchAll(db)
            return tasks.sorted { (Bucket.allCases.firstIndex(of: $0.bucket)!, $0.position) < (Bucket.allCases.firstIndex(of: $1.bucket)!, $1.position) }
        }
    }

    public func find(_ id: String) throws -> CardRecord {
        try read { db in try BoardStore.card(id, db) }
    }
}

extension CardStore {
    // MARK: Ids

    /// The card whose id is `prefix` or starts with it, like git's abbreviated hashes (its row is
    /// in the table `tasks`). One of a routine another person shares is refused here by name: every
    /// command that takes a card's id changes it.
    public func id(matching prefix: String) throws -> String {
        try read { db in try BoardStore.resolveOwn(prefix, in: "tasks", noun: "card", db) }
    }
}
