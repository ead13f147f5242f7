import Foundation
import Testing

/// The server holds the board (issue 40): `board server run` keeps `board.templates`, `series`,
/// `tasks`, `habits`… in step with each person's change log, by Board's own merge; each person
/// reads their own rows and nobody writes them but the replica. On throwaway clusters, through
/// the binary.
@Suite(.serialized) struct ServerTablesTests {
    typealias Device = SyncCommandTests.Device

    func replica(_ pg: PostgresCluster, state: String) throws -> BoardBinary.Result {
        let r = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", state])
        #expect(r.status == 0, "\(r.stderr)")
        return r
    }

    /// Every table of the person, a line per row, in a stable order.
    func dump(_ pg: PostgresCluster, person: String) throws -> [String] {
        var lines: [String] = []
        for (table, order) in [("templates", "id"), ("recurrence_rules", "id"), ("series", "id"), ("tasks", "id"), ("habits", "id"), ("habit_entries", "habit_id, day")] {
            let r = try pg.psql(pg.adminURL, "SELECT '\(table) ' || row_to_json(t)::text FROM board.\(table) t WHERE owner_id = (SELECT owner FROM board.people WHERE role = '\(person)') ORDER BY \(order)")
            #expect(r.status == 0, "\(r.stderr)")
            lines += r.stdout.split(separator: "\n").map(String.init)
        }
        return lines
    }

    /// Where the server's tables and a device's file disagree, field by field (the device-local
    /// bookkeeping of generation left out): a line per table whose rows differ.
    static func differences(_ device: Device, _ pg: PostgresCluster, person: String) throws -> [String] {
        let owner = "(SELECT owner FROM board.people WHERE role = '\(person)')"
        let queries: [(String, String, String)] = [
            ("tasks", """
                SELECT id, title, bucket, position, coalesce(due_date, ''), coalesce(due_time, ''), is_completed, coalesce(template_id, ''),
                coalesce(series_id, ''), coalesce(occurrence_date, ''), (SELECT group_concat(value) FROM (SELECT value FROM json_each(exception_mask) ORDER BY value)),
                labels FROM tasks ORDER BY id
                """, """
                SELECT id, title, bucket, position, coalesce(due_date::text, ''), coalesce(to_char(due_time, 'HH24:MI'), ''), is_completed::int,
                coalesce(template_id, ''), coalesce(series_id, ''), coalesce(occurrence_date::text, ''),
                (SELECT string_agg(v, ',' ORDER BY v COLLATE "C") FROM jsonb_array_elements_text(exception_mask) v), replace(labels::text, '", "', '","')
                FROM board.tasks WHERE owner_id = \(owner) ORDER BY id COLLATE "C"
                """),
            ("templates", "SELECT id, title, status, version, priority FROM templates ORDER BY id",
             "SELECT id, title, status, version, priority FROM board.templates WHERE owner_id = \(owner) ORDER BY id COLLATE \"C\""),
            ("series", "SELECT id, template_id, status, starts_on FROM series ORDER BY id",
             "SELECT id, template_id, status, starts_on FROM board.series WHERE owner_id = \(owner) ORDER BY id COLLATE \"C\""),
            ("habits", "SELECT id, name, archived FROM habits ORDER BY id",
             "SELECT id, name, archived::int FROM board.habits WHERE owner_id = \(owner) ORDER BY id COLLATE \"C\""),
            ("habit_entries", "SELECT habit_id, day, source FROM habit_entries ORDER BY habit_id, day",
             "SELECT habit_id, day, source FROM board.habit_entries WHERE owner_id = \(owner) ORDER BY habit_id COLLATE \"C\", day"),
        ]
        var differ: [String] = []
        for (table, local, server) in queries {
            let mine = try BoardBinary.runTool(["sqlite3", device.path, local]), theirs = try pg.psql(pg.adminURL, server)
            #expect(mine.status == 0 && theirs.status == 0, "\(mine.stderr) \(theirs.stderr)")
            if mine.stdout != theirs.stdout { differ.append("\(table):\n\(mine.stdout)≠\n\(theirs.stdout)") }
        }
        return differ
    }

