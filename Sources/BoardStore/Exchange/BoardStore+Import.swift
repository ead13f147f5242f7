import BoardModel
import Foundation
import GRDB

/// What an import did, or with `--dry-run` would do, kind by kind.
public struct ImportSummary: Hashable, Sendable {
    public struct Counts: Hashable, Sendable {
        public var added = 0, updated = 0, unchanged = 0
    }
    public var templates = Counts()
    public var cards = Counts()
    public var habits = Counts()
    public var entries = Counts()
    /// Occurrences that came without their routine (not in this board) and became plain cards.
    public var detached = 0
}

extension BoardStore {
    struct DryRun: Error { let summary: ImportSummary }

    /// A document of another format, or of a version this Board doesn't read, is refused first.
    static func check(_ head: BoardDocument.Head) throws {
        guard head.format == BoardDocument.format else { throw BoardError("format", "must be \"\(BoardDocument.format)\", got \"\(head.format)\"") }
        guard head.version == BoardDocument.version else {
            throw BoardError("version", "this Board reads version \(BoardDocument.version) documents, got \(head.version)")
        }
    }

    /// A decoding error as one line: the JSON path of the value ("document" at the top) and what
    /// was expected there.
    static func described(_ error: DecodingError) -> BoardError {
        func path(_ keys: [any CodingKey]) -> String {
            let path = keys.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
            return path.isEmpty ? "document" : path
        }
        switch error {
        case .typeMismatch(let type, let context):
            return BoardError(Field(path(context.codingPath)), "must be \(Self.name(of: type))")
        case .valueNotFound(let type, let context):
            return BoardError(Field(path(context.codingPath)), "must be \(Self.name(of: type)), got null")
        case .keyNotFound(let key, let context):
            return BoardError(Field(path(context.codingPath + [key])), "is missing")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return BoardError(Field(path(context.codingPath)), "is not JSON" + (underlying.map { ": \($0)" } ?? ""))
        @unknown default:
            return BoardError("document", "can't be read")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: type == [String: Any].self ? "an object" : "\(type)".contains("Array") ? "an array" : "an object"
        }
    }

    /// The fewest bytes a card takes in a document as `board export` and `list --json` write it:
    /// a document's size over this is the most cards it can hold.
    static let bytesPerCard = 200

    /// The indexes of `tasks` that an import's writing never reads (the board's columns, the
    /// agenda's dates): kept through each insert, they were a third of a large import. A large
    /// import drops them and makes them again from the schema's own statements once its cards are
    /// in, inside its transaction, so a crash or a refusal leaves them as they were (ARCHITECTURE.md §11).
    static let indexesBuiltAfterImport = ["tasks_upcoming", "tasks_shown", "tasks_due"]

    /// The most cards a document may hold for its import to build the indexes after: their sort
    /// is kept in memory (the file's temporary storage is), and past this it would cost more than
    /// the import's streaming saves — a million cards took 270 MiB instead of 111.
    static let indexRebuildLimit = 250_000

    /// Whether an import of a document of at most `documentCards` into a board of `boardCards`
    /// builds the indexes after its cards: more cards may come than the board holds, and few
    /// enough that their sort stays small.
    static func buildsIndexesAfter(documentCards: Int, boardCards: Int) -> Bool {
        (1_000...indexRebuildLimit).contains(documentCards) && documentCards > boardCards
    }

