import BoardModel
import Foundation
import GRDB

/// The board's data. Every write method is one transaction that leaves every invariant
/// true (ARCHITECTURE.md §7): one user intent, one transaction; a crash leaves the old state or the new.
public final class BoardStore: Sendable {
    /// The database: a file's pool, or an in-memory queue in unit tests (GRDB's app pattern).
    let database: any DatabaseWriter
    /// The owner of every row this file holds (the account's, once the board has joined a server).
    public var ownerId: String { syncCapture.ownerId }
    /// The file, for messages about it.
    public let path: String
    /// Whether the file may only be read: it is shown, and every write is refused in words.
    public let isReadOnly: Bool
    /// Collects change sets while `recording` runs.
    let recorder = ChangeRecorder()
    /// Sends every write to the sync outbox once the board has joined a server.
    let syncCapture = SyncCapture()
    /// How the horizon columns follow the calendar (config.toml's `week_start`, `rollover`).
    public let horizonRule: HorizonRule
    /// The routines' schedules the agenda has parsed.
    let schedules = ScheduleCache()
    /// The active routines the agenda last read, while the file is unchanged.
    let plannedRoutines = PlannedRoutines()
    /// The Routines column's templates and the templates' titles, while no template, rule, series
    /// or occurrence changed.
    let routinesColumn = RoutinesColumnCache()
    /// Each kept column's window the screen read last, while no card in the column changed.
    let columnWindows = ColumnWindowCache()

    /// Opens (creating and migrating if needed) the board file at `path`; with `concurrentReads`,
    /// reads don't wait for a write of this process (the screen's, beside its sync).
    public static func open(path: String, concurrentReads: Bool = false, horizonRule: HorizonRule = HorizonRule()) throws -> BoardStore {
        let (writer, readOnly) = try BoardDatabase.open(path: path, concurrentReads: concurrentReads)
        return try BoardStore(writer, path: path, readOnly: readOnly, horizonRule: horizonRule)
    }

    /// Closes the file's connections; any use of the store after this throws. For a process about
    /// to exit, which then need not tear the store down (ARCHITECTURE.md §10).
    public func close() throws { try database.close() }

    /// The horizons on `clock`'s day.
    public func horizons(_ clock: BoardClock) -> Horizons { horizonRule.on(clock.today) }

    /// The store over a database: migrates it (refusing one written by a newer Board), or for a
    /// read-only one checks that it needs no migration, and gives it its owner.
    public init(_ writer: any DatabaseWriter, path: String = ":memory:", readOnly: Bool = false, horizonRule: HorizonRule = HorizonRule()) throws {
        self.path = path
        self.horizonRule = horizonRule
        database = writer
        isReadOnly = readOnly
        if isReadOnly {
            syncCapture.ownerId = try Self.mapping(path: path) {
                try writer.read { db in
                    guard try Schema.migrator.hasCompletedMigrations(db) else { throw BoardFileError.readOnly(path: path) }
                    return try String.fetchOne(db, sql: "SELECT owner_id FROM settings WHERE id = 1")
                }
            } ?? ""
            return
        }
        // Every command starts here: a board that is up to date and has its owner is known from one
        // read, and only a new or older file takes the migrator and a write (ARCHITECTURE.md §7).
        var state = try Self.mapping(path: path) { try writer.writeWithoutTransaction(BoardDatabase.OpenState.init) }
        if !state.isMigrated {
            try Self.mapping(path: path) { try BoardDatabase.migrate(writer) }
            state = try Self.mapping(path: path) { try writer.writeWithoutTransaction(BoardDatabase.OpenState.init) }
        }
        syncCapture.ownerId = try state.owner ?? Self.mapping(path: path) {
            try writer.write { db in
                // Between the read and this write another process may have made the owner.
                if let owner = try String.fetchOne(db, sql: "SELECT owner_id FROM settings WHERE id = 1") { return owner }
                let settings = SettingsRecord(id: 1, ownerId: BoardStore.newId(), timeZone: nil)
                try settings.insertRow(db)
                return settings.ownerId
            }
        }
        if state.joined { try startRecordingForSync() }
    }