    @Test func theTablesHoldEachPersonsBoardAsTheirDevicesDoAndOnlyTheyReadIt() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let laptop = Device("laptop", server: urls[0]), phone = Device("phone", server: urls[0]), bobs = Device("bob", server: urls[1])
        let rent = try SyncCommandTests().id(in: try laptop.ok(["add", "Pay rent", "--due", "2026-11-23", "--time", "09:30", "--label", "money"]))
        let stretch = try SyncCommandTests().id(in: try laptop.ok(["template", "add", "Stretch", "--every", "every day", "--checklist", "neck"]))
        try laptop.ok(["habit", "add", "Water"])
        try laptop.ok(["habit", "check", "Water"])
        try laptop.ok(["add", "Water the plants"])
        // What COPY's text format escapes, through the first pass (COPY) and a later one (upsert).
        let awkward = "Back\\slash \\N \"quoted\" ünï"
        try laptop.ok(["add", awkward, "--label", "a\\tb", "--description", "line one\n\tline two\nthree\\", "--bucket", "weekend"])
        _ = try laptop.sync()
        _ = try phone.sync()
        let occurrence = try #require(try phone.cards().first { ($0["title"] as? String) == "Stretch" }?["id"] as? String)
        try phone.ok(["edit", occurrence, "--title", "Stretch longer"])
        try phone.ok(["done", rent])
        _ = try phone.sync()
        try bobs.ok(["add", "Bob's own"])
        _ = try bobs.sync()
        _ = try laptop.sync()
        _ = try replica(pg, state: pg.folder + "/replica")

        // Each table as the devices have it.
        let cards = try laptop.cards()
        let tasks = try pg.psql(pg.adminURL, "SELECT id || ' ' || title || ' ' || is_completed || ' ' || bucket_key FROM board.tasks WHERE owner_id = (SELECT owner FROM board.people WHERE role = 'ann') ORDER BY id")
        let expected = cards.map { "\($0["id"] as! String) \($0["title"] as! String) \(($0["completed"] as? Bool) == true ? "true" : "false")" }.sorted()
        #expect(tasks.stdout.split(separator: "\n").map { $0.split(separator: " ").dropLast().joined(separator: " ") }.sorted() == expected, "\(tasks.stdout)")
        let exception = try pg.psql(pg.adminURL, "SELECT exception_mask::text FROM board.tasks WHERE id = '\(occurrence)'")
        #expect(exception.stdout.contains("\"title\""), "\(exception.stdout)")
        let template = try pg.psql(pg.adminURL, "SELECT title || ' ' || checklist::text FROM board.templates WHERE id LIKE '\(stretch)%'")
        #expect(template.stdout.hasPrefix("Stretch [{\"text\": \"neck\"}]"), "\(template.stdout)")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.habit_entries").stdout.hasPrefix("1"))
        #expect(try pg.psql(pg.adminURL, "SELECT due_time::text FROM board.tasks WHERE id LIKE '\(rent)%'").stdout.hasPrefix("09:30:00"))
        #expect(try Self.differences(laptop, pg, person: "ann") == [])
        let escaped = try pg.psql(pg.adminURL, "SELECT title || '|' || description || '|' || labels::text FROM board.tasks WHERE title LIKE 'Back%'")
        #expect(escaped.stdout == awkward + "|line one\n\tline two\nthree\\|[\"a\\\\tb\"]\n", "\(escaped.stdout)")