    /// Drops the indexes above, and the triggers that count each column's cards, and returns the
    /// statements that make them again; `buildAfterImport` runs them and counts the columns once.
    static func dropBuiltAfterImport(_ db: Database) throws -> [String] {
        let names = (indexesBuiltAfterImport + Schema.columnCountTriggerNames).map { "'\($0)'" }.joined(separator: ", ")
        let statements = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND name IN (\(names)) ORDER BY name")
        for name in indexesBuiltAfterImport { try db.execute(sql: "DROP INDEX IF EXISTS \(name)") }
        for name in Schema.columnCountTriggerNames { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
        return statements
    }

    /// Makes again what `dropBuiltAfterImport` dropped, once the cards are in.
    static func buildAfterImport(_ statements: [String], _ db: Database) throws {
        guard !statements.isEmpty else { return }
        for statement in statements { try db.execute(sql: statement) }
        try Schema.recountColumns(db)
    }

    static func write(_ document: BoardDocument.Rest, cards: inout CardReader.Cards, clock: BoardClock, horizons: Horizons,
                              documentCards: Int, _ db: Database) throws -> ImportSummary {
        var summary = ImportSummary()
        let empty = try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM tasks) + (SELECT COUNT(*) FROM templates) + (SELECT COUNT(*) FROM habits)") == 0
        if empty, let settings = document.settings {
            try DocumentCheck.id(settings.ownerId, at: "settings.owner_id")
            try db.execute(sql: "UPDATE settings SET owner_id = ?, time_zone = ? WHERE id = 1", arguments: [settings.ownerId, settings.timeZone])
        }
        let owner = try String.fetchOne(db, sql: "SELECT owner_id FROM settings WHERE id = 1") ?? ""
        let now = clock.timestamp

        /// `BoardStore.upsert`, a refusal named by the row's JSON path.
        func upsert<R: BoardRecord & Equatable>(_ record: R, existing: R?, at path: String, into counts: inout ImportSummary.Counts) throws {
            do { try Self.upsert(record, existing: existing, into: &counts, db) } catch let error as DatabaseError {
                throw BoardError(Field(path), Self.refusal(error))
            }
        }

        /// Each id once per kind of row: a row given twice would be written twice, in turn, and
        /// every import of the same document would change it back and forth.
        var seen: [String: String] = [:]
        func once(_ kind: String, _ id: String, at path: String) throws {
            if let first = seen.updateValue(path, forKey: kind + " " + id) {
                throw BoardError("\(path).id", "'\(id.echoed)' is given twice (first at \(first)); a document holds each row once")
            }
        }

        for (i, habit) in document.habits.enumerated() {
            let path = "habits[\(i)]"
            let (record, entries) = try habit.records(at: path, ownerId: owner)
            try once("habit", record.id, at: path)
            try upsert(record, existing: try HabitRecord.fetchOne(db, keyValues: [record.id]), at: path, into: &summary.habits)
            for (j, entry) in entries.enumerated() {
                let existing = try HabitEntryRecord.fetchOne(db, keyValues: [entry.habitId, entry.day.iso, entry.device])
                try upsert(entry, existing: existing, at: "\(path).entries[\(j)]", into: &summary.entries)
            }
        }
        for (i, template) in document.templates.enumerated() {
            let path = "templates[\(i)]"
            let (record, rule, series) = try template.records(at: path, ownerId: owner)
            try once("template", record.id, at: path)
            if let rule { try once("rule", rule.id, at: "\(path).rule") }
            if let series { try once("series", series.id, at: "\(path).series") }
            var counts = ImportSummary.Counts()
            try upsert(record, existing: try TemplateRecord.fetchOne(db, keyValues: [record.id]), at: path, into: &counts)
            var parts = ImportSummary.Counts()
            if let rule { try upsert(rule, existing: try RecurrenceRuleRecord.fetchOne(db, keyValues: [rule.id]), at: "\(path).rule", into: &parts) }
            if let series { try upsert(series, existing: try SeriesRecord.fetchOne(db, keyValues: [series.id]), at: "\(path).series", into: &parts) }
            // A template counts as updated when any of its rows changed.
            if counts.unchanged == 1 && parts.added + parts.updated > 0 { counts = .init(updated: 1) }
            summary.templates.added += counts.added
            summary.templates.updated += counts.updated
            summary.templates.unchanged += counts.unchanged
        }
        // Existing ids, read once: a board being filled for the first time costs no lookups.
        let existingIds = Set(try String.fetchAll(db, sql: "SELECT id FROM tasks"))
        // An occurrence whose series this board doesn't have (`list --json` of another board) comes
        // in as a plain card with its date: its routine stayed behind.
        let seriesIds = Set(try String.fetchAll(db, sql: "SELECT id FROM series"))
        // A file settled for the import's day takes each new card's column from here (the same rule).
        let shownHere = try settledKey(db) == horizons.key
        let insert = try CardRecord.bulkInsert(db, shown: shownHere)
        let select = try db.cachedStatement(sql: "SELECT * FROM tasks WHERE id = ?")
        // By its key: series, date and (of several a day) time (ARCHITECTURE.md §4).
        let selectOccurrence = try db.cachedStatement(sql: """
            SELECT * FROM tasks WHERE series_id = ? AND occurrence_date = ? AND COALESCE(occurrence_time, '') = ?
            """)
        // The cards already on the board that this document updates, each once, and the new
        // occurrences, which a later card may find by series and date (a new card given twice by
        // its id meets the table's own key). In a temporary table, not a set: a million ids in
        // memory would cost what streaming the cards saves.
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS import_cards_seen (id TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID")
        try db.execute(sql: "DELETE FROM temp.import_cards_seen")
        let seenCard = try db.cachedStatement(sql: "INSERT INTO temp.import_cards_seen (id, at) VALUES (?, ?) ON CONFLICT DO NOTHING")
        let firstSeen = try db.cachedStatement(sql: "SELECT at FROM temp.import_cards_seen WHERE id = ?")
        // Where a new card without a position goes: its bucket's end, as `board add` puts it.
        var ends: [Bucket: Int] = [:]
        func end(of bucket: Bucket) throws -> Int {
            let position = try ends[bucket] ?? Self.endPosition(of: bucket, in: horizons, db)
            ends[bucket] = position + Self.positionSpacing
            return position
        }
        // More cards may come than the board holds: the indexes the writing doesn't read are made
        // once after them, over sorted keys, instead of kept through every insert (up to a size).
        let rebuild = Self.buildsIndexesAfter(documentCards: documentCards, boardCards: existingIds.count) ? try dropBuiltAfterImport(db) : []
        // The next cards are read and checked on a thread of their own while these are written.
        try ReadAhead.run(make: { () throws -> (Int, BoardDocument.Card, CardRecord)? in
            guard let (i, card) = try cards.next() else { return nil }
            return (i, card, try card.record(at: "cards[\(i)]", ownerId: owner, now: now))
        }) { records in
            while let (i, card, parsed) = try records.next() {
                var record = parsed
                if let series = record.seriesId, !seriesIds.contains(series) {
                    record.templateId = nil
                    record.seriesId = nil
                    record.occurrenceDate = nil
                    record.exceptionMask = []
                    summary.detached += 1
                }
                var existing = existingIds.contains(record.id) ? try CardRecord.fetchOne(select, arguments: [record.id]) : nil
                // An occurrence new by its id is found by its series and date, as an import plan's is:
                // the board generated it, or an earlier import of the same card without an id made it.
                var foundByDate = false
                if existing == nil, let series = record.seriesId, let date = record.occurrenceDate,
                   let found = try CardRecord.fetchOne(selectOccurrence, arguments: [series, date, record.occurrenceTime?.description ?? ""]) {
                    existing = found
                    record.id = found.id
                    foundByDate = true
                }
                if let existing {
                    try seenCard.execute(arguments: [record.id, i])
                    if db.changesCount == 0 {
                        let first = "first at cards[\(try Int.fetchOne(firstSeen, arguments: [record.id]) ?? 0)]"
                        if foundByDate, let date = record.occurrenceDate {
                            let run = record.occurrenceTime.map { "\(date) \($0)" } ?? "\(date)"
                            throw BoardError("cards[\(i)].occurrence_date", "its routine's occurrence on \(run) is given twice (\(first)); a document holds each card once")
                        }
                        throw BoardError("cards[\(i)].id", "'\(record.id.echoed)' is given twice (\(first)); a document holds each card once")
                    }
                    record = Self.keeping(existing, under: record, from: card, now: now, horizons: horizons)
                    try upsert(record, existing: existing, at: "cards[\(i)]", into: &summary.cards)
                    continue
                }
                if card.position == nil { record.position = try end(of: record.column(horizons)) }
                do { try insert.insert(record.columnValues + (shownHere ? [record.column(horizons).rawValue.databaseValue] : [])) } catch let error as DatabaseError { throw BoardError("cards[\(i)]", Self.refusal(error)) }
                if record.seriesId != nil { try seenCard.execute(arguments: [record.id, i]) }
                summary.cards.added += 1
            }
        }
        try Self.buildAfterImport(rebuild, db)
        return summary
    }

    /// A card already here, from a file that leaves out what `list --json` doesn't print (times,
    /// remind before): what the file doesn't say stays as it is, so importing the same list twice
    /// changes nothing; when something else changed, the card was updated now.
    static func keeping(_ existing: CardRecord, under record: CardRecord, from card: BoardDocument.Card, now: String,
                        horizons: Horizons) -> CardRecord {
        var kept = record
        if card.aimedOn == nil { kept.aimedOn = existing.aimedOn }
        // A card where this board shows it, put there when this board says (an export of this
        // board: `CardRecord.shownAim`), stays as it is stored.
        if (kept.bucket, kept.aimedOn) == existing.shownAim(horizons) { (kept.bucket, kept.aimedOn) = (existing.bucket, existing.aimedOn) }
        if card.createdAt == nil { kept.createdAt = existing.createdAt }
        if card.remindBefore == nil { kept.remindBeforeMin = existing.remindBeforeMin }
        if card.position == nil { kept.position = existing.position }
        if card.completedAt == nil, kept.isCompleted, existing.isCompleted { kept.completedAt = existing.completedAt }
        if card.updatedAt == nil {
            kept.updatedAt = existing.updatedAt
            if kept != existing { kept.updatedAt = now }
        }
        return kept
    }

    /// Inserts `record`, or updates it when it differs from the row with its id; counts which.
    static func upsert<R: BoardRecord & Equatable>(_ record: R, existing: R?, into counts: inout ImportSummary.Counts, _ db: Database) throws {
        if let existing {
            if existing == record { counts.unchanged += 1; return }
            try record.updateRow(db)
            counts.updated += 1
        } else {
            try record.insertRow(db)
            counts.added += 1
        }
    }

    /// A constraint's refusal in words (the schema's own messages name the rule).
    private static func refusal(_ error: DatabaseError) -> String {
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_FOREIGNKEY: "refers to a template, series or habit that is neither in the document nor on the board"
        case .SQLITE_CONSTRAINT_UNIQUE, .SQLITE_CONSTRAINT_PRIMARYKEY:
            "collides with a row already here (" + (error.message ?? "a unique value") + ")"
        default: error.message ?? "refused by the board file"
        }
    }
}

extension ExchangeStore {
    /// Reads a document (or a `list --json` array of cards) and writes it in one transaction:
    /// all of it or, at the first wrong field, nothing — that field named by its JSON path. Rows
    /// keep their ids: a row already here is updated when it differs and left alone when not,
    /// so importing the same document twice changes nothing. Rows take this board's owner; an
    /// empty board first takes the document's (settings), so a copy reads back byte for byte.
    /// `dropPages`: for bytes mapped from a file, lets the pages of a range go once read.
    public func importDocument(_ data: Data, dryRun: Bool = false, clock: BoardClock,
                               dropPages: ((Range<Int>) -> Void)? = nil) throws -> ImportSummary {
        do {
            // The cards are read as they are written, inside the transaction: a wrong one rolls back all.
            return try CardReader.document(data, dropPages: dropPages, check: BoardStore.check) { document, cards in
                try write { db in
                    let summary = try BoardStore.write(document, cards: &cards, clock: clock, horizons: horizons(clock),
                                                 documentCards: data.count / BoardStore.bytesPerCard, db)
                    if dryRun { throw BoardStore.DryRun(summary: summary) }
                    return summary
                }
            }
        } catch let dry as BoardStore.DryRun {
            return dry.summary
        }
    }
}