    /// One write transaction; a file that can't take it (read-only, a full disk, locked) is said in words.
    /// When change sets are asked for, or the board syncs, the transaction's own is drained from the
    /// log before it commits (ARCHITECTURE.md §7, §13).
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        if isReadOnly { throw BoardFileError.readOnly(path: path) }
        return try Self.mapping(path: path) {
            var joinedNow = false
            do {
                return try database.write { db in
                    joinedNow = try noticeJoining(db)
                    syncCapture.origin = .user
                    let value = try updates(db)
                    try flushChanges(db)
                    return value
                }
            } catch {
                // The change log installed in a transaction that rolled back is gone with it.
                if joinedNow { recorder.keys = nil; syncCapture.joined = false }
                throw error
            }
        }
    }

    /// A board another process joined to a server since this one opened it: from this write on,
    /// its changes go to the outbox too, with the account's owner. Returns whether it was noticed now.
    private func noticeJoining(_ db: Database) throws -> Bool {
        guard !syncCapture.joined, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_state)") == true else { return false }
        if recorder.keys == nil { recorder.keys = try ChangeLog.install(db) }
        syncCapture.ownerId = try String.fetchOne(db, sql: "SELECT owner_id FROM settings WHERE id = 1") ?? syncCapture.ownerId
        syncCapture.joined = true
        return true
    }

    /// One read, in a transaction of its own.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        // On one connection GRDB's `read` sets `PRAGMA query_only` around the transaction, which (as
        // every flag pragma) expires each statement the connection has prepared: each read compiled
        // its cached statements again, a tenth of a small `board list`. A pool's readers are
        // read-only connections and set nothing.
        guard let queue = database as? DatabaseQueue else { return try database.read(body) }
        return try queue.unsafeRead { db in
            var result: T?
            try db.inTransaction(.deferred) {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }

    /// A read of a single statement, its own snapshot, outside any transaction: no BEGIN and COMMIT
    /// around it. A server's replica reads its file so before and after each write.
    func readOneStatement<T>(_ body: (Database) throws -> T) throws -> T {
        try database.unsafeRead(body)
    }

    static func mapping<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw BoardFileError.classify(error, path: path) ?? error
        }
    }

    /// The time zone saved in settings, if the user chose one.
    public func savedTimeZone() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT time_zone FROM settings WHERE id = 1") }
    }

    static func newId() -> String { RandomId.make() }

    // MARK: Ids

    /// `resolve`, or, when a shared routine or its run has the id, why it can't be changed.
    static func resolveOwn(_ prefix: String, in table: String, noun: String, _ db: Database) throws -> String {
        do {
            return try resolve(prefix, in: table, noun: noun, db)
        } catch let error as BoardError {
            throw try sharedRefusal(prefix, db) ?? error
        }
    }

    static func resolve(_ prefix: String, in table: String, noun: String, _ db: Database) throws -> String {
        // Ids are letters, digits, '-' and '_' (an imported card keeps its own, `ics-59cd…`); a
        // hexadecimal prefix is Board's own kind and matches in either case.
        guard !prefix.isEmpty, prefix.utf8.count <= 64, prefix.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) else {
            throw BoardError("id", "'\(prefix.echoed)' is not an id (ids are letters, digits, '-' and '_', as `board list` shows them)")
        }
        let key = prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) ? prefix.lowercased() : prefix
        let ids = try String.fetchAll(db, sql: "SELECT id FROM \(table) WHERE id >= ? AND id < ? ORDER BY id LIMIT 2",
                                      arguments: [key, key + "\u{10FFFF}"])
        switch ids.count {
        case 0: throw BoardError("id", "no \(noun) has an id starting with '\(prefix)'")
        case 1: return ids[0]
        default: throw BoardError("id", "'\(prefix)' starts the ids of several \(noun)s; give more characters")
        }
    }

    // MARK: Shared row access

    static func card(_ id: String, _ db: Database) throws -> CardRecord {
        // Kept prepared on the connection: every write reads its card, and GRDB prepares a request anew each time.
        guard let card = try CardRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM tasks WHERE id = ?"), arguments: [id]) else {
            throw BoardError("id", "no card \(id)")
        }
        return card
    }

    static func template(_ id: String, _ db: Database) throws -> TemplateRecord {
        guard let template = try TemplateRecord.fetchOne(db, keyValues: [id]) else { throw BoardError("id", "no template \(id)") }
        return template
    }

    static func series(ofTemplate id: String, _ db: Database) throws -> SeriesRecord {
        guard let series = try SeriesRecord.filter(SeriesRecord.Columns.templateId == id).fetchOne(db) else {
            throw try unscheduled(id, db)
        }
        return series
    }

    static func ruleRecord(ofTemplate id: String, _ db: Database) throws -> RecurrenceRuleRecord {
        guard let rule = try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == id).fetchOne(db) else {
            throw try unscheduled(id, db)
        }
        return rule
    }

    /// Why a schedule-only action can't run on a routine without a schedule.
    private static func unscheduled(_ id: String, _ db: Database) throws -> BoardError {
        let title = try String.fetchOne(db, sql: "SELECT title FROM templates WHERE id = ?", arguments: [id]) ?? id
        return BoardError("schedule", "“\(title)” has no schedule (it is a checklist); only a scheduled routine has occurrences")
    }

    /// The template's schedule: its rule from its start, at its times of day.
    static func schedule(of template: TemplateRecord, _ db: Database) throws -> Schedule {
        let record = try ruleRecord(ofTemplate: template.id, db)
        return try Schedule(rule: try record.rule(), start: record.startsOn, times: template.times)
    }

    /// The next free position at the end of a column: of the bucket as stored, or as `horizons` show it.
    static func endPosition(of bucket: Bucket, in horizons: Horizons = .stored, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + ?, 0) FROM tasks WHERE \(try Self.columns(horizons, db).rows(in: bucket))",
                         arguments: [positionSpacing]) ?? 0
    }

    /// How far apart cards added at a bucket's end are: room for ten moves between any two before
    /// a bucket must be numbered afresh (ARCHITECTURE.md §13).
    static let positionSpacing = 1024
}

extension CardStore {

}
