import BoardModel
import GRDB

/// What a card's transactions share with other capabilities' (the agenda moves and completes a
/// planned run's card in its own transaction).
extension BoardStore {
    func moveCard(_ id: String, to bucket: Bucket, position: Int? = nil, clock: BoardClock, _ db: Database) throws {
        let horizons = horizons(clock)
        var card = try Self.card(id, db)
        let columns = try Self.columns(horizons, db), column = columns.rows(in: bucket)
        let inColumn = try Bool.fetchOne(db, sql: "SELECT \(column) FROM tasks WHERE id = ?", arguments: [id]) ?? false
        let others = (try Self.columnCounts(columns, db)[bucket] ?? 0) - (inColumn ? 1 : 0)
        if let position, !(0...others).contains(position) {
            throw BoardError("position", "must be from 0 (the top) to \(others) (the end) in \(bucket.title), got \(position)")
        }
        if card.isOccurrence && bucket != card.bucket && !card.exceptionMask.contains(.bucket) {
            card.exceptionMask = (card.exceptionMask + [.bucket]).sorted()
            try Self.record(.exceptionAdded(field: .bucket, how: .edit), template: card.templateId, card: id, clock: clock, db)
        }
        card.position = try Self.makeRoom(for: card, in: column, at: position ?? others, of: others, db)
        card.bucket = bucket
        card.aimedOn = bucket == .routines ? nil : clock.today
        card.updatedAt = clock.timestamp
        try card.updateRow(db)
    }

    /// The position that puts `card` at `index` among the other cards of `bucket`: between its new
    /// neighbours' positions, so a move writes the moved card alone and two devices moving cards at
    /// once both land (ARCHITECTURE.md §13). Only when the neighbours leave no room between them is
    /// the bucket numbered afresh, `positionSpacing` apart.
    private static func makeRoom(for card: CardRecord, in column: String, at index: Int, of others: Int, _ db: Database) throws -> Int {
        // The other cards' positions just before and at the index.
        let slice = ColumnSlice(offset: max(0, index - 1), limit: 2, of: others)
        let around = slice.inOrder(try Int.fetchAll(db, sql: """
            SELECT position FROM tasks WHERE \(column) AND id != ? ORDER BY \(slice.order(positionOrder)) LIMIT ? OFFSET ?
            """, arguments: [card.id] + slice.limitAndOffset))
        let before = index > 0 ? around.first : nil
        let target = index > 0 ? (around.count > 1 ? around[1] : nil) : around.first
        switch (before, target) {
        case (nil, nil): return 0
        case (let before?, nil): return before + positionSpacing
        case (nil, let target?): return target - positionSpacing
        case (let before?, let target?) where target - before >= 2: return before + (target - before) / 2
        default:
            var ids = try String.fetchAll(db, sql: "SELECT id FROM tasks WHERE \(column) AND id != ? ORDER BY \(orderBy(positionOrder))", arguments: [card.id])
            ids.insert(card.id, at: index)
            for (i, id) in ids.enumerated() where id != card.id {
                try db.execute(sql: "UPDATE tasks SET position = ? WHERE id = ? AND position IS NOT ?", arguments: [i * positionSpacing, id, i * positionSpacing])
            }
            return index * positionSpacing
        }
    }

    func completeCard(_ id: String, clock: BoardClock, _ db: Database) throws {
        var card = try Self.card(id, db)
        guard !card.isCompleted else { throw BoardError("id", "“\(card.title)” is already completed; nothing to do") }
        card.isCompleted = true
        card.completedAt = clock.timestamp
        card.updatedAt = clock.timestamp
        try card.updateRow(db)
        if let templateId = card.templateId {
            try Self.record(.occurrenceCompleted, template: templateId, card: id, clock: clock, db)
            try scheduleNextAfterCompletion(of: card, on: clock.today, clock: clock, db)
            try archiveIfEnded(afterCompleting: card, clock: clock, db)
        }
    }

