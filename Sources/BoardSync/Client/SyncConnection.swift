import BoardModel
import BoardStore
import Foundation
import Logging
import PostgresNIO

/// A person's session with the server (ARCHITECTURE.md §13): who they are, their changes in and
/// out. Row-level security keeps every statement to the person's own rows.
struct SyncConnection {
    let connection: PostgresConnection
    let server: ServerURL

    private var logger: Logger { ServerConnection.logger }

    /// A call that must answer within `seconds`.
    fileprivate func timed<T: Sendable>(_ seconds: Double, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Deadline.run(seconds: seconds, server: "\(server.host):\(server.port)", closing: connection.closeFuture, work)
    }

    /// The one value a one-row query answers; nil for none (or SQL NULL).
    private func single<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type) async throws -> T? where T._DecodableType == T {
        let (connection, logger) = (self.connection, self.logger)
        return try await timed(30) { () async throws -> T? in
            for try await value in try await connection.query(query, logger: logger).decode(T?.self) { return value }
            return nil
        }
    }

    private func refused(_ why: String) -> SyncError { .refused(why, server: "\(server.host):\(server.port)") }

    /// The account's owner id, from how this session logged in.
    func owner() async throws -> String {
        guard let owner = try await single("SELECT board.current_owner()::text", as: String.self) else {
            throw refused("\(server.user) is not a person on this server (add them with `board server add-user`)")
        }
        return owner
    }

    /// The server's clock, in milliseconds since 1970: stamps are checked against it.
    func clock() async throws -> Int64 {
        guard let now = try await single("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::int8", as: Int64.self) else {
            throw refused("the server did not say its time")
        }
        return now
    }

    /// Adds changes to the log as `owner`'s (the session's own: the server refuses any other); a
    /// change the server has (by id) is left as it is, so pushing twice is harmless. Returns the
    /// lowest and highest numbers the server gave them (nil when it had them all): one person's
    /// inserts take turns, so no other change of the account lies between.
    func push(_ changes: [FieldChange], owner: String) async throws -> ClosedRange<Int64>? {
        guard !changes.isEmpty else { return nil }
        let ids = changes.map(\.id), entities = changes.map(\.entity), entityIds = changes.map(\.entityId), fields = changes.map(\.field)
        let values = changes.map { $0.value ?? "" }, nulls = changes.map { $0.value == nil }
        let stamps = changes.map(\.stamp.description), devices = changes.map(\.device), origins = changes.map(\.origin.rawValue)
        let (connection, logger) = (self.connection, self.logger)
        do {
            return try await timed(120) { () async throws -> ClosedRange<Int64>? in
                let rows = try await connection.query("""
                    WITH added AS (
                        INSERT INTO board.changes (owner, change_id, entity, entity_id, field, value, stamp, device, origin)
                        SELECT \(owner)::uuid, id::uuid, entity, entity_id, field, CASE WHEN is_null THEN NULL ELSE value END, stamp, device, origin
                        FROM unnest(\(ids)::text[], \(entities)::text[], \(entityIds)::text[], \(fields)::text[], \(values)::text[],
                                    \(nulls)::bool[], \(stamps)::text[], \(devices)::text[], \(origins)::text[])
                            AS c(id, entity, entity_id, field, value, is_null, stamp, device, origin)
                        ON CONFLICT (change_id) DO NOTHING
                        RETURNING seq
                    )
                    SELECT min(seq), max(seq) FROM added
                    """, logger: logger)
                for try await (low, high) in rows.decode((Int64?, Int64?).self) {
                    if let low, let high { return low...high }
                }
                return nil
            }
        } catch let error as PSQLError where Self.isFromAnEarlierServer(error) {
            throw refused(ServerConnection.describe(error) + "; a server set up by an earlier Board needs `board server init` again (by its administrator)")
        }
    }

    /// Whether a push was refused for what a later server migration allows: a server Board set up
    /// before pushes named their owner (migration 5) lets a person insert no owner (a refused owner
    /// is the same code, "new row violates row-level security": not this); one set up before a
    /// field was added (migration 6: a card's aim) refuses that field by its check.
    static func isFromAnEarlierServer(_ error: PSQLError) -> Bool {
        switch error.serverInfo?[.sqlState] {
        case "42501": error.serverInfo?[.message]?.hasPrefix("permission denied") == true
        case "23514": error.serverInfo?[.constraintName] == "changes_field"
        default: false
        }
    }

    /// The account's changes numbered after `seq`, in order, leaving out the numbers of this
    /// device's own pushes (it has them: the server numbered them, not a device id a sender chose),
    /// read by one statement and taken a batch at a time (`PulledChanges.next`).
    func pull(after seq: Int64, excluding own: [ClosedRange<Int64>]) -> PulledChanges {
        // The numbers between this device's own pushes, as ranges the index reads directly: its own
        // changes are neither read nor sent. The bounds are numbers this device keeps, written as such.
        var gaps: [String] = [], low = seq
        for range in own.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound > low {
            if range.lowerBound > low + 1 { gaps.append("(seq > \(low) AND seq < \(range.lowerBound))") }
            low = max(low, range.upperBound)
        }
        gaps.append("seq > \(low)")
        // Every row carries the account's highest number in the same snapshot: once the changes
        // are all read, everything up to it has been (what is not here is this device's own).
        return PulledChanges(session: self, after: seq, query: PostgresQuery(unsafeSQL: """
            WITH top AS (SELECT max(seq) AS seq FROM board.changes)
            SELECT c.seq, c.change_id::text, c.entity, c.entity_id, c.field, c.value, c.stamp, c.device, c.origin, top.seq
            FROM top LEFT JOIN LATERAL (SELECT * FROM board.changes WHERE \(gaps.joined(separator: " OR ")) ORDER BY seq) c ON true
            """))
    }

    /// Claims reminders (task id and instant) for this device; returns the ones it got — those no
    /// other device of the person claimed first. Claiming again what this device has is harmless.
    func claimReminders(_ claims: [(cardId: String, instant: String)], device: String) async throws -> Set<[String]> {
        guard !claims.isEmpty else { return [] }
        let tasks = claims.map(\.cardId), instants = claims.map(\.instant)
        let (connection, logger) = (self.connection, self.logger)
        return try await timed(120) { () async throws -> Set<[String]> in
            // A claim this device made earlier (pushed again after a cut round) counts as its own.
            let rows = try await connection.query("""
                WITH wanted AS (SELECT * FROM unnest(\(tasks)::text[], \(instants)::text[]) AS w(task_id, instant)),
                     added AS (
                         INSERT INTO board.reminder_claims (task_id, instant, device) SELECT task_id, instant, \(device) FROM wanted
                         ON CONFLICT (owner, task_id, instant) DO NOTHING RETURNING task_id, instant)
                SELECT task_id, instant FROM added
                UNION SELECT c.task_id, c.instant FROM board.reminder_claims c JOIN wanted w USING (task_id, instant) WHERE c.device = \(device)
                """, logger: logger)
            var won: Set<[String]> = []
            for try await (task, instant) in rows.decode((String, String).self) { won.insert([task, instant]) }
            return won
        }
    }

    /// Tells the server the zone this device keeps time in: a person the server reminds is reminded
    /// in the zone their devices last synced in (ARCHITECTURE.md §17). A server set up before
    /// reminders has no such function, which is no fault of the round.
    func noteZone(_ zone: String) async {
        _ = try? await single("SELECT count(*) FROM board.note_zone(\(zone))", as: Int64.self)
    }

    /// The routines other people share with this person and their runs, as the server's tables
    /// hold them now (ARCHITECTURE.md §18); nil from a server without shares.
    func shared() async throws -> (routines: [SharedRoutine], runs: [SharedRun])? {
        let (connection, logger) = (self.connection, self.logger)
        do {
            return try await timed(60) { () async throws -> (routines: [SharedRoutine], runs: [SharedRun]) in
                var routines: [SharedRoutine] = [], runs: [SharedRun] = []
                let rows = try await connection.query("""
                    SELECT shared_by, (template).id, (template).title, coalesce((template).description, ''), (template).checklist::text,
                           (template).status, (SELECT r.rrule FROM board.shared_recurrence_rules() r WHERE r.template_id = (template).id LIMIT 1),
                           (template).default_time::text,
                           (SELECT r.starts_on::text FROM board.shared_recurrence_rules() r WHERE r.template_id = (template).id LIMIT 1),
                           (SELECT r.anchor FROM board.shared_recurrence_rules() r WHERE r.template_id = (template).id LIMIT 1)
                    FROM board.shared_templates()
                    """, logger: logger)
                for try await (by, id, title, description, checklist, status, rule, time, start, anchor)
                    in rows.decode((String, String, String, String, String, String, String?, String?, String?, String?).self) {
                    let steps = (try? JSONSerialization.jsonObject(with: Data(checklist.utf8)) as? [[String: Any]])?.compactMap { $0["text"] as? String }
                    guard let steps, let status = TemplateStatus(rawValue: status) else {
                        throw SyncError.refused("the routine \(id.prefix(8)) \(by) shares has a checklist or status Board can't read",
                                                server: "\(server.host):\(server.port)")
                    }
                    routines.append(SharedRoutine(id: id, sharedBy: by, title: title, description: description, checklist: steps, status: status,
                                                  rule: rule, times: time.flatMap(Self.times), startsOn: start.flatMap { LocalDate(iso: $0) },
                                                  anchor: anchor.flatMap(RecurrenceRule.Anchor.init(rawValue:)) ?? .schedule))
                }
                let runRows = try await connection.query("""
                    SELECT id, template_id, title, occurrence_date::text, to_char(due_time, 'HH24:MI'), is_completed
                    FROM board.shared_tasks() WHERE occurrence_date IS NOT NULL
                    """, logger: logger)
                for try await (id, routine, title, date, time, completed) in runRows.decode((String, String, String, String, String?, Bool).self) {
                    guard let day = LocalDate(iso: date) else { continue }
                    runs.append(SharedRun(id: id, routineId: routine, title: title, date: day, time: time.flatMap { LocalTime(iso: $0) },
                                          completed: completed))
                }
                return (routines, runs)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42883" {
            return nil
        }
    }

    /// A shared template's times of day: text since server migration 12 (`08:00, 20:00`), a
    /// `time` before it (`08:00:00`).
    static func times(_ text: String) -> TimesOfDay? {
        (try? TimesOfDay(parsing: text)) ?? LocalTime(iso: text.prefix(5)).map(TimesOfDay.init)
    }

    /// Where the server reminds this person (nil: it doesn't), in which zone, and whether the
    /// person pinned that zone (else it follows the zone their devices sync in).
    func serverReminders() async throws -> ServerReminderSetting {
        let (connection, logger) = (self.connection, self.logger)
        do {
            let (to, zone) = try await timed(30) { () async throws -> (to: String?, zone: String?) in
                for try await (to, zone) in try await connection.query("SELECT remind_to, remind_zone FROM board.server_reminders()", logger: logger)
                    .decode((String?, String?).self) { return (to, zone) }
                return (nil, nil)
            }
            return ServerReminderSetting(to: to, zone: zone, pinned: try await reminderZonePinned())
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42883" {
            throw refused("this server sends no reminders yet: its administrator runs `board server init` to add them")
        }
    }

    /// Whether the person pinned their reminders' zone; false on a server set up before pinning.
    private func reminderZonePinned() async throws -> Bool {
        do { return try await single("SELECT board.reminder_zone_pinned()", as: Bool.self) ?? false } catch let error as PSQLError
            where error.serverInfo?[.sqlState] == "42883" { return false }
    }

    /// Pins the zone the server reads this person's reminders in (nil: lets their devices' zone lead).
    func pinReminderZone(_ zone: String?) async throws {
        do {
            _ = try await single("SELECT count(*) FROM board.pin_reminder_zone(\(zone))", as: Int64.self)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42883" {
            throw refused("this server can't pin a zone yet: its administrator runs `board server init` to add it")
        }
    }

    /// Asks the server to remind this person at `to` in `zone` (nil: stop).
    func setServerReminders(_ to: String?, zone: String) async throws {
        do {
            _ = try await single("SELECT count(*) FROM board.set_server_reminders(\(to), \(zone))", as: Int64.self)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42883" {
            throw refused("this server sends no reminders yet: its administrator runs `board server init` to add them")
        }
    }

    /// A ticket for the realtime channel (ARCHITECTURE.md §19), fetched with this person's login:
    /// it replaces the device's last one. Nil from a server set up before the channel.
    func realtimeTicket(device: String) async throws -> RealtimeTicket? {
        let (connection, logger) = (self.connection, self.logger)
        do {
            return try await timed(30) { () async throws -> RealtimeTicket? in
                let rows = try await connection.query("SELECT ticket, expires_at, address FROM board.realtime_ticket(\(device))", logger: logger)
                for try await (ticket, expires, address) in rows.decode((String, Date, String?).self) {
                    return RealtimeTicket(ticket: ticket, expires: expires, address: address)
                }
                return nil
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42883" {
            return nil
        }
    }

    /// The highest number of the account's log (0: none yet): what a watcher without the channel polls.
    func head() async throws -> Int64 {
        try await single("SELECT coalesce(max(seq), 0) FROM board.changes", as: Int64.self) ?? 0
    }
}

/// The changes one pull reads (ARCHITECTURE.md §13): a single statement, its rows taken a batch at
/// a time as the board is ready for them. Read a batch a statement, each had the server sort the
/// rest of a log it had just been sent, while its statistics were still those of an emptier table.
/// Used by one task at a time: each `next` is awaited before the next is asked.
final class PulledChanges: @unchecked Sendable {
    /// A row of the statement: a change's columns, and the account's highest number.
    typealias Row = (Int64?, String?, String?, String?, String?, String?, String?, String?, String?, Int64?)
    typealias Rows = AsyncThrowingMapSequence<PostgresRowSequence, Row>
    private let session: SyncConnection, query: PostgresQuery
    private var rows: Rows.AsyncIterator?
    private var through: Int64, top: Int64

    fileprivate init(session: SyncConnection, after seq: Int64, query: PostgresQuery) {
        (self.session, self.query, through, top) = (session, query, seq, seq)
    }

    /// Up to `limit` changes more, the number everything has been read through, and how many rows
    /// were read: fewer than `limit` once the statement is done.
    func next(_ limit: Int) async throws -> (changes: [FieldChange], through: Int64, count: Int) {
        try await session.timed(120) { [self] in
            if rows == nil {
                rows = try await session.connection.query(query, logger: ServerConnection.logger)
                    .decode(Row.self).makeAsyncIterator()
            }
            var changes: [FieldChange] = [], read = 0
            changes.reserveCapacity(limit)
            while read < limit, let (number, id, entity, entityId, field, value, stamp, from, origin, highest) = try await rows?.next() {
                read += 1
                top = highest ?? top
                guard let number else { continue }
                through = number
                guard let id, let entity, let entityId, let field, let stamp = stamp.flatMap(HybridTimestamp.init),
                      let from, let origin = origin.flatMap(FieldChange.Origin.init) else { continue }
                changes.append(FieldChange(id: id, entity: entity, entityId: entityId, field: field, value: value, stamp: stamp, device: from, origin: origin))
            }
            if read < limit { through = max(through, top) }
            return (changes, through, read)
        }
    }
}

/// Where the server reminds a person, in which zone, and whether they pinned it (ARCHITECTURE.md §17).
public struct ServerReminderSetting: Sendable {
    public let to: String?, zone: String?
    /// The zone stays as the person set it; else it is the zone their devices last synced in.
    public let pinned: Bool
}
