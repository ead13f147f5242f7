import BoardSync
import BoardModel
import BoardStore
import Foundation
import PostgresNIO

/// Reminders sent by the server while every device sleeps (ARCHITECTURE.md §17). A pass brings the
/// tables up to the log, then for each person who gave an address takes their due reminders from
/// their replica file as a device's `board remind` does (the same claim, grace, late and missed
/// rules, in the person's time zone), claims each in `board.reminder_claims` under the key devices
/// use, and hands over only those it got there: the server and the devices send each one once.
public struct ServerReminders: Sendable {
    public let replica: ServerReplica

    public init(replica: ServerReplica) { self.replica = replica }

    /// The name the server's claims carry; a device's is its id, which is never this.
    public static let device = "server"

    /// A person who asked the server to remind them.
    public struct Person: Sendable, Equatable {
        /// Their name on the server (their login role).
        public let name: String
        public let owner: String
        /// Where they asked to be reached: text for the administrator's command.
        public let to: String
        /// The zone their devices last synced in; their cards' times are wall times there.
        public let zone: TimeZone
    }

    /// One person's share of a pass: what to deliver now, what was missed or cut off, and the
    /// replica file the outcome of each delivery is written back to.
    public struct Due: Sendable {
        public let person: Person
        public let clock: BoardClock
        public let deliver: [ClaimedReminder]
        public let missed: [Reminder]
        public let interrupted: [Reminder]
        /// The next reminder of the person still to come within two days.
        public let next: Date?
        let store: BoardStore

        /// Records how a delivery went, so it is never tried again (and a failure is said as one).
        public func finish(_ claimed: ClaimedReminder, delivered: Bool) throws {
            try store.reminders.finish(claimed.reminder, delivered: delivered, clock: clock)
        }
    }

    /// What a pass found, person by person, and the people it could not do (with why).
    public struct Pass: Sendable {
        public var due: [Due] = []
        public var problems: [String] = []
        public var next: Date? { due.compactMap(\.next).min() }
    }

    /// One pass at `now`: the tables up to the log, then each person's due reminders claimed.
    public func pass(now: Date, grace: TimeInterval) async throws -> Pass {
        try await ServerConnection.withConnection(replica.server) { connection in
            var pass = Pass()
            for moved in try await replica.pass(connection, ServerReplica.ReplicaSession()) {
                if let problem = moved.problem { pass.problems.append("\(moved.person): \(problem)") }
            }
            for person in try await Self.people(connection) {
                let path = replica.folder + "/" + person.owner + ".board"
                // Nobody's replica yet: the person's log is empty, so nothing of theirs is due.
                guard FileManager.default.fileExists(atPath: path) else { continue }
                let store = try replica.files.store(path, owner: person.owner)
                let clock = BoardClock(instant: now, zone: person.zone)
                let local = try store.reminders.claimDue(clock: clock, grace: grace)
                let won = try await Self.claim(local.deliver.map(\.reminder), owner: person.owner, connection)
                let (mine, theirs) = (local.deliver.filter { won.contains([$0.reminder.claimKey, $0.reminder.instantKey]) },
                                      local.deliver.filter { !won.contains([$0.reminder.claimKey, $0.reminder.instantKey]) })
                try store.reminders.claimedElsewhere(theirs.map(\.reminder))
                pass.due.append(Due(person: person, clock: clock, deliver: mine, missed: local.missed, interrupted: local.interrupted,
                                    next: local.next, store: store))
            }
            return pass
        }
    }

    /// Everyone who gave the server an address, in name order.
    static func people(_ connection: PostgresConnection) async throws -> [Person] {
        var people: [Person] = []
        let rows = try await connection.query("""
            SELECT role::text, owner::text, remind_to, coalesce(remind_zone, 'UTC') FROM board.people
            WHERE remind_to IS NOT NULL ORDER BY role
            """, logger: ServerConnection.logger)
        for try await (name, owner, to, zone) in rows.decode((String, String, String, String).self) {
            people.append(Person(name: name, owner: owner, to: to, zone: TimeZone(identifier: zone) ?? .gmt))
        }
        return people
    }

