import Foundation
import Testing

/// `board server init` and `board server add-user` against a real PostgreSQL started for each
/// test, and the security matrix of two people on it, driven with psql as another client would.
@Suite struct ServerCommandTests {
    func board(_ arguments: [String], environment: [String: String] = [:]) throws -> BoardBinary.Result {
        try BoardBinary.run(arguments, environment: environment.merging(["PGPASSWORD": "", "PGPASSFILE": "/nonexistent"]) { a, _ in a })
    }

    @Test func initCreatesTheSchemaAndRunningItAgainChangesNothing() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let first = try board(["server", "init", pg.adminURL])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Migrated the schema on 127.0.0.1:\(pg.port)/board: 15 migrations run.\n")
        let schema = try pg.psql(pg.adminURL, "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'board'").stdout
        #expect(schema == "changes,feeds,habit_entries,habits,migrations,people,realtime,realtime_tickets,recurrence_rules,reminder_claims,replica_cursors,routine_links,series,shares,tasks,templates\n")
        for table in ["changes", "templates", "recurrence_rules", "series", "tasks", "habits", "habit_entries", "feeds", "routine_links"] {
            #expect(try pg.psql(pg.adminURL, "SELECT relrowsecurity AND relforcerowsecurity FROM pg_class WHERE oid = 'board.\(table)'::regclass").stdout == "t\n",
                    "\(table)")
        }
        let again = try board(["server", "init", pg.adminURL])
        #expect(again.status == 0)
        #expect(again.stdout == "The schema on 127.0.0.1:\(pg.port)/board is up to date.\n")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.migrations").stdout == "15\n")
        // A server an earlier Board set up (six migrations): init adds the tables, the reminders, the shares and the channel, once.
        #expect(try pg.psql(pg.adminURL, """
            DROP FUNCTION board.realtime_ticket(text), board.forget_realtime_tickets(); DROP TABLE board.realtime, board.realtime_tickets;
            DROP FUNCTION board.share_routine(text, name), board.unshare_routine(text, name), board.my_shares(), board.shared_templates(),
                board.shared_recurrence_rules(), board.shared_tasks();
            DROP TABLE board.shares;
            DROP POLICY claims_server ON board.reminder_claims;
            DROP FUNCTION board.set_server_reminders(text, text), board.server_reminders(), board.note_zone(text),
                board.pin_reminder_zone(text), board.reminder_zone_pinned();
            ALTER TABLE board.people DROP COLUMN remind_to, DROP COLUMN remind_zone, DROP COLUMN remind_zone_pinned;
            DROP PUBLICATION board_realtime; DROP TABLE board.replica_cursors, board.habit_entries, board.habits, board.tasks, board.series,
            board.recurrence_rules, board.templates; DELETE FROM board.migrations WHERE version IN (7, 8, 9, 10, 11)
            """).status == 0)
        #expect(try board(["server", "init", pg.adminURL]).stdout == "Migrated the schema on 127.0.0.1:\(pg.port)/board: 5 migrations run.\n")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.tasks").stdout == "0\n")
    }

    @Test func addUserPrintsAURLThatLogsInAsThatPerson() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        #expect(try board(["server", "init", pg.adminURL]).status == 0)
        let added = try board(["server", "add-user", "alice", "--server", pg.adminURL])
        #expect(added.status == 0, "\(added.stderr)")
        let url = try #require(added.lines.last)
        #expect(url.hasPrefix("postgres://alice:") && url.hasSuffix("@127.0.0.1:\(pg.port)/board"))
        let password = url.dropFirst("postgres://alice:".count).prefix { $0 != "@" }
        #expect(password.count == 24 && password.allSatisfy { $0.isLetter || $0.isNumber }, "a generated password of 24 letters and digits")
        #expect(try pg.psql(url, "SELECT session_user, board.current_owner() IS NOT NULL").stdout == "alice|t\n")
        // A given password, with characters a URL must escape, logs in too; so does the password file psql reads.
        let bob = try board(["server", "add-user", "bob", "--server", pg.adminURL, "--password", "it's a:secret@"])
        let bobURL = try #require(bob.lines.last)
        #expect(try pg.psql(bobURL, "SELECT session_user").stdout == "bob\n")
        let pgpass = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)").path
        try "# mine\n127.0.0.1:\(pg.port):board:bob:it's a\\:secret@\n".write(toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        let asBob = try board(["server", "add-user", "carol", "--server", "postgres://bob@127.0.0.1:\(pg.port)/board"], environment: ["PGPASSFILE": pgpass])
        #expect(asBob.status == 5 && asBob.stderr == "error: server 127.0.0.1:\(pg.port): permission denied to create role\n",
                "bob logs in with the password file, and may not add people")
    }

    /// Two people, A and B: whatever B tries, nothing of A's is B's to read or change.
    @Test func nothingOfOnePersonsChangesIsAnotherOnes() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        #expect(try board(["server", "init", pg.adminURL]).status == 0)
        let a = try #require(try board(["server", "add-user", "alice", "--server", pg.adminURL]).lines.last)
        let b = try #require(try board(["server", "add-user", "bob", "--server", pg.adminURL]).lines.last)
        let insert = "INSERT INTO board.changes (change_id, entity, entity_id, field, value, stamp, device, origin) VALUES (gen_random_uuid(), 'tasks', 't1', 'title', '\"Pay rent\"', '0001795341600000-00000', 'laptop', 'user')"
        #expect(try pg.psql(a, insert).status == 0)
        let owner = try pg.psql(a, "SELECT board.current_owner()").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try pg.psql(a, "SELECT count(*) FROM board.changes").stdout == "1\n")
        // B reads nothing of A's, and B's owner is B's own.
        #expect(try pg.psql(b, "SELECT count(*) FROM board.changes").stdout == "0\n")
        #expect(try pg.psql(b, "SELECT board.current_owner() = '\(owner)'").stdout == "f\n")
        // Every other attempt is refused by the server.
        let refused: [(String, String)] = [
            (insert.replacingOccurrences(of: "(change_id,", with: "(owner, change_id,").replacingOccurrences(of: "VALUES (", with: "VALUES ('\(owner)', "),
             "new row violates row-level security policy"),
            ("UPDATE board.changes SET value = 'x'", "permission denied"),
            ("DELETE FROM board.changes", "permission denied"),
            ("SET ROLE alice", "permission denied to set role"),
            ("SELECT * FROM board.people", "permission denied"),
            ("ALTER TABLE board.changes DISABLE ROW LEVEL SECURITY", "must be owner"),
        ]
        for (sql, message) in refused {
            let r = try pg.psql(b, sql)
            #expect(r.status != 0 && r.stderr.contains(message), "\(sql): \(r.stderr)")
        }
        // Even A can't rewrite history: the log is append-only.
        #expect(try pg.psql(a, "UPDATE board.changes SET value = 'x'").stderr.contains("permission denied"))
        #expect(try pg.psql(a, "SELECT value FROM board.changes").stdout == "\"Pay rent\"\n")
    }

    @Test(arguments: [
        (["server", "init", "http://example.org/board"], 2, "error: server: must be a URL like postgres://USER@HOST:5432/DATABASE, got 'http://example.org/board'"),
        (["server", "init", "postgres://127.0.0.1/board"], 2, "error: server: names no user (postgres://USER@HOST/DATABASE)"),
        (["server", "init", "postgres://postgres@127.0.0.1:5432"], 2, "error: server: names no database (postgres://USER@HOST/DATABASE)"),
        (["server", "add-user", "Robert'); DROP TABLE", "--server", "postgres://postgres@127.0.0.1:1/board"], 2,
         "error: name: must be lower-case letters, digits and _ (a PostgreSQL role), starting with a letter, at most 63, not starting with pg_, got 'Robert'); DROP TABLE'"),
        // Names PostgreSQL treats specially are refused before any SQL (the server here is not even reachable).
        (["server", "add-user", "_", "--server", "postgres://postgres@127.0.0.1:1/board"], 2,
         "error: name: must be lower-case letters, digits and _ (a PostgreSQL role), starting with a letter, at most 63, not starting with pg_, got '_'"),
        (["server", "add-user", "_abc", "--server", "postgres://postgres@127.0.0.1:1/board"], 2,
         "error: name: must be lower-case letters, digits and _ (a PostgreSQL role), starting with a letter, at most 63, not starting with pg_, got '_abc'"),
        (["server", "add-user", "pg_evil", "--server", "postgres://postgres@127.0.0.1:1/board"], 2,
         "error: name: must be lower-case letters, digits and _ (a PostgreSQL role), starting with a letter, at most 63, not starting with pg_, got 'pg_evil'"),
        (["server", "add-user", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "--server", "postgres://postgres@127.0.0.1:1/board"], 2,
         "error: name: must be lower-case letters, digits and _ (a PostgreSQL role), starting with a letter, at most 63, not starting with pg_, got 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…'"),
        (["server", "init", "postgres://postgres@127.0.0.1:1/board?sslmode=sometimes"], 2,
         "error: server: sslmode must be disable, allow, prefer, require, verify-ca, verify-full, got 'sometimes'"),
        (["server", "init", "postgres://postgres@127.0.0.1:1/board"], 5, "error: server 127.0.0.1:1: can't connect: connection refused"),
    ])
    func badInputAndNoServerAreOneLine(arguments: [String], status: Int32, message: String) throws {
        let r = try board(arguments)
        #expect(r.status == status)
        #expect(r.stderr == message + "\n")
    }

    @Test func aWrongPasswordIsSaidInTheServersWords() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        #expect(try board(["server", "init", pg.adminURL]).status == 0)
        _ = try board(["server", "add-user", "alice", "--server", pg.adminURL])
        let r = try board(["server", "init", "postgres://alice:wrong@127.0.0.1:\(pg.port)/board"])
        #expect(r.status == 5)
        #expect(r.stderr == "error: server 127.0.0.1:\(pg.port): password authentication failed for user \"alice\"\n")
        let none = try board(["server", "init", "postgres://alice@127.0.0.1:\(pg.port)/board"])
        #expect(none.stderr == "error: server 127.0.0.1:\(pg.port): it asks for a password: put it in the URL, PGPASSWORD or ~/.pgpass\n")
    }
}
