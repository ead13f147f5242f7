import Foundation
import Glibc
import Testing

/// `board sync` between boards of one person, and of two, through a real PostgreSQL started for
/// each test (ARCHITECTURE.md §13): each board is its own file, driven by the binary as a user
/// drives it, offline edits included (a board only syncs when told to).
@Suite struct SyncCommandTests {
    /// One board file: every command with its `--db`, a time zone, and the moment it runs at.
    struct Device {
        let path: String
        let server: String

        init(_ name: String, server: String) {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(name)-\(UUID().uuidString).sqlite").path
            self.server = server
        }

        @discardableResult
        func run(_ arguments: [String], now: String = "2026-11-21T08:00") throws -> BoardBinary.Result {
            try BoardBinary.run(arguments + ["--db", path, "--tz", "Europe/Paris", "--now", now],
                                environment: ["BOARD_SYNC_URL": server, "PGPASSWORD": "", "PGPASSFILE": "/nonexistent"])
        }

        /// Runs a command that must succeed; its output.
        @discardableResult
        func ok(_ arguments: [String], now: String = "2026-11-21T08:00") throws -> String {
            let r = try run(arguments, now: now)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            return r.stdout
        }

        func sync(now: String = "2026-11-21T08:00") throws -> String { try ok(["sync"], now: now) }

        /// The cards as `list --json` prints them.
        func cards() throws -> [[String: Any]] {
            try JSONSerialization.jsonObject(with: Data(try ok(["list", "--json"]).utf8)) as? [[String: Any]] ?? []
        }

        func card(_ id: String) throws -> [String: Any]? { try cards().first { ($0["id"] as? String)?.hasPrefix(id) ?? false } }

        /// The whole board as `board export` writes it, its owner's settings and each device's own
        /// generation bookkeeping (how far and when it last generated, which sync leaves local) left out.
        func export(now: String = "2026-11-21T08:00") throws -> String {
            let text = try ok(["export"], now: now)
            let local = ["\"owner_id\"", "\"generated_through\"", "\"last_generated_at\""]
            return text.split(separator: "\n").filter { line in !local.contains { line.contains($0) } }.joined(separator: "\n")
        }
    }

    /// A server with Board's schema and one person on it; the person's URL.
    static func server(_ pg: PostgresCluster, people: [String] = ["ann"]) throws -> [String] {
        #expect(try BoardBinary.run(["server", "init", pg.adminURL]).status == 0)
        return try people.map { name in
            let r = try BoardBinary.run(["server", "add-user", name, "--server", pg.adminURL, "--password", "pw-\(name)"])
            #expect(r.status == 0, "\(r.stderr)")
            return try #require(r.lines.last)
        }
    }

    /// Ann's laptop and desktop, both synced with "Pay rent" from the laptop.
    static func twoSyncedBoards(_ pg: PostgresCluster, now: String) throws -> (url: String, laptop: Device, desktop: Device) {
        let url = try server(pg)[0]
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        try a.ok(["add", "Pay rent"], now: now)
        _ = try a.sync(now: now)
        _ = try b.sync(now: now)
        return (url, a, b)
    }

