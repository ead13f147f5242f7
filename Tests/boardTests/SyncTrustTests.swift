import TestSupport
import Foundation
import GRDB
import Testing

/// Sync that trusts nothing it receives (ARCHITECTURE.md §13), through the binary and a throwaway
/// server: what a compromised device of the same account inserts is refused by the server, or, on a
/// server without those checks, set aside by every device; and another person can neither block,
/// number, nor listen to someone's sync.
@Suite struct SyncTrustTests {
    typealias Device = SyncCommandTests.Device
    static let now = "2026-11-21T08:00"

    /// Ann's owner id, as the administrator reads it.
    static func owner(_ pg: PostgresCluster, _ role: String = "ann") throws -> String {
        try pg.psql(pg.adminURL, "SELECT owner FROM board.people WHERE role = '\(role)'").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// One row of `board.changes` as a VALUES tuple (without the owner).
    static func tuple(_ entity: String, _ id: String, _ field: String, _ value: String?, stamp: String = "0001795338000000-00009",
                      device: String = "evil-device") -> String {
        func literal(_ text: String?) -> String { text.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL" }
        return "(gen_random_uuid(), \(literal(entity)), \(literal(id)), \(literal(field)), \(literal(value)), \(literal(stamp)), \(literal(device)), 'user')"
    }

    static func insert(_ tuples: [String], owner: String? = nil) -> String {
        let columns = "change_id, entity, entity_id, field, value, stamp, device, origin"
        guard let owner else { return "INSERT INTO board.changes (\(columns)) VALUES " + tuples.joined(separator: ", ") }
        return "INSERT INTO board.changes (owner, \(columns)) SELECT '\(owner)', * FROM (VALUES " + tuples.joined(separator: ", ")
            + ") AS v(change_id, entity, entity_id, field, value, stamp, device, origin)"
    }

    /// psql reading its SQL from standard input (a statement of thousands of rows is too long for an argument).
    static func psql(_ url: String, _ sql: String) throws -> BoardBinary.Result {
        try BoardBinary.runTool(["psql", url, "-tA", "-v", "ON_ERROR_STOP=1", "-f", "-"], stdin: sql)
    }

    /// What a server without Board's checks of migration 3 would let through: its constraints and stamp trigger dropped.
    static func dropServerChecks(_ pg: PostgresCluster) throws {
        let r = try pg.psql(pg.adminURL, """
            ALTER TABLE board.changes DROP CONSTRAINT changes_field, DROP CONSTRAINT changes_ids, DROP CONSTRAINT changes_value,
                DROP CONSTRAINT changes_stamp;
            ALTER TABLE board.changes DISABLE TRIGGER changes_notify
            """)
        #expect(r.status == 0, "\(r.stderr)")
    }

    func clock(of device: Device) throws -> String {
        try DatabaseQueue(path: device.path).read { db in try String.fetchOne(db, sql: "SELECT clock FROM sync_state") ?? "" }
    }

    @Test func hostileChangesAreRefusedByTheServerOrSetAsideByEveryDeviceAndSyncGoesOn() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: Self.now)
        let card = try #require(try b.cards().first?["id"] as? String)
        let deviceB = try #require(try b.ok(["sync", "status"]).split(separator: "\n").first { $0.hasPrefix("Device:") }?
            .split(separator: " ").last.map(String.init))
        let injected = #"updated_at") SELECT id, 'x' FROM tasks ON CONFLICT ("id") DO UPDATE SET "title" = 'INJECTED BY SQL' --"#
        // The first three are not of a change's shape: the server refuses them. The rest are, and only a device knows the field rules.
        let hostile: [(tuple: String, reason: String)] = [
            (Self.tuple("tasks", card, injected, "\"x\""), "is not a field Board syncs"),
            (Self.tuple("tasks", card, "nonexistent", "\"x\""), "tasks.nonexistent: is not a field Board syncs"),
            (Self.tuple("tasks", card, "title", "\"Pinned\"", stamp: "9999999999999999-99999"), "more than 10 minutes ahead"),
            (Self.tuple("tasks", card, "due_date", "\"not-a-date\""), "tasks.due_date: must be a date YYYY-MM-DD"),
            (Self.tuple("tasks", card, "priority", "\"high\""), "tasks.priority: must be a whole number from 0 to 3"),
            (Self.tuple("tasks", card, "priority", "99"), "tasks.priority: must be a whole number from 0 to 3"),
            (Self.tuple("tasks", card, "is_completed", "\"yes\""), "tasks.is_completed: must be a whole number from 0 to 1"),
            (Self.tuple("tasks", card, "bucket", "\"NOWHERE\""), "tasks.bucket: must be one of"),
            (Self.tuple("tasks", card, "labels", "{\"a\": 1}"), "tasks.labels: must be text"),
            (Self.tuple("tasks", card, "id", "\"another\""), "tasks.id: is the row's key"),
            (Self.tuple("tasks", card, "title", "\"Pay\\u0000rent\""), "tasks.title: must not hold control characters"),
        ]
        for (i, attack) in hostile.enumerated() {
            let r = try pg.psql(url, Self.insert([attack.tuple]))
            if i < 3 {
                #expect(r.status != 0 && (r.stderr.contains("violates check constraint") || r.stderr.contains("ahead of the server's clock")),
                        "\(attack.tuple): \(r.stderr)")
            } else {
                #expect(r.status == 0, "\(attack.tuple): \(r.stderr)")
            }
        }
        // A server without those checks lets the first three through too: every device sets all aside and keeps syncing.
        try Self.dropServerChecks(pg)
        let owner = try Self.owner(pg)
        #expect(try pg.psql(pg.adminURL, Self.insert(hostile.prefix(3).map(\.tuple), owner: owner)).status == 0)
        // A valid change that names B as its device still reaches B: a pull skips by the server's numbers, not by a device id.
        #expect(try pg.psql(pg.adminURL, Self.insert([Self.tuple("tasks", card, "priority", "2", device: deviceB)], owner: owner)).status == 0)
        for device in [a, b] {
            let round = try device.sync()
            #expect(round.contains("11 changes set aside (`board sync status` says why)"), "\(round)")
            let status = try device.ok(["sync", "status"])
            #expect(status.contains("Set aside:   11 received changes that broke a rule, never applied:") && status.contains("… and 8 more"), "\(status)")
            let cards = try device.cards()
            #expect(cards.count == 1 && cards[0]["title"] as? String == "Pay rent" && cards[0]["priority"] as? Int == 2, "\(cards)")
            #expect(try device.run(["export"]).status == 0)
            let stamp = try clock(of: device)
            #expect(stamp < "0001795500000000", "the clock is not pinned: \(stamp)")
        }
        #expect(try pg.psql(url, "SELECT count(*) FROM board.changes WHERE value LIKE '%INJECTED%'").stdout == "0\n")
        // Every command still works, and a later edit from A and a new card reach B.
        try a.ok(["edit", card, "--title", "Pay the rent", "--due", "2026-11-30"], now: "2026-11-21T09:00")
        try a.ok(["add", "Canary"], now: "2026-11-21T09:00")
        _ = try a.sync(now: "2026-11-21T09:00")
        let round = try b.sync(now: "2026-11-21T09:00")
        #expect(round.hasPrefix("Nothing to push or pull") == false && !round.contains("wait"), "\(round)")
        #expect(Set(try b.cards().compactMap { $0["title"] as? String }) == ["Pay the rent", "Canary"])
        try b.ok(["done", card])
        try b.ok(["delete", card])
        #expect(try a.export() != "" && (try b.run(["list"])).status == 0)
    }

    /// Two people on one server: Bob can't choose numbers, draw them, take Ann's ordering lock, or hear her notifications.
    @Test func anotherPersonCanNotNumberBlockOrListenToSomeonesSync() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0])
        try ann.ok(["add", "Pay rent"])
        _ = try ann.sync()
        let annOwner = try Self.owner(pg)
        let bob = urls[1]
        let refused: [(String, String)] = [
            ("SELECT nextval('board.changes_seq_seq')", "permission denied for sequence"),
            ("SELECT setval(pg_get_serial_sequence('board.changes', 'seq'), 1000000)", "permission denied"),
            (Self.insert([Self.tuple("tasks", "t1", "title", "\"x\"")]).replacingOccurrences(of: "(change_id,", with: "(seq, change_id,")
                .replacingOccurrences(of: "(gen_random_uuid(),", with: "(1000000, gen_random_uuid(),"), "cannot insert a non-DEFAULT value into column \"seq\""),
            (Self.insert([Self.tuple("tasks", "t1", "title", "\"x\"")]).replacingOccurrences(of: "(change_id,", with: "(seq, change_id,")
                .replacingOccurrences(of: "VALUES (gen_random_uuid(),", with: "OVERRIDING SYSTEM VALUE VALUES (1000000, gen_random_uuid(),"),
             "permission denied for table changes"),
            ("SELECT 1 FROM board.people FOR UPDATE", "permission denied"),
            ("SELECT board.notify_changes()", "can only be called as triggers"),
        ]
        for (sql, message) in refused {
            let r = try pg.psql(bob, sql)
            #expect(r.status != 0 && r.stderr.contains(message), "\(sql): \(r.stderr)")
        }
        // Reminder claims: Ann's are hers alone.
        #expect(try pg.psql(urls[0], "INSERT INTO board.reminder_claims (task_id, instant, device) VALUES ('t1', '2026-11-21T08:00:00Z', 'laptop')").status == 0)
        #expect(try pg.psql(bob, "SELECT count(*) FROM board.reminder_claims").stdout == "0\n")
        let claimAsAnn = try pg.psql(bob, "INSERT INTO board.reminder_claims (owner, task_id, instant, device) VALUES ('\(annOwner)', 't2', 'x', 'd')")
        #expect(claimAsAnn.status != 0 && claimAsAnn.stderr.contains("permission denied"), "\(claimAsAnn.stderr)")
        // Bob's own changes are numbered by the server, and Ann's next push is not in their way.
        #expect(try pg.psql(bob, Self.insert((0..<50).map { Self.tuple("tasks", "t\($0)", "title", "\"x\"") })).status == 0)

        // Bob holds the advisory lock the old server serialised Ann's pushes with, and listens where her notifications went.
        let lockKey = "hashtextextended('board.changes ' || '\(annOwner)', 0)"
        let oldChannel = "board_" + annOwner.replacingOccurrences(of: "-", with: "")
        let annChannel = try pg.psql(urls[0], "SELECT board.my_channel()").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(annChannel.hasPrefix("board_") && annChannel != oldChannel)
        #expect(try pg.psql(bob, "SELECT board.my_channel()").stdout.trimmingCharacters(in: .whitespacesAndNewlines) != annChannel)
        func listening(_ url: String, _ sql: [String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["psql", url, "-tA"] + sql.flatMap { ["-c", $0] }
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            try process.run()
            return process
        }
        let bobListens = try listening(bob, ["SELECT pg_advisory_lock(\(lockKey))", "LISTEN \(oldChannel)", "SELECT pg_sleep(6)", "SELECT 1"])
        let annListens = try listening(urls[0], ["LISTEN \(annChannel)", "SELECT pg_sleep(6)", "SELECT 1"])
        Thread.sleep(forTimeInterval: 1.5)
        try ann.ok(["add", "Call mum"])
        let started = Date()
        let round = try ann.sync()
        let took = Date().timeIntervalSince(started)
        #expect(round.hasPrefix("Pushed 1 change"), "\(round)")
        #expect(took < 4, "Ann's push waited for Bob's lock: \(took) s")
        bobListens.waitUntilExit()
        annListens.waitUntilExit()
        let bobHeard = String(decoding: (bobListens.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let annHeard = String(decoding: (annListens.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!bobHeard.contains("Asynchronous notification"), "\(bobHeard)")
        #expect(annHeard.contains("Asynchronous notification \"\(annChannel)\""), "the control: Ann's own channel hears her push: \(annHeard)")
    }

    /// 10,000 random changes from a compromised device, while two devices sync: neither crashes or
    /// stops, both end identical holding only valid values, and a card added afterwards arrives.
    @Test func tenThousandRandomHostileChangesLeaveBothDevicesSyncingAndAlike() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: Self.now)
        try a.ok(["template", "add", "Stretch", "--every", "every day"])
        try a.ok(["habit", "add", "Read"])
        _ = try a.sync()
        _ = try b.sync()
        let ids = try a.cards().compactMap { $0["id"] as? String }
        var random = SeededGenerator(seed: 27)
        let entities = ["tasks", "templates", "series", "recurrence_rules", "habits", "habit_entries", "events", "settings", "sync_state", "x"]
        let fields = ["title", "priority", "bucket", "due_date", "labels", "checklist", "row", "deleted", "exception.title", "exception.x",
                      "id", "owner_id", "is_completed", "status", "rrule", "name", "day", "position", "nonexistent", "", "title\"--"]
        let strings = ["", "x", "\\u0000", "\\u001b]52;c;AAAA\\u0007", String(repeating: "é", count: 300), "2026-13-45", "12:99", "THIS_WEEK",
                       "NOWHERE", "[]", "[\\\"a\\\"]", "{\\\"a\\\":1}", "FREQ=DAILY", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "active"]
        func value() -> String? {
            switch random.next() % 9 {
            case 0: return nil
            case 1: return "null"
            case 2: return String(Int64(bitPattern: random.next()))
            case 3: return ["true", "false", "1.5e308", "-0"].randomElement(using: &random)
            case 4: return "[1,\"a\",null]"
            case 5: return "{\"id\":\"\(ids.randomElement(using: &random) ?? "x")\",\"title\":\"x\"}"
            default: return "\"" + strings.randomElement(using: &random)! + "\""
            }
        }
        func stamp() -> String {
            switch random.next() % 4 {
            case 0: return "9999999999999999-99999"
            case 1: return "0000000000000000-00000"
            default: return String(format: "%016lld-%05d", 1_795_300_000_000 + Int64(random.next() % 100_000_000), Int(random.next() % 100))
            }
        }
        let owner = try Self.owner(pg)
        var tuples: [String] = []
        for _ in 0..<10_000 {
            let entity = entities.randomElement(using: &random)!
            let id = random.next() % 3 == 0 ? (ids.randomElement(using: &random) ?? "x") : String(format: "%08x", UInt32(truncatingIfNeeded: random.next()))
            tuples.append(Self.tuple(entity, id, fields.randomElement(using: &random)!, value(), stamp: stamp()))
        }
        // As the person, the server refuses what is not of a change's shape; the rest lands.
        var refusedByServer = 0
        for tuple in tuples.prefix(200) where try Self.psql(url, Self.insert([tuple])).status != 0 { refusedByServer += 1 }
        #expect(refusedByServer > 150, "\(refusedByServer) of 200 refused by the server")
        try Self.dropServerChecks(pg)
        for (i, chunk) in stride(from: 200, to: tuples.count, by: 1_960).map({ Array(tuples[$0..<min($0 + 1_960, tuples.count)]) }).enumerated() {
            let r = try Self.psql(pg.adminURL, Self.insert(chunk, owner: owner))
            #expect(r.status == 0, "\(r.stderr.prefix(300))")
            for device in i % 2 == 0 ? [a, b] : [b, a] { _ = try device.sync() }
            // The server's replica takes the same changes in (issue 40) and keeps going.
            _ = try ServerTablesTests().replica(pg, state: pg.folder + "/replica")
        }
        for device in [a, b] {
            let setAside = try device.ok(["sync", "status"]).split(separator: "\n").first { $0.hasPrefix("Set aside:") }
            let count = setAside.flatMap { Int($0.split(separator: " ")[2].replacingOccurrences(of: ",", with: "")) } ?? 0
            #expect(count > 5_000, "\(setAside ?? "nothing set aside")")
        }
        try a.ok(["add", "Canary"], now: "2026-11-21T09:00")
        for device in [a, b, a, b] { _ = try device.sync(now: "2026-11-21T09:00") }
        #expect(try b.cards().contains { $0["title"] as? String == "Canary" })
        let (exportA, exportB) = (try a.export(), try b.export())
        let (linesA, linesB) = (exportA.split(separator: "\n"), exportB.split(separator: "\n"))
        #expect(exportA == exportB, "\(linesA.difference(from: linesB).map { "\($0)" }.prefix(20))")
        // The server's tables hold the same valid board (their own checks would refuse any other value).
        _ = try ServerTablesTests().replica(pg, state: pg.folder + "/replica")
        #expect(try ServerTablesTests.differences(a, pg, person: "ann") == [])
        // Only valid values: the whole board goes into a new file through the import's own checks.
        let exported = try a.ok(["export"])
        let copy = Device("copy", server: url)
        let imported = try BoardBinary.run(["import", "-", "--db", copy.path, "--tz", "Europe/Paris", "--now", Self.now], stdin: exported)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// TLS as libpq means it: the right host with the right CA syncs; a certificate for another
    /// host or from another CA is refused in one line, exit 5; `require` encrypts without checking;
    /// plain text is refused by a server that wants TLS; and the default on loopback is encrypted.
    @Test func aBoardTravelsEncryptedToAServerThatProvesWhoItIs() throws {
        let pg = try PostgresCluster(tls: true)
        defer { pg.stop() }
        let ann = try SyncCommandTests.server(pg)[0]  // postgres://ann:…@127.0.0.1:PORT/board
        let byName = ann.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
        let device = Device("tls", server: ann)
        try device.ok(["add", "Pay rent"])
        let cases: [(url: String, status: Int32, error: String?)] = [
            (byName + "?sslmode=verify-full&sslrootcert=\(pg.caFile)", 0, nil),
            (ann + "?sslmode=verify-full&sslrootcert=\(pg.caFile)", 5,
             "error: server 127.0.0.1:\(pg.port): its certificate was refused: it does not name this host\n"),
            (byName + "?sslmode=verify-ca&sslrootcert=\(pg.otherCAFile)", 5,
             "error: server localhost:\(pg.port): its certificate was refused: it is not signed by a trusted CA (name the CA file with sslrootcert=FILE)\n"),
            (ann + "?sslmode=verify-ca&sslrootcert=\(pg.caFile)", 0, nil),
            (ann + "?sslmode=require", 0, nil),
            (ann + "?sslmode=allow", 0, nil),
            (ann, 0, nil),
        ]
        for (url, status, error) in cases {
            let r = try device.run(["sync", "--server", url])
            #expect(r.status == status, "\(url): \(r.stderr)")
            if let error { #expect(r.stderr == error, "\(url)") }
        }
        let plain = try device.run(["sync", "--server", ann + "?sslmode=disable"])
        #expect(plain.status == 5 && plain.stderr.contains("no encryption"), "\(plain.stderr)")
        // Every session of Ann's that got in was encrypted.
        let sessions = pg.log.split(separator: "\n").filter { $0.contains("connection authorized: user=ann") }
        #expect(sessions.count == 5 && sessions.allSatisfy { $0.contains("SSL enabled") }, "\(sessions)")
    }
}