    /// The open occurrence an after-completion series made when `card` was completed: removed
    /// (its date was never due) while untouched; otherwise the reopen is refused.
    func takeBackNextAfterCompletion(reopening card: CardRecord, today: LocalDate, _ db: Database) throws {
        guard let seriesId = card.seriesId, var series = try SeriesRecord.fetchOne(db, keyValues: [seriesId]),
              let rule = try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == series.templateId).fetchOne(db),
              try rule.rule().anchor == .completion else { return }
        let open = try CardRecord.filter(CardRecord.Columns.seriesId == seriesId && CardRecord.Columns.isCompleted == false && CardRecord.Columns.id != card.id)
            .fetchAll(db)
        for next in open {
            let untouched = next.exceptionMask.isEmpty && !next.checklist.contains(where: \.done) && next.bucket == .routines
            guard untouched else {
                throw BoardError("reopen", "the next “\(next.title)” (\(next.occurrenceDate.map { MonthName.due($0, nil, today: today) } ?? "?")) was already changed; complete or delete it first, so the routine keeps one open occurrence")
            }
            try next.deleteRow(db)
            series.usedCount = max(0, series.usedCount - 1)
        }
        if !open.isEmpty { try series.updateRow(db) }
    }

    static func validateRemindBefore(_ minutes: Int) throws {
        guard (0...maxRemindBefore).contains(minutes) else {
            throw BoardError("remind-before", "must be 0 to \(maxRemindBefore) minutes, got \(minutes)")
        }
    }

    /// Skips a run for good: its day, or (of several a day) the run alone.
    static func skip(_ run: OccurrenceKey, inSeries seriesId: String, _ db: Database) throws {
        guard var series = try SeriesRecord.fetchOne(db, keyValues: [seriesId]) else { return }
        let entry = run.time.map { LocalDateTime(date: run.date, time: $0).description } ?? run.date.iso
        if !series.skippedDates.contains(entry) {
            series.skippedDates = (series.skippedDates + [entry]).sorted()
            try series.updateRow(db)
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
        let stored = bucket ?? due.map(horizons.bucket(forDate:)) ?? .thisWeek
        return try write { db in
            var card = CardRecord(
                id: BoardStore.newId(), ownerId: ownerId, title: values.title, description: values.description,
                labels: values.labels, checklist: values.checklist.map { ChecklistItem($0) }, bucket: stored,
                position: 0, dueDate: due, dueTime: values.time,
                priority: values.priority, durationMin: values.duration, isCompleted: false, completedAt: nil,
                createdAt: clock.timestamp, updatedAt: clock.timestamp, templateId: nil, seriesId: nil,
                occurrenceDate: nil, exceptionMask: [], remindBeforeMin: remindBefore,
                aimedOn: followsDue || stored == .routines ? nil : clock.today)
            card.position = try BoardStore.endPosition(of: card.column(horizons), in: horizons, db)
            try card.insertRow(db)
            return card
        }
    }

    /// Edits a card. On an occurrence every field whose value changes joins its exception mask.
    @discardableResult
    public func edit(_ id: String, _ edit: CardEdit, due: FieldEdit<LocalDate> = .keep, clock: BoardClock) throws -> CardRecord {
        try write { db in
            var card = try BoardStore.card(id, db)
            let before = card.values, dueBefore = card.dueDate
            let after = edit.applied(to: before)
            try after.validate()
            // A form sends the date back unchanged; only a different one is a change.
            let newDue = due.applied(to: card.dueDate)
            if newDue != card.dueDate {
                guard !card.isOccurrence else {
                    throw BoardError("due", "an occurrence is due on its own date; skip it or edit its template")
                }
                card.dueDate = newDue
            }
            if after.time != nil && card.dueDate == nil { throw BoardError("time", "a time needs a due date (--due)") }
            // A new date or time for a one-time card follows the rule of a new card: not in the past.
            if !card.isOccurrence, let dueDate = card.dueDate, dueDate != dueBefore || after.time != before.time {
                try FirstOccurrence.checkOneTime(date: dueDate, time: after.time, now: clock.local)
            }
            card.values = after
            if card.isOccurrence {
                let changed = before.changedFields(to: after)
                card.exceptionMask = Array(Set(card.exceptionMask).union(changed)).sorted()
                for field in changed {
                    try BoardStore.record(.exceptionAdded(field: field, how: .edit), template: card.templateId, card: id, clock: clock, db)
                }
            }
            card.updatedAt = clock.timestamp
            try card.updateRow(db)
            return card
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
            var card = try BoardStore.card(id, db)
            guard card.isCompleted else { throw BoardError("id", "“\(card.title)” is not completed; nothing to reopen") }
            try base.takeBackNextAfterCompletion(reopening: card, today: clock.today, db)
            card.isCompleted = false
            card.completedAt = nil
            card.updatedAt = clock.timestamp
            try card.updateRow(db)
            if card.isOccurrence { try BoardStore.record(.occurrenceReopened, template: card.templateId, card: id, clock: clock, db) }
        }
    }

    /// Deletes a card. A deleted occurrence's run (its date, or of several a day its date and time)
    /// is skipped, so generation never brings it back.
    public func delete(_ id: String, clock: BoardClock) throws {
        try write { db in
            let card = try BoardStore.card(id, db)
            if let seriesId = card.seriesId, let date = card.occurrenceDate {
                try BoardStore.skip(OccurrenceKey(date: date, time: card.occurrenceTime), inSeries: seriesId, db)
                try BoardStore.record(.occurrenceDeleted(date: date), template: card.templateId, card: id, clock: clock, db)
            }
            try card.deleteRow(db)
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

extension CardStore {
    // MARK: Reading
    /// Calls `body` with each card of `bucket` (or of the board), in board order, one at a time
    /// from a cursor: memory stays flat whatever the board's size.
    public func forEach(in bucket: Bucket? = nil, shownBy horizons: Horizons = .stored, _ body: (CardRecord) throws -> Void) throws {
        try read { db in try BoardStore.forEachCard(in: bucket, shownBy: horizons, db, body) }
    }
}