    func id(in output: String) throws -> String {
        // "Added 1a2b3c4d to This Week: …", "Added template 1a2b3c4d: …": the first word of 8 hex digits.
        try #require(output.split(separator: " ").map { $0.trimmingCharacters(in: [":"]) }.first { $0.count == 8 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func twoBoardsOfOnePersonTakeEachOthersEditsAndKeepOneOccurrencePerDate() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try Self.server(pg)[0]
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        let rent = try id(in: try a.ok(["add", "Pay rent"]))
        let stretch = try id(in: try a.ok(["template", "add", "Stretch", "--every", "every day"]))
        try a.ok(["habit", "add", "Water"])
        let joined = try a.sync()
        #expect(joined.hasPrefix("Joined the account of ann on 127.0.0.1:\(pg.port): ") && joined.contains("Pushed "), "\(joined)")
        #expect(try b.sync().hasPrefix("Pushed 0 changes, pulled "))
        #expect(try b.card(rent)?["title"] as? String == "Pay rent")

        // Offline on both: different fields of one card, and the same field (B's edit is later).
        try a.ok(["edit", rent, "--priority", "3", "--title", "Pay the rent"])
        try b.ok(["edit", rent, "--label", "money", "--title", "Pay rent today"], now: "2026-11-21T09:00")
        // An occurrence edited on A while B changes the template's title.
        let occurrences = try a.cards().filter { ($0["template_id"] as? String)?.hasPrefix(stretch) ?? false }
            .sorted { ($0["occurrence_date"] as! String) < ($1["occurrence_date"] as! String) }
        #expect(occurrences.count == 7)
        let edited = try #require(occurrences[2]["id"] as? String)
        try a.ok(["edit", edited, "--title", "Stretch, short"])
        try b.ok(["template", "edit", stretch, "--title", "Stretch and breathe", "--yes"], now: "2026-11-21T10:00")
        // A deletes the week's last occurrence; B, a day later, generates the day after it.
        let last = try #require(occurrences[6]["id"] as? String)
        try a.ok(["delete", last])
        try b.ok(["generate"], now: "2026-11-22T08:00")
        // The same habit checked in on both the same day.
        try a.ok(["habit", "check", "Water"])
        try b.ok(["habit", "check", "Water"], now: "2026-11-21T11:00")

        // Each board syncs until it has seen the others' last round (A brings the day it generated
        // before B's template edit arrived up to date, and B takes that in).
        for device in [a, b, a, b] { _ = try device.sync(now: "2026-11-22T08:00") }
        for device in [a, b] {
            let card = try #require(try device.card(rent))
            #expect(card["priority"] as? Int == 3 && card["labels"] as? [String] == ["money"])
            #expect(card["title"] as? String == "Pay rent today", "B's edit is the later one")
            let occurrence = try #require(try device.card(edited))
            #expect(occurrence["title"] as? String == "Stretch, short" && occurrence["exceptions"] as? [String] == ["title"])
            let stretches = try device.cards().filter { ($0["template_id"] as? String)?.hasPrefix(stretch) ?? false }
            #expect(stretches.filter { $0["title"] as? String == "Stretch and breathe" }.count == 6, "\(stretches.map { "\($0["occurrence_date"]!) \($0["title"]!)" })")
            #expect(try device.card(last) == nil, "deleted on A, generated again on B: stays deleted")
            let dates = stretches.map { $0["occurrence_date"] as! String }
            #expect(dates.count == Set(dates).count, "one occurrence per date")
            #expect(dates.sorted() == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-28"])
            #expect(try device.ok(["habit", "list"]).contains("Water"))
        }
        #expect(try a.export() == b.export())
        // Each device's check-in of the day is its own entry; the daily habit's day counts once.
        #expect(try a.export().components(separatedBy: "\"day\" : \"2026-11-21\"").count == 3, "an entry per device")
        for device in [a, b] {
            let water = try #require(try JSONSerialization.jsonObject(with: Data(device.ok(["habit", "list", "--json"]).utf8)) as? [[String: Any]])
            let days = try #require(water.first?["last14"] as? [[String: Any]])
            #expect(days.first { $0["date"] as? String == "2026-11-21" }?["entries"] as? Int == 1)
        }

        // A reapply on B gives the template's title back on both.
        try b.ok(["reapply", edited, "--all"], now: "2026-11-22T09:00")
        for device in [b, a] { _ = try device.sync(now: "2026-11-22T09:00") }
        #expect(try a.card(edited)?["title"] as? String == "Stretch and breathe")
        #expect(try a.card(edited)?["exceptions"] as? [String] == [])
        #expect(try a.export() == b.export())
        // On the server: one created row per occurrence id, whoever generated it.
        let duplicates = try pg.psql(url, """
            SELECT count(*) FROM (SELECT entity_id FROM board.changes WHERE entity = 'tasks' AND field = 'row' AND value LIKE '%occurrence_date%2026-11-2%'
            GROUP BY entity_id, value::json->>'occurrence_date' HAVING count(DISTINCT value::json->>'series_id') > 1) d
            """)
        #expect(duplicates.stdout == "0\n", "\(duplicates.stderr)")
        let status = try a.ok(["sync", "status"])
        #expect(status.contains("Server:      postgres://ann@127.0.0.1:\(pg.port)/board") && status.contains("Waiting:     0 changes to push"))
    }

