import BoardModel
import Foundation
import GRDB

/// A routine another person shares with this one (ARCHITECTURE.md §18), as the server last said
/// it: read-only here, never in this board's change log, export or generation.
public struct SharedRoutine: Hashable, Sendable {
    public let id: String
    /// The owner's name on the server.
    public let sharedBy: String
    public let title: String
    public let description: String
    public let checklist: [String]
    public let status: TemplateStatus
    /// Its rule (RRULE text); nil for a checklist without a schedule.
    public let rule: String?
    /// The times of day its runs fall at, one or several.
    public let times: TimesOfDay?
    /// Its first time of day.
    public var time: LocalTime? { times?.first }
    /// The day its schedule starts from and whether it repeats after completion; nil from a board
    /// that synced before Board kept them (its runs past the owner's week are then not planned).
    public let startsOn: LocalDate?
    public let anchor: RecurrenceRule.Anchor

    public init(id: String, sharedBy: String, title: String, description: String, checklist: [String], status: TemplateStatus,
                rule: String?, times: TimesOfDay?, startsOn: LocalDate? = nil, anchor: RecurrenceRule.Anchor = .schedule) {
        (self.id, self.sharedBy, self.title, self.description, self.checklist) = (id, sharedBy, title, description, checklist)
        (self.status, self.rule, self.times, self.startsOn, self.anchor) = (status, rule, times, startsOn, anchor)
    }

    /// Its schedule in words, as the person's own routines say theirs ("Every day at 08:00").
    public var summary: String {
        guard let rule else { return "No schedule (checklist)" }
        guard let parsed = try? RecurrenceRule(rrule: rule, anchor: anchor) else { return rule }
        return RecurrencePhrase(rule: parsed, times: times).summary
    }

    /// Its schedule placed in time, for its planned runs: nil without a rule or a start.
    public var schedule: Schedule? {
        guard let rule, let startsOn, let parsed = try? RecurrenceRule(rrule: rule, anchor: anchor) else { return nil }
        return try? Schedule(rule: parsed, start: startsOn, times: times)
    }

    /// Why a change of it is refused, in the person's words.
    public var refusal: BoardError {
        BoardError("id", "\(title) is shared by \(sharedBy): only \(sharedBy) can change it")
    }
}

/// A dated run of a shared routine, shown and never changed here.
public struct SharedRun: Hashable, Sendable {
    public let id: String
    public let routineId: String
    public let title: String
    public let date: LocalDate
    public let time: LocalTime?
    public let completed: Bool

    public init(id: String, routineId: String, title: String, date: LocalDate, time: LocalTime?, completed: Bool) {
        (self.id, self.routineId, self.title, self.date, self.time, self.completed) = (id, routineId, title, date, time, completed)
    }
}

extension BoardStore {
    /// Migration v17: what others share with this person, and this device's ticks of it.
    static func sharedRoutinesSchema(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE shared_routines (
                id TEXT PRIMARY KEY NOT NULL,
                shared_by TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL DEFAULT '',
                checklist TEXT NOT NULL DEFAULT '[]',
                status TEXT NOT NULL CHECK (status IN (\(Schema.statuses))),
                rule TEXT,
                time TEXT
            );
            CREATE TABLE shared_runs (
                id TEXT PRIMARY KEY NOT NULL,
                routine_id TEXT NOT NULL REFERENCES shared_routines(id) ON DELETE CASCADE,
                title TEXT NOT NULL,
                date TEXT NOT NULL,
                time TEXT,
                completed INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX shared_runs_routine ON shared_runs(routine_id);
            CREATE TABLE shared_routine_ticks (
                routine_id TEXT NOT NULL REFERENCES shared_routines(id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                step TEXT NOT NULL,
                ticked_at TEXT NOT NULL,
                PRIMARY KEY (routine_id, day, step)
            );
            """)
    }

    /// Migration v20: a shared routine's start and anchor, so its runs past the owner's week are planned.
    static func sharedRoutinesStart(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE shared_routines ADD COLUMN starts_on TEXT CHECK (starts_on IS NULL OR date(starts_on) = starts_on);
            ALTER TABLE shared_routines ADD COLUMN anchor TEXT NOT NULL DEFAULT 'schedule' CHECK (anchor IN ('schedule', 'completion'));
            """)
    }

    /// The shared routine whose id is `prefix` or starts with it, if one is.
    static func sharedRoutine(matching prefix: String, _ db: Database) throws -> SharedRoutine? {
        guard !prefix.isEmpty else { return nil }
        return try Row.fetchOne(db, sql: "SELECT * FROM shared_routines WHERE id >= ? AND id < ? LIMIT 1",
                                arguments: [prefix.lowercased(), prefix.lowercased() + "\u{10FFFF}"]).map(sharedRoutine)
    }

    /// The routine or the run of one another person shares, whose id starts with `prefix`: why a change of it is refused.
    static func sharedRefusal(_ prefix: String, _ db: Database) throws -> BoardError? {
        if let routine = try sharedRoutine(matching: prefix, db) { return routine.refusal }
        let key = prefix.lowercased()
        guard let routineId = try String.fetchOne(db, sql: "SELECT routine_id FROM shared_runs WHERE id >= ? AND id < ? LIMIT 1",
                                                  arguments: [key, key + "\u{10FFFF}"]) else { return nil }
        return try sharedRoutine(matching: routineId, db)?.refusal
    }

    static func sharedRoutine(_ row: Row) -> SharedRoutine {
        let checklist = (try? JSONDecoder().decode([String].self, from: Data((row["checklist"] as String).utf8))) ?? []
        return SharedRoutine(id: row["id"], sharedBy: row["shared_by"], title: row["title"], description: row["description"], checklist: checklist,
                             status: TemplateStatus(rawValue: row["status"]) ?? .active, rule: row["rule"],
                             times: (row["time"] as String?).flatMap { try? TimesOfDay(parsing: $0) },
                             startsOn: (row["starts_on"] as String?).flatMap { LocalDate(iso: $0) },
                             anchor: (row["anchor"] as String?).flatMap(RecurrenceRule.Anchor.init(rawValue:)) ?? .schedule)
    }
}

extension BoardReader {
    /// The routines shared with this person, by title.
    public func sharedRoutines() throws -> [SharedRoutine] {
        try read { db in try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM shared_routines ORDER BY title, id")).map(BoardStore.sharedRoutine) }
    }

    /// The next run of each shared routine still ahead at `now` and not completed, by routine id:
    /// one its owner's board has made, else the first its rule plans after those.
    public func nextSharedRuns(at now: LocalDateTime) throws -> [String: (date: LocalDate, time: LocalTime?)] {
        var next: [String: (date: LocalDate, time: LocalTime?)] = [:]
        var madeThrough: [String: LocalDate] = [:]
        for run in try sharedRuns(from: now.date) {
            madeThrough[run.routineId] = max(madeThrough[run.routineId] ?? run.date, run.date)
            guard next[run.routineId] == nil, !run.completed else { continue }
            if run.date == now.date, let time = run.time, time < now.time { continue }
            next[run.routineId] = (run.date, run.time)
        }
        for routine in try sharedRoutines() where next[routine.id] == nil && routine.status == .active {
            let from = max(now.date, madeThrough[routine.id].map { $0.adding(days: 1) } ?? now.date)
            // Each time is a run: the next one still ahead, today's later ones included.
            let moment = from == now.date ? now : LocalDateTime(date: from, time: .midnight)
            if let run = routine.schedule?.next(atOrAfter: moment) { next[routine.id] = (run.date, routine.times == nil ? nil : run.time) }
        }
        return next
    }

    /// The runs of shared routines from `from` on, by date.
    public func sharedRuns(from: LocalDate) throws -> [SharedRun] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM shared_runs WHERE date >= ? ORDER BY date, time, title"), arguments: [from.iso]).compactMap { row in
                guard let date = LocalDate(iso: row["date"] as String) else { return nil }
                return SharedRun(id: row["id"], routineId: row["routine_id"], title: row["title"], date: date,
                                 time: (row["time"] as String?).flatMap { LocalTime(iso: $0) }, completed: row["completed"])
            }
        }
    }
}