    /// Claims `reminders` for the server; says which it got (a device may have been first).
    static func claim(_ reminders: [Reminder], owner: String, _ connection: PostgresConnection) async throws -> Set<[String]> {
        guard !reminders.isEmpty else { return [] }
        let tasks = reminders.map(\.claimKey), instants = reminders.map(\.instantKey)
        let rows = try await connection.query("""
            INSERT INTO board.reminder_claims (owner, task_id, instant, device)
            SELECT \(owner)::uuid, task_id, instant, \(device) FROM unnest(\(tasks)::text[], \(instants)::text[]) AS w(task_id, instant)
            ON CONFLICT (owner, task_id, instant) DO NOTHING RETURNING task_id, instant
            """, logger: ServerConnection.logger)
        var won: Set<[String]> = []
        for try await (task, instant) in rows.decode((String, String).self) { won.insert([task, instant]) }
        return won
    }

    /// Migration 8: where and in which zone a person is reminded, set only by that person.
    static let migration: [String] = [
        """
        ALTER TABLE board.people ADD COLUMN remind_to text
            CHECK (remind_to IS NULL OR (length(remind_to) BETWEEN 1 AND 200 AND remind_to !~ '[[:cntrl:]]'))
        """,
        "ALTER TABLE board.people ADD COLUMN remind_zone text CHECK (remind_zone IS NULL OR length(remind_zone) BETWEEN 1 AND 64)",
        // The person's own row alone, whoever calls: a login can't name another.
        """
        CREATE FUNCTION board.set_server_reminders(address text, zone text) RETURNS void LANGUAGE sql SECURITY DEFINER
        SET search_path = pg_catalog AS $$ UPDATE board.people SET remind_to = address, remind_zone = zone WHERE role = session_user $$
        """,
        """
        CREATE FUNCTION board.server_reminders() RETURNS TABLE (remind_to text, remind_zone text) LANGUAGE sql STABLE SECURITY DEFINER
        SET search_path = pg_catalog AS $$ SELECT remind_to, remind_zone FROM board.people WHERE role = session_user $$
        """,
        // A round from a device in another zone moves the person's reminders with them.
        """
        CREATE FUNCTION board.note_zone(zone text) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog
        AS $$ UPDATE board.people SET remind_zone = zone WHERE role = session_user AND remind_to IS NOT NULL
              AND remind_zone IS DISTINCT FROM zone $$
        """,
        "REVOKE ALL ON FUNCTION board.set_server_reminders(text, text), board.server_reminders(), board.note_zone(text) FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION board.set_server_reminders(text, text), board.server_reminders(), board.note_zone(text) TO board_person",
        // The server's own claims, made as the administrator, whom FORCE binds to the policies too.
        "DO $$ BEGIN EXECUTE format('CREATE POLICY claims_server ON board.reminder_claims FOR ALL TO %I USING (true) WITH CHECK (true)', current_user); END $$",
    ]

    /// Migration 11: a person may pin the zone their reminders are read in; a pinned zone is not
    /// moved by the zone a device syncs from (`note_zone`), a followed one is.
    static let pinnedZoneMigration: [String] = [
        "ALTER TABLE board.people ADD COLUMN remind_zone_pinned boolean NOT NULL DEFAULT false",
        """
        CREATE OR REPLACE FUNCTION board.note_zone(zone text) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog
        AS $$ UPDATE board.people SET remind_zone = zone WHERE role = session_user AND remind_to IS NOT NULL
              AND NOT remind_zone_pinned AND remind_zone IS DISTINCT FROM zone $$
        """,
        // A zone pins it there; NULL lets the devices' zone lead again.
        """
        CREATE FUNCTION board.pin_reminder_zone(zone text) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog
        AS $$ UPDATE board.people SET remind_zone = coalesce(zone, remind_zone), remind_zone_pinned = zone IS NOT NULL
              WHERE role = session_user $$
        """,
        """
        CREATE FUNCTION board.reminder_zone_pinned() RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog
        AS $$ SELECT coalesce((SELECT remind_zone_pinned FROM board.people WHERE role = session_user), false) $$
        """,
        "REVOKE ALL ON FUNCTION board.pin_reminder_zone(text), board.reminder_zone_pinned() FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION board.pin_reminder_zone(text), board.reminder_zone_pinned() TO board_person",
    ]
}