    /// A board of 25,000 cards joins: its cards' changes name them rather than copy them, go up in
    /// five batches (each read while the server takes the last) and come down to another board by
    /// one statement, in eleven batches (each taken in while the next is read and checked); a card edited and one deleted since
    /// arrive as they are, a round after that moves nothing, and neither file keeps a copy of the cards.
    @Test func aLargeBoardJoinsInBatchesAndAnotherBoardPullsItWhole() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try Self.server(pg)[0]
        let a = Device("large", server: url), b = Device("other", server: url)
        let cards = (0..<25_000).map { "{\"title\": \"Card \($0)\", \"bucket\": \"\($0 % 3 == 0 ? "weekend" : "this-week")\"}" }
        let imported = try BoardBinary.run(["import", "-", "--db", a.path, "--tz", "Europe/Paris", "--now", "2026-11-21T08:00"],
                                           stdin: "[" + cards.joined(separator: ",") + "]")
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try a.cards()
        let edited = try #require(listed.first { $0["title"] as? String == "Card 7" }?["id"] as? String)
        let deleted = try #require(listed.first { $0["title"] as? String == "Card 8" }?["id"] as? String)
        let unjoined = try #require(try FileManager.default.attributesOfItem(atPath: a.path)[.size] as? Int)
        #expect(try a.sync().hasSuffix("25,000 changes from this board.\nPushed 25,000 changes, pulled 0; board up to date.\n"))
        // Joining costs a log entry a card, this device's name and the change ids left out of the file (ARCHITECTURE.md §13).
        let grown = try #require(try FileManager.default.attributesOfItem(atPath: a.path)[.size] as? Int) - unjoined
        #expect(grown <= 210 * 25_000, "the file grew by \(grown / 25_000) bytes a card when it joined")
        try a.ok(["edit", edited, "--title", "Card 7, edited offline"])
        try a.ok(["delete", deleted])
        #expect(try a.sync() == "Pushed 2 changes, pulled 0; board up to date.\n")
        try pg.logEveryStatement()
        #expect(try b.sync() == "Pushed 0 changes, pulled 25,002; board up to date.\n")
        // In one statement: read a batch a statement, each had the server sort the rest of a log it
        // had just been sent, while its statistics were still those of an emptier table.
        let pulls = pg.statementsRun(containing: "LEFT JOIN LATERAL")
        #expect(pulls.count == 1, "\(pulls.joined(separator: "\n"))")
        #expect(try b.cards().count == 24_999)
        #expect(try b.card(edited)?["title"] as? String == "Card 7, edited offline" && b.card(deleted) == nil)
        #expect(try a.export() == b.export())
        for device in [a, b] { #expect(try device.sync() == "Nothing to push or pull; board up to date.\n") }
        // Neither file holds a second copy of the cards: each card's first change names it.
        for device in [a, b] {
            let copies = try BoardBinary.runTool(["sqlite3", device.path, "SELECT count(*) FROM sync_changes WHERE entity = 'tasks' AND field = 'row' AND value IS NOT NULL"])
            #expect(copies.stdout == "0\n", "\(device.path): \(copies.stdout) \(copies.stderr)")
        }
    }