extension RoutineStore {
    /// Makes the shared routines and runs exactly `routines` and `runs`, in one transaction: one no
    /// longer shared goes with its runs and this device's ticks of it; one still shared keeps its ticks.
    /// Each is checked by the rules of the board's own routines first; none is kept if one fails.
    public func replaceShared(_ routines: [SharedRoutine], runs: [SharedRun]) throws {
        for routine in routines {
            do throws(BoardError) {
                try CardValues(title: routine.title, description: routine.description, checklist: routine.checklist).validate()
                if let rule = routine.rule { _ = try RecurrenceRule(rrule: rule, anchor: routine.anchor) }
            } catch {
                throw BoardError("shared", "\(routine.id.prefix(8)) from \(routine.sharedBy): \(error.description)")
            }
        }
        let ids = Set(routines.map(\.id))
        for run in runs where !ids.contains(run.routineId) {
            throw BoardError("shared", "run \(run.id.prefix(8)) names no routine shared with you")
        }
        try write { db in
            let keep = try String(decoding: JSONSerialization.data(withJSONObject: Array(ids)), as: UTF8.self)
            try db.execute(sql: "DELETE FROM shared_routines WHERE id NOT IN (SELECT value FROM json_each(?))", arguments: [keep])
            for r in routines {
                let checklist = String(decoding: try JSONEncoder().encode(r.checklist), as: UTF8.self)
                try db.execute(sql: """
                    INSERT INTO shared_routines (id, shared_by, title, description, checklist, status, rule, time, starts_on, anchor)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET shared_by = excluded.shared_by, title = excluded.title, description = excluded.description,
                        checklist = excluded.checklist, status = excluded.status, rule = excluded.rule, time = excluded.time,
                        starts_on = excluded.starts_on, anchor = excluded.anchor
                    """, arguments: [r.id, r.sharedBy, r.title, r.description, checklist, r.status.rawValue, r.rule, r.times?.description,
                                     r.startsOn?.iso, r.anchor.rawValue])
            }
            try db.execute(sql: "DELETE FROM shared_runs")
            for run in runs {
                try db.execute(sql: "INSERT INTO shared_runs (id, routine_id, title, date, time, completed) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [run.id, run.routineId, run.title, run.date.iso, run.time?.description, run.completed])
            }
        }
    }

    /// A routine another person shares, copied as this person's own draft "TITLE (copy)": its
    /// steps, time and schedule, from then on theirs alone to change.
    public func duplicateShared(_ id: String, clock: BoardClock) throws -> TemplateRecord {
        guard let shared = try read({ db in try BoardStore.sharedRoutine(matching: id, db) }), shared.id == id else {
            throw BoardError("id", "no routine shared with you has the id \(id)")
        }
        let values = CardValues(title: shared.title + " (copy)", description: shared.description, checklist: shared.checklist)
        return try add(values, rule: try shared.rule.map { rule throws in try RecurrenceRule(rrule: rule) }, times: shared.times, status: .draft,
                       clock: clock)
    }
}