        // Their person alone reads them; nobody writes them through a person's login.
        let annSees = try pg.psql(urls[0], "SELECT count(*) FROM board.tasks"), bobSees = try pg.psql(urls[1], "SELECT title FROM board.tasks")
        #expect(annSees.stdout.hasPrefix("\(cards.count)") && bobSees.stdout == "Bob's own\n", "\(annSees.stdout) / \(bobSees.stdout)")
        for table in ["templates", "recurrence_rules", "series", "habits", "habit_entries"] {
            #expect(try pg.psql(urls[1], "SELECT count(*) FROM board.\(table)").stdout.hasPrefix("0"), "bob reads none of ann's \(table)")
        }
        for write in ["UPDATE board.tasks SET title = 'x'", "DELETE FROM board.tasks", "INSERT INTO board.habits (id, owner_id, name, created_at) VALUES ('h', board.current_owner(), 'x', now())"] {
            let r = try pg.psql(urls[0], write)
            #expect(r.status != 0 && r.stderr.contains("permission denied"), "\(write): \(r.stderr)")
        }
        // The queries docs/sync.md shows ("Your board in SQL") work as the person writes them.
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/sync.md"), encoding: .utf8)
        let sql = try #require(readme.components(separatedBy: "```sql\n").dropFirst().first?.components(separatedBy: "```").first)
        let statements = sql.split(separator: ";").map { $0.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: " ") }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(statements.count == 3)
        for statement in statements {
            let r = try pg.psql(urls[0], statement)
            #expect(r.status == 0, "\(statement): \(r.stderr)")
        }
        #expect(try pg.psql(urls[0], statements[0]).stdout.hasPrefix("Water the plants||"), "this week's open cards")
        // Not even the administrator can make an occurrence another person's, or invent a bucket.
        let moved = try pg.psql(pg.adminURL, "UPDATE board.tasks SET owner_id = (SELECT owner FROM board.people WHERE role = 'bob') WHERE id = '\(occurrence)'")
        #expect(moved.status != 0 && moved.stderr.contains("foreign key"), "\(moved.stderr)")
        let bucket = try pg.psql(pg.adminURL, "UPDATE board.tasks SET bucket = 'SOMEDAY' WHERE id LIKE '\(rent)%'")
        #expect(bucket.status != 0 && bucket.stderr.contains("check constraint"), "\(bucket.stderr)")

        // A deletion and an edit later, the tables follow; the status says they are up to date.
        try phone.ok(["delete", rent])
        try phone.ok(["edit", occurrence, "--priority", "2"])
        _ = try phone.sync()
        let behind = try BoardBinary.run(["server", "status", "--server", pg.adminURL])
        #expect(behind.stdout.range(of: #"^ann: \d+ changes behind, the oldest waiting \d+ s\nbob: up to date\n$"#, options: .regularExpression) != nil,
                "\(behind.stdout)")
        _ = try replica(pg, state: pg.folder + "/replica")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.tasks WHERE id LIKE '\(rent)%'").stdout.hasPrefix("0"))
        #expect(try pg.psql(pg.adminURL, "SELECT priority FROM board.tasks WHERE id = '\(occurrence)'").stdout.hasPrefix("2"))
        #expect(try BoardBinary.run(["server", "status", "--server", pg.adminURL]).stdout == "ann: up to date\nbob: up to date\n")

        // Rebuilt from nothing (the replica's files and the cursors gone), the tables are the same.
        let before = try dump(pg, person: "ann")
        try FileManager.default.removeItem(atPath: pg.folder + "/replica")
        #expect(try pg.psql(pg.adminURL, "DELETE FROM board.replica_cursors").status == 0)
        _ = try replica(pg, state: pg.folder + "/replica")
        #expect(try dump(pg, person: "ann") == before)
    }

    /// The long-running replica: a push is in the tables within a second or two, and killed with
    /// -9 at random moments while devices push, restarted each time, the tables end as a replica
    /// made afresh from the whole log makes them (nothing lost, nothing doubled).
    @Test func theRunningReplicaFollowsPushesAndSurvivesKillNine() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try SyncCommandTests.server(pg)[0]
        let laptop = Device("laptop", server: url), phone = Device("phone", server: url)
        let state = pg.folder + "/replica"
        func start() throws -> Process {
            let process = BoardBinary.process(["server", "run", "--server", pg.adminURL, "--state", state])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        func rows(_ sql: String) throws -> String { try pg.psql(pg.adminURL, sql).stdout }
        var replica = try start()
        defer { kill(replica.processIdentifier, SIGKILL); replica.waitUntilExit() }
        try laptop.ok(["add", "Call mum"])
        _ = try laptop.sync()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try !rows("SELECT title FROM board.tasks").contains("Call mum") { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try rows("SELECT title FROM board.tasks").contains("Call mum"), "a push reaches the tables while the replica runs")

        var random = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let device = round % 2 == 0 ? laptop : phone
            for i in 0..<20 { try device.ok(["add", "Card \(round)-\(i)", "--label", "r\(round)"]) }
            if round > 0 { try device.ok(["template", "add", "Routine \(round)", "--every", "every day"]) }
            _ = try device.sync()
            Thread.sleep(forTimeInterval: Double(UInt64.random(in: 0...300, using: &random)) / 1000)
            kill(replica.processIdentifier, SIGKILL)
            replica.waitUntilExit()
            replica = try start()
        }
        _ = try laptop.sync()
        _ = try phone.sync()
        let settle = Date().addingTimeInterval(20)
        while Date() < settle, try BoardBinary.run(["server", "status", "--server", pg.adminURL]).stdout != "ann: up to date\n" {
            Thread.sleep(forTimeInterval: 0.1)
        }
        kill(replica.processIdentifier, SIGKILL)
        replica.waitUntilExit()
        let followed = try dump(pg, person: "ann")
        #expect(followed.filter { $0.hasPrefix("tasks ") }.count == (try laptop.cards()).count)
        // Made afresh from the whole log: the same rows.
        try FileManager.default.removeItem(atPath: state)
        #expect(try pg.psql(pg.adminURL, "DELETE FROM board.replica_cursors").status == 0)
        _ = try self.replica(pg, state: state)
        #expect(try dump(pg, person: "ann") == followed)
        replica = try start()
    }

    /// A long log is read in one statement, whatever the batches it is taken in by. Read a batch a
    /// statement, each had the server sort the rest of the log whenever its statistics were those of
    /// an emptier table, as they are just after a first sync: a quarter of a 100,000-card first pass.
    @Test func aLongLogIsReadInOneStatement() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let ann = Device("ann", server: try SyncCommandTests.server(pg, people: ["ann"])[0])
        let cards = (0..<6_000).map { "{\"title\": \"Card \($0)\"}" }
        let imported = try BoardBinary.run(["import", "-", "--db", ann.path, "--tz", "Europe/Paris", "--now", "2026-11-21T08:00"],
                                           stdin: "[" + cards.joined(separator: ",") + "]")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try ann.sync().hasSuffix("Pushed 6,000 changes, pulled 0; board up to date.\n"))
        try pg.logEveryStatement()
        _ = try replica(pg, state: pg.folder + "/replica")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.tasks").stdout == "6000\n")
        let reads = pg.statementsRun(containing: "SELECT seq, change_id::text")
        #expect(reads.count == 1, "\(reads.joined(separator: "\n"))")
    }

    /// Later passes write what their changes touched, by `COPY` into a staging table and an upsert
    /// from it: a new habit and its check-ins arrive, a pass of cards alone leaves them as they are,
    /// an edited card is updated in place and a deleted one goes.
    @Test func laterPassesUpsertWhatTheirChangesTouched() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let ann = Device("ann", server: try SyncCommandTests.server(pg, people: ["ann"])[0])
        let state = pg.folder + "/replica"
        try ann.ok(["add", "Keep me"])
        try ann.ok(["add", "Delete me"])
        _ = try ann.sync()
        _ = try replica(pg, state: state)
        let cards = try ann.cards()
        let kept = try #require(cards.first { $0["title"] as? String == "Keep me" }?["id"] as? String)
        let gone = try #require(cards.first { $0["title"] as? String == "Delete me" }?["id"] as? String)
        try ann.ok(["habit", "add", "Water"])
        try ann.ok(["habit", "check", "Water", "--date", "2026-11-19"])
        try ann.ok(["habit", "check", "Water", "--date", "2026-11-20"])
        _ = try ann.sync()
        _ = try replica(pg, state: state)
        #expect(try Self.differences(ann, pg, person: "ann") == [])
        try ann.ok(["edit", kept, "--title", "Kept, edited"])
        try ann.ok(["delete", gone])
        _ = try ann.sync()
        _ = try replica(pg, state: state)
        #expect(try pg.psql(pg.adminURL, "SELECT title FROM board.tasks").stdout == "Kept, edited\n")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.habit_entries").stdout == "2\n")
        #expect(try Self.differences(ann, pg, person: "ann") == [])
    }

    /// Rows the tables refuse hold back their person alone: the others' tables still follow, the
    /// pass says who and why (exit 5), and the held-back rows arrive once the tables take them.
    @Test func rowsTheTablesRefuseHoldBackOnlyTheirPerson() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        #expect(try pg.psql(pg.adminURL, "ALTER TABLE board.tasks ADD CONSTRAINT not_this CHECK (title <> 'Refused here')").status == 0)
        try ann.ok(["add", "Refused here"])
        _ = try ann.sync()
        try bob.ok(["add", "Bob's card"])
        _ = try bob.sync()
        let state = pg.folder + "/replica"
        let held = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", state])
        #expect(held.status == 5 && held.stderr.hasPrefix("error: ann: ") && held.stderr.contains("not_this"), "\(held.stderr)")
        #expect(try pg.psql(pg.adminURL, "SELECT title FROM board.tasks").stdout == "Bob's card\n")
        #expect(try BoardBinary.run(["server", "status", "--server", pg.adminURL]).stdout.hasPrefix("ann: 1 change behind"))
        #expect(try pg.psql(pg.adminURL, "ALTER TABLE board.tasks DROP CONSTRAINT not_this").status == 0)
        _ = try replica(pg, state: state)
        #expect(try pg.psql(pg.adminURL, "SELECT title FROM board.tasks ORDER BY title").stdout == "Bob's card\nRefused here\n")
    }

    /// Ann and Bob, a card each, synced and brought to the tables by a first pass (written whole):
    /// the next pass is a later one for both.
    func twoPeoplePassedOnce(_ pg: PostgresCluster) throws -> (Device, Device, String) {
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        let state = pg.folder + "/replica"
        try ann.ok(["add", "Ann's first"])
        try bob.ok(["add", "Bob's first"])
        _ = try ann.sync()
        _ = try bob.sync()
        _ = try replica(pg, state: state)
        return (ann, bob, state)
    }

    /// A later pass writes every person it brings in one transaction (their cursors move at one
    /// `now()`): an edit, a deletion and a new card of two people, each person's tables as their device.
    @Test func aLaterPassWritesEveryoneInOneTransaction() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, bob, state) = try twoPeoplePassedOnce(pg)
        let first = try #require(try ann.cards().first?["id"] as? String)
        try ann.ok(["edit", first, "--title", "Ann's first, edited"])
        try ann.ok(["add", "Ann's second"])
        let bobs = try #require(try bob.cards().first?["id"] as? String)
        try bob.ok(["delete", bobs])
        try bob.ok(["habit", "add", "Water"])
        _ = try ann.sync()
        _ = try bob.sync()
        _ = try replica(pg, state: state)
        #expect(try pg.psql(pg.adminURL, "SELECT count(*), count(DISTINCT updated_at) FROM board.replica_cursors").stdout == "2|1\n")
        #expect(try pg.psql(pg.adminURL, "SELECT title FROM board.tasks ORDER BY title").stdout == "Ann's first, edited\nAnn's second\n")
        for (device, person) in [(ann, "ann"), (bob, "bob")] { #expect(try Self.differences(device, pg, person: person) == [], "\(person)") }
    }

    /// In a pass that writes several people at once, rows the tables refuse still hold back their
    /// person alone: the pass writes each person on their own, and the others' rows arrive.
    @Test func rowsRefusedInAJointPassHoldBackOnlyTheirPerson() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, bob, state) = try twoPeoplePassedOnce(pg)
        #expect(try pg.psql(pg.adminURL, "ALTER TABLE board.tasks ADD CONSTRAINT not_this CHECK (title <> 'Refused here')").status == 0)
        try ann.ok(["add", "Refused here"])
        try bob.ok(["add", "Bob's second"])
        _ = try ann.sync()
        _ = try bob.sync()
        let held = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", state])
        #expect(held.status == 5 && held.stderr.hasPrefix("error: ann: ") && held.stderr.contains("not_this") && !held.stderr.contains("bob"),
                "\(held.stderr)")
        #expect(try pg.psql(pg.adminURL, "SELECT title FROM board.tasks ORDER BY title").stdout == "Ann's first\nBob's first\nBob's second\n")
        #expect(try pg.psql(pg.adminURL, "ALTER TABLE board.tasks DROP CONSTRAINT not_this").status == 0)
        _ = try replica(pg, state: state)
        for (device, person) in [(ann, "ann"), (bob, "bob")] { #expect(try Self.differences(device, pg, person: person) == [], "\(person)") }
    }

    /// A pass whose file took its changes but whose tables refused them writes those rows at the
    /// next pass, though the log has nothing newer: the file is ahead of the cursor, and what lies
    /// between them is read again for the rows it names.
    @Test func rowsAPassCouldNotWriteAreWrittenByTheNextWithNothingNew() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let ann = Device("ann", server: try SyncCommandTests.server(pg, people: ["ann"])[0])
        let state = pg.folder + "/replica"
        try ann.ok(["add", "First"])
        _ = try ann.sync()
        _ = try replica(pg, state: state)
        #expect(try pg.psql(pg.adminURL, "ALTER TABLE board.tasks ADD CONSTRAINT not_yet CHECK (title <> 'Later')").status == 0)
        try ann.ok(["add", "Later"])
        _ = try ann.sync()
        #expect(try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", state]).status == 5)
        #expect(try pg.psql(pg.adminURL, "ALTER TABLE board.tasks DROP CONSTRAINT not_yet").status == 0)
        _ = try replica(pg, state: state)
        #expect(try pg.psql(pg.adminURL, "SELECT title FROM board.tasks ORDER BY title").stdout == "First\nLater\n")
        #expect(try Self.differences(ann, pg, person: "ann") == [])
    }

    /// An administrator's own trigger on the tables, naming its table as their path finds it, works
    /// through a first pass (rows sent by COPY) as through a later one.
    @Test func anAdministratorsTriggerReadsByItsOwnPath() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann"])
        #expect(try pg.psql(pg.adminURL, """
            CREATE TABLE audit (id text); CREATE FUNCTION audit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO audit VALUES (NEW.id); RETURN NULL; END $$;
            CREATE TRIGGER audit AFTER INSERT ON board.tasks FOR EACH ROW EXECUTE FUNCTION audit();
            """).status == 0)
        let ann = Device("ann", server: urls[0])
        try ann.ok(["add", "First"])
        _ = try ann.sync()
        _ = try replica(pg, state: pg.folder + "/replica")
        try ann.ok(["add", "Second"])
        _ = try ann.sync()
        _ = try replica(pg, state: pg.folder + "/replica")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM audit").stdout == "2\n")
    }
}