    /// A server Board set up before pushes named their owner (server migration 5) refuses them; the
    /// refusal says what mends it, and `board server init` does: nothing waiting is lost.
    @Test func aServerSetUpByAnEarlierBoardIsToldToMigrate() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try Self.server(pg)[0]
        // What migration 4 left: no owner for a person to insert, the policies asking who it is per row.
        let earlier = """
            DELETE FROM board.migrations WHERE version = 5; REVOKE INSERT (owner) ON board.changes FROM board_person;
            DROP POLICY changes_read ON board.changes; CREATE POLICY changes_read ON board.changes FOR SELECT USING (owner = board.current_owner());
            DROP POLICY changes_write ON board.changes; CREATE POLICY changes_write ON board.changes FOR INSERT WITH CHECK (owner = board.current_owner())
            """
        #expect(try pg.psql(pg.adminURL, earlier).status == 0)
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        try a.ok(["add", "Pay rent"])
        let refused = try a.run(["sync"])
        #expect(refused.status == 5, "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("error: server 127.0.0.1:\(pg.port): permission denied for table changes; a server set up by an earlier Board needs `board server init` again (by its administrator)\n"), "\(refused.stderr)")
        #expect(try BoardBinary.run(["server", "init", pg.adminURL]).status == 0)
        #expect(try a.sync() == "Pushed 1 change, pulled 0; board up to date.\n")
        #expect(try b.sync() == "Pushed 0 changes, pulled 1; board up to date.\n")
        #expect(try b.cards().map { $0["title"] as? String } == ["Pay rent"])
    }

    /// A server set up before cards kept their aim (server migration 6) refuses a move's aim; the
    /// refusal says what mends it, and `board server init` does: nothing waiting is lost.
    @Test func aServerWithoutTheAimFieldIsToldToMigrate() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try Self.server(pg)[0]
        let earlier = """
            DELETE FROM board.migrations WHERE version = 6; ALTER TABLE board.changes DROP CONSTRAINT changes_field;
            ALTER TABLE board.changes ADD CONSTRAINT changes_field CHECK (field <> 'aimed_on') NOT VALID
            """
        #expect(try pg.psql(pg.adminURL, earlier).status == 0)
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        try a.ok(["add", "Plan trip", "--bucket", "next-week"])
        _ = try a.sync()
        let id = try #require(try a.cards().first?["id"] as? String)
        try a.ok(["move", id, "weekend"], now: "2026-11-23T08:00")   // a new aim: a change of `tasks.aimed_on`
        let refused = try a.run(["sync"], now: "2026-11-23T08:00")
        #expect(refused.status == 5, "\(refused.stderr)")
        #expect(refused.stderr.contains("a server set up by an earlier Board needs `board server init` again (by its administrator)"), "\(refused.stderr)")
        #expect(try BoardBinary.run(["server", "init", pg.adminURL]).status == 0)
        _ = try a.sync(now: "2026-11-23T08:00")
        _ = try b.sync(now: "2026-11-23T08:00")
        #expect(try b.cards().map { $0["bucket"] as? String } == ["weekend"])
    }

    @Test func withoutAServerChangesWaitAndEveryRefusalIsSaid() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try Self.server(pg)[0]
        let a = Device("laptop", server: url)
        try a.ok(["add", "Pay rent"])
        #expect(try a.ok(["sync", "status"]) == "This board has not synced yet; `board sync --server URL` joins it to an account.\n")
        // Bad input: exit 2, one line.
        let none = try BoardBinary.run(["sync", "--db", a.path], environment: ["BOARD_SYNC_URL": ""])
        #expect(none.status == 2 && none.stderr == "error: server: no server given: use --server URL, BOARD_SYNC_URL, or sync_url in config.toml\n")
        let bad = try a.run(["sync", "--server", "http://example.org"])
        #expect(bad.status == 2 && bad.stderr == "error: server: must be a URL like postgres://USER@HOST:5432/DATABASE, got 'http://example.org'\n")
        // A wrong password: refused, exit 5, nothing joined.
        let wrong = try a.run(["sync", "--server", "postgres://ann:nope@127.0.0.1:\(pg.port)/board"])
        #expect(wrong.status == 5 && wrong.stderr == "error: server 127.0.0.1:\(pg.port): password authentication failed for user \"ann\"\n")
        _ = try a.sync()
        try a.ok(["add", "Call mum"])
        try a.ok(["add", "Water the plants"])
        // The server away: exit 5, the changes wait and the status says so.
        pg.stop()
        let away = try a.run(["sync"])
        #expect(away.status == 5 && away.stderr.contains("can't connect"), "\(away.stderr)")
        let status = try a.ok(["sync", "status"])
        #expect(status.contains("Waiting:     2 changes to push") && status.contains("Last problem: can't connect"), "\(status)")
    }

    @Test func nothingOfOnePersonsBoardLandsInAnothersAndABoardKeepsItsAccount() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try Self.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        try ann.ok(["add", "Ann's secret"])
        try ann.ok(["template", "add", "Ann's routine", "--every", "every day"])
        _ = try ann.sync()
        try bob.ok(["add", "Bob's card"])
        #expect(try bob.sync().hasSuffix("Pushed 1 change, pulled 0; board up to date.\n"))
        #expect(try bob.cards().map { $0["title"] as? String } == ["Bob's card"])
        #expect(!(try bob.export().contains("Ann")))
        // Ann's board pointed at Bob's account: refused, it stays Ann's.
        let crossed = try ann.run(["sync", "--server", urls[1]])
        #expect(crossed.status == 5 && crossed.stderr.contains("this board syncs with another account"), "\(crossed.stderr)")
        #expect(try pg.psql(urls[1], "SELECT count(*) FROM board.changes WHERE value LIKE '%Ann%'").stdout == "0\n")
    }

    /// The screen syncs by itself: a card added on one open board shows on the other within 2
    /// seconds, and the status line says where sync stands, offline included. The first board's
    /// commits are heard before they show (`SlowCommit`), as on a loaded machine: its sync still
    /// pushes at once (it once waited for the next minute).
    @Test func aCardAddedOnOneOpenBoardAppearsOnTheOther() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, b) = try Self.twoSyncedBoards(pg, now: "2026-11-21T10:00")
        // The realtime channel tells each open board at once; without it they poll (RealtimeChannelTests).
        let server = try RunningServer(pg)
        defer { server.kill9() }
        func open(_ device: Device, slowCommits: Bool = false) throws -> TmuxSession {
            let slow = slowCommits ? [try SlowCommit.preload()] : []
            return try TmuxSession(["env", "BOARD_SYNC_URL=\(url)", "PGPASSFILE=/nonexistent"] + slow + [BoardBinary.url.path, "--db", device.path], command: true)
        }
        let screenA = try open(a, slowCommits: true), screenB = try open(b)
        for screen in [screenA, screenB] {
            let (synced, last) = screen.waitFor(10) { $0.contains("Synced 10:0") && $0.contains("Pay rent") }
            #expect(synced, "\(last)")
        }
        try screenA.send("a")
        try screenA.type("Buy milk")
        try screenA.send("Enter")
        #expect(screenA.waitFor { $0.contains("[ ] Buy milk") }.0)
        let added = Date()
        let (seen, last) = screenB.waitFor(5) { $0.contains("[ ] Buy milk") }
        let latency = Date().timeIntervalSince(added)
        #expect(seen && latency < 2, "seen after \(latency) s: \(last)")
        // The server goes away: offline is said, the board goes on, and a change waits.
        pg.stop()
        try screenA.send("a")
        try screenA.type("Call mum")
        try screenA.send("Enter")
        let (offline, screen) = screenA.waitFor(10) { $0.contains("[ ] Call mum") && $0.contains("Offline — 1 change waiting") }
        #expect(offline, "\(screen)")
        for screen in [screenA, screenB] { try screen.send("q") }
        #expect(screenA.waitFor { _ in !screenA.isRunning }.0 && screenB.waitFor { _ in !screenB.isRunning }.0)
    }

    /// The screen's sync runs in a process beside it (`board-sync`) and never outlives it: not
    /// when the screen quits, not when the screen is killed without a chance to stop it.
    @Test func theScreensSyncEndsWithTheScreen() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, _) = try Self.twoSyncedBoards(pg, now: "2026-11-21T10:00")
        func pids(_ pattern: String) throws -> [pid_t] {
            try BoardBinary.runTool(["pgrep", "-f", pattern]).stdout.split(separator: "\n").compactMap { pid_t($0) }
        }
        let syncs = "board-sync sync run --watch --screen --db \(a.path)"
        for ending in ["quits", "is killed"] {
            let screen = try TmuxSession(["env", "BOARD_SYNC_URL=\(url)", "PGPASSFILE=/nonexistent", BoardBinary.url.path, "--db", a.path], command: true)
            #expect(screen.waitFor(10) { $0.contains("Synced 10:0") }.0, "the screen \(ending)")
            #expect(try pids(syncs).count == 1, "one sync beside the screen that \(ending)")
            if ending == "quits" {
                try screen.send("q")
            } else {
                let board = try #require(try pids("^\(BoardBinary.url.path) --db \(a.path)$").first)
                kill(board, SIGKILL)
            }
            let deadline = Date().addingTimeInterval(5)
            while try !pids(syncs).isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(try pids(syncs).isEmpty, "a sync outlived the screen that \(ending)")
        }
    }

    /// `board sync` and `board server` run in `board-sync`, installed beside `board`; without it
    /// they say so in one line, and the screen says so on its status line and works on.
    @Test func withoutBoardSyncBesideItBoardSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("board")
        // Copied by cp, not in this process: a process another test forks while this one still holds
        // the copy open for writing keeps it open, and running the copy then fails ("Text file busy").
        #expect(try BoardBinary.runTool(["cp", BoardBinary.url.path, alone.path]).status == 0)
        let board = try BoardFile()
        #expect(try board.run(["add", "Pay rent"]).status == 0)
        for command in [["sync"], ["server", "init", "postgres://admin@127.0.0.1/board"], ["help", "sync"]] {
            let r = try BoardBinary.runTool([alone.path] + command + (command[0] == "sync" ? ["--db", board.path] : []))
            #expect(r.status == 2 && r.stderr == "error: sync: \(folder.path)/board-sync is missing; build it as board is built (swift build … --product board-sync) and install it beside board\n",
                    "\(command): \(r.stderr)")
        }
        let screen = try TmuxSession(["env", "BOARD_SYNC_URL=postgres://ann@127.0.0.1:1/board", alone.path, "--db", board.path], command: true)
        let (said, last) = screen.waitFor(5) { $0.contains("No sync: \(folder.path)/board-sync is missing") && $0.contains("Pay rent") }
        #expect(said, "\(last)")
        try screen.send("q")
        #expect(screen.waitFor { _ in !screen.isRunning }.0)
    }

    /// `board sync --watch` pulls another board's push within seconds, and reconnects after the
    /// server restarts; here without the realtime channel, by polling the log's head.
    @Test func aWatchingSyncPullsAtOnceAndComesBackAfterTheServerRestarts() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, b) = try Self.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let watch = BoardBinary.process(["sync", "--watch", "--db", b.path, "--tz", "Europe/Paris", "--now", "2026-11-21T08:00"],
                                        environment: ["BOARD_SYNC_URL": url, "PGPASSFILE": "/nonexistent"])
        watch.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        // SIGKILL: a child of the test runner inherits its blocked signals, SIGTERM among them.
        defer { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() }
        func waitForCard(_ title: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if (try? b.cards().contains { $0["title"] as? String == title }) == true { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
        Thread.sleep(forTimeInterval: 1)
        try a.ok(["add", "Call mum"])
        _ = try a.sync()
        #expect(waitForCard("Call mum", seconds: 3))
        try pg.control("restart")
        try a.ok(["add", "Water the plants"])
        _ = try a.sync()
        #expect(waitForCard("Water the plants", seconds: 15), "the watch reconnected")
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(said.hasPrefix("Syncing with postgres://ann@127.0.0.1:\(pg.port)/board — Ctrl-C stops.\n"), "\(said)")
        #expect(said.contains("Watching by polling the server every 1–10 s (the server runs no realtime channel: `board server run --realtime`)."), "\(said)")
    }
}
