import Foundation
import Testing

/// A routine shared with another person (issue 41), the server's half: `board share`, `unshare`
/// and `share list` through the binary, and what each of three people can read and write with
/// psql — ann shares, bob is shared with, carol is neither. On throwaway clusters.
@Suite(.serialized) struct ServerSharesTests {
    typealias Device = SyncCommandTests.Device

    @Test func anOwnerSharesARoutineAndOnlyThatReachesTheOtherPerson() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob", "carol"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        let feed = try SyncCommandTests().id(in: try ann.ok(["template", "add", "Feed the cat", "--no-schedule", "--checklist", "Bowl", "--checklist", "Water"]))
        let walk = try SyncCommandTests().id(in: try ann.ok(["template", "add", "Walk", "--every", "every day", "--time", "08:00"]))
        try ann.ok(["template", "add", "Private", "--no-schedule"])
        let card = try SyncCommandTests().id(in: try ann.ok(["add", "Ann's card"]))
        try bob.ok(["add", "Bob's own"])
        _ = try bob.sync()

        // Sharing sends the routine first; twice is "already"; each refusal is one line, exit 2.
        #expect(try ann.ok(["share", feed, "--with", "bob"]) == "Shared Feed the cat with bob: it reaches their board at its next sync, read-only.\n")
        #expect(try ann.ok(["share", String(walk.prefix(8)), "--with", "bob"]).hasPrefix("Shared Walk with bob"))
        #expect(try ann.ok(["share", feed, "--with", "bob"]) == "Feed the cat is already shared with bob.\n")
        for (arguments, message) in [
            (["share", card, "--with", "bob"], "error: routine: '\(card)' is a card: only a routine can be shared\n"),
            (["share", feed, "--with", "dave"], "error: with: 'dave': no person of that name on the server (`board server add-user` makes one)\n"),
            (["share", feed, "--with", "ann"], "error: with: 'ann': a routine is shared with someone else, not its owner\n"),
            (["unshare", feed, "--with", "nobody"], "error: with: 'nobody': no person of that name on the server (`board server add-user` makes one)\n"),
        ] {
            let r = try ann.run(arguments)
            #expect(r.status == 2 && r.stderr == message, "\(arguments): \(r.stderr)")
        }
        let away = Device("away", server: "postgres://ann:pw-ann@127.0.0.1:1/board")
        let unsent = try SyncCommandTests().id(in: try away.ok(["template", "add", "Offline", "--no-schedule"]))
        let offline = try away.run(["share", unsent, "--with", "bob"])
        #expect(offline.status == 5, "\(offline.stderr)")

        // The server's tables have the routine once `board server run` passed; bob reads it
        // through his grants, with ann's name, and nothing else of hers.
        let replica = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", pg.folder + "/replica"])
        #expect(replica.status == 0, "\(replica.stderr)")
        #expect(try bob.ok(["share", "list"]).contains("Feed the cat  shared by ann"))
        let listed = try JSONSerialization.jsonObject(with: Data(try ann.ok(["share", "list", "--json"]).utf8)) as? [[String: Any]] ?? []
        #expect(Set(listed.compactMap { $0["title"] as? String }) == ["Feed the cat", "Walk"] && listed.allSatisfy { $0["person"] as? String == "bob" })
        let sees = try pg.psql(urls[1], "SELECT shared_by || ' ' || (template).title || ' ' || (template).checklist::text FROM board.shared_templates() ORDER BY 1")
        #expect(sees.stdout == "ann Feed the cat [{\"text\": \"Bowl\"}, {\"text\": \"Water\"}]\nann Walk []\n", "\(sees.stdout) \(sees.stderr)")
        #expect(try pg.psql(urls[1], "SELECT count(*) FROM board.shared_recurrence_rules()").stdout == "1\n")
        #expect(try pg.psql(urls[1], "SELECT count(*) > 0 FROM board.shared_tasks() WHERE title = 'Walk'").stdout == "t\n", "Walk's runs")
        for (table, count) in [("templates", "0"), ("tasks", "1"), ("series", "0"), ("recurrence_rules", "0"), ("changes", "1"), ("habits", "0"),
                               ("habit_entries", "0"), ("reminder_claims", "0")] {
            #expect(try pg.psql(urls[1], "SELECT count(*) FROM board.\(table)").stdout == "\(count)\n", "bob reads only his own \(table)")
        }

        // Nobody but the owner makes a share of her routine; bob writes nothing of hers; carol sees nothing.
        for write in [
            "INSERT INTO board.shares (owner_id, template_id, grantee) SELECT owner_id, 'other', grantee FROM board.shares",
            "DELETE FROM board.shares", "UPDATE board.templates SET title = 'x'",
        ] {
            let r = try pg.psql(urls[1], write)
            #expect(r.status != 0 && r.stderr.contains("permission denied"), "\(write): \(r.stderr)")
        }
        let bobShares = try pg.psql(urls[1], "SELECT board.share_routine('\(feed)', 'carol')")
        #expect(bobShares.stderr.contains("no such routine"), "bob can't share ann's routine as his own: \(bobShares.stderr)")
        for read in ["SELECT count(*) FROM board.shared_templates()", "SELECT count(*) FROM board.shares", "SELECT count(*) FROM board.my_shares()",
                     "SELECT count(*) FROM board.shared_tasks()"] {
            #expect(try pg.psql(urls[2], read).stdout == "0\n", "carol: \(read)")
        }

        // Unshared: gone from what bob reads; archiving the other takes it away too.
        #expect(try ann.ok(["unshare", feed, "--with", "bob"]) == "Stopped sharing Feed the cat with bob: it leaves their board at its next sync.\n")
        #expect(try ann.ok(["unshare", feed, "--with", "bob"]) == "Feed the cat is not shared with bob.\n")
        #expect(try pg.psql(urls[1], "SELECT (template).title FROM board.shared_templates()").stdout == "Walk\n")
        try ann.ok(["template", "archive", walk])
        _ = try ann.sync()
        #expect(try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", pg.folder + "/replica"]).status == 0)
        #expect(try pg.psql(urls[1], "SELECT count(*) FROM board.shared_templates()").stdout == "0\n")
    }

    /// Bob's board: ann's shared routines read-only with her name, ticked on his device alone, fresh
    /// each day; her edit reaches him, her unshare takes it away with his ticks; every change refused.
    @Test func theOtherPersonsBoardFollowsTheSharedRoutineAndChangesNothing() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        let feed = try SyncCommandTests().id(in: try ann.ok(["template", "add", "Feed the cat", "--no-schedule", "--checklist", "Bowl", "--checklist", "Water"]))
        let walk = try SyncCommandTests().id(in: try ann.ok(["template", "add", "Walk", "--every", "every day", "--time", "08:00", "--checklist", "Leash"]))
        try ann.ok(["share", feed, "--with", "bob"])
        try ann.ok(["share", walk, "--with", "bob"])
        func project() throws {
            let r = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", pg.folder + "/replica"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        try project()
        _ = try bob.sync()

        let list = try bob.ok(["template", "list"])
        #expect(list.contains("Feed the cat · No schedule (checklist) · board routine show opens today's list · Shared by ann")
                && list.contains("Walk · Every day at 08:00 · next Sat Nov 21 08:00 · Shared by ann"), "\(list)")
        let json = try JSONSerialization.jsonObject(with: Data(try bob.ok(["template", "list", "--json"]).utf8)) as? [[String: Any]] ?? []
        #expect(json.count == 2 && json.allSatisfy { $0["shared_by"] as? String == "ann" }, "\(json)")
        #expect(try bob.ok(["template", "show", walk]).contains("Shared by:   ann (read-only: only ann can change it)"))
        #expect(try bob.ok(["template", "show", walk]).contains("Next runs (Europe/Paris):\n  "))
        let agenda = try bob.ok(["agenda"])
        #expect(agenda.contains("08:00  [ ] Walk · shared by ann"), "\(agenda)")
        // Past ann's generated week too, planned from the rule as for his own routines.
        let later = try bob.ok(["agenda", "--from", "2026-12-10", "--days", "1"])
        #expect(later.contains("08:00  [ ] Walk · shared by ann"), "\(later)")

        // The screen: the Templates section names ann; the list opens and ticks; a change says whose it is.
        do {
            // A board that joined a server syncs beside the screen: with bob's password, as he would have it.
            let session = try TmuxSession(["env", "BOARD_SYNC_URL=\(bob.server)", BoardBinary.url.path, "--db", bob.path], command: true,
                                          now: "2026-11-21T08:00")
            func shows(_ text: String) {
                let (seen, screen) = session.waitFor { $0.contains(text) }
                #expect(seen, "\(text):\n\(screen)")
            }
            shows("Feed the cat · active · Shared by ann")
            shows("Every day at 08:00 · next Sat Nov 21")
            shows("Shared with you")
            shows("[ ] Walk · Sat Nov 21 08:00 · ann's")
            for _ in 0..<4 { try session.send("l") }
            try session.send("Enter")
            shows("Bowl")
            try session.send("Space")
            shows("[x] Bowl")
            try session.send("Escape")
            // The list closes before the next key goes to the board.
            #expect(session.waitFor { !$0.contains("A fresh list every day") }.0)
            try session.send("j")
            shows("Routine Walk, shared by ann, Every day at 08:00. Enter opens today's run · c copies it as yours")
            try session.send("e")
            shows("Walk is shared by ann: only ann can change it.")
            // A scheduled one opens today's run's list, ticked on this device.
            try session.send("Enter")
            shows("Leash")
            try session.send("Space")
            shows("[x] Leash")
            try session.send("Escape")
        }
        #expect(try bob.ok(["routine", "show", feed]).contains("1. [x] Bowl"))
        try bob.ok(["routine", "tick", feed, "1"])
        // A scheduled one's run, per day: today's ticked on the screen, tomorrow's fresh and not yet to tick.
        #expect(try bob.ok(["routine", "show", walk], now: "2026-11-21T08:00").contains("1. [x] Leash"))
        #expect(try bob.ok(["routine", "show", walk, "--date", "2026-11-22"], now: "2026-11-21T08:00").contains("1. [ ] Leash"))
        let early = try bob.run(["routine", "tick", walk, "1", "--date", "2026-11-22"], now: "2026-11-21T08:00")
        #expect(early.status == 2 && early.stderr == "error: date: 2026-11-22 hasn't come yet; a checklist is ticked on its day\n", "\(early.stderr)")
        #expect(try bob.ok(["routine", "tick", walk, "1"]).hasPrefix("Unticked step 1 “Leash” of Walk"))
        #expect(try bob.ok(["routine", "show", walk]).contains("1. [ ] Leash"))
        #expect(try bob.ok(["routine", "tick", walk, "1"]).hasPrefix("Ticked step 1 “Leash” of Walk"))

        // Ticked on bob's device, fresh the next day, never on ann's.
        #expect(try bob.ok(["routine", "tick", feed, "1"]).hasPrefix("Ticked step 1 “Bowl” of Feed the cat"))
        #expect(try bob.ok(["routine", "show", feed]).contains("1. [x] Bowl"))
        #expect(try bob.ok(["routine", "show", feed], now: "2026-11-22T08:00").contains("1. [ ] Bowl"))
        _ = try bob.sync()
        _ = try ann.sync()
        #expect(try ann.ok(["routine", "show", feed]).contains("1. [ ] Bowl"))

        // Every change of it is refused by name, and nothing is written.
        let runId = String(try BoardBinary.runTool(["sqlite3", bob.path, "SELECT id FROM shared_runs LIMIT 1"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).prefix(8))
        #expect(runId.count == 8)
        for (arguments, title) in [
            (["template", "edit", feed, "--title", "Mine now"], "Feed the cat"), (["template", "pause", walk], "Walk"),
            (["template", "archive", feed], "Feed the cat"), (["template", "resume", walk], "Walk"), (["template", "skip-next", walk], "Walk"), (["delete", runId], "Walk"),
            (["routine", "link", feed, "1", "--none"], "Feed the cat"), (["done", runId], "Walk"), (["move", runId, "weekend"], "Walk"),
        ] {
            let r = try bob.run(arguments)
            #expect(r.status == 2 && r.stderr == "error: id: \(title) is shared by ann: only ann can change it\n", "\(arguments): \(r.stderr)")
        }
        #expect(try bob.ok(["sync", "status"]).contains("Waiting:     0 changes to push"))
        // A copy of his own is his to change: a draft with the steps, pushed as his.
        #expect(try bob.ok(["template", "duplicate", feed]).contains(": Feed the cat (copy)"))
        #expect(try bob.ok(["sync", "status"]).contains("Waiting:     1 change to push"))

        // A share reaches a watching board within seconds: the server pokes bob's channel, and the
        // realtime channel passes it on.
        let plants = try SyncCommandTests().id(in: try ann.ok(["template", "add", "Water plants", "--no-schedule", "--checklist", "Pot"]))
        _ = try ann.sync()
        try project()
        let running = try RunningServer(pg)
        let watching = BoardBinary.process(["sync", "--watch", "--db", bob.path, "--tz", "Europe/Paris", "--now", "2026-11-21T08:00"],
                                           environment: ["BOARD_SYNC_URL": bob.server, "PGPASSWORD": "", "PGPASSFILE": "/nonexistent"])
        watching.standardOutput = FileHandle.nullDevice
        try watching.run()
        Thread.sleep(forTimeInterval: 1.5)
        try ann.ok(["share", plants, "--with", "bob"])
        var arrived = false
        for _ in 0..<100 where !arrived {
            Thread.sleep(forTimeInterval: 0.1)
            arrived = try BoardBinary.runTool(["sqlite3", bob.path, "SELECT count(*) FROM shared_routines WHERE title = 'Water plants'"]).stdout == "1\n"
        }
        #expect(arrived, "the share reached the watching board")
        // Ann's edit reaches the watching board too: the replica pokes bob.
        try ann.ok(["template", "edit", plants, "--title", "Water the plants", "--yes"])
        _ = try ann.sync()
        var edited = false
        for _ in 0..<100 where !edited {
            Thread.sleep(forTimeInterval: 0.1)
            edited = try BoardBinary.runTool(["sqlite3", bob.path, "SELECT count(*) FROM shared_routines WHERE title = 'Water the plants'"]).stdout == "1\n"
        }
        kill(watching.processIdentifier, SIGKILL)
        watching.waitUntilExit()
        running.kill9()
        #expect(edited, "ann's edit reached the watching board")

        // Ann's edit reaches bob, his ticks kept; her unshare takes it and his ticks away.
        try ann.ok(["template", "edit", feed, "--title", "Feed the cats", "--yes"])
        _ = try ann.sync()
        try project()
        _ = try bob.sync()
        #expect(try bob.ok(["routine", "show", feed]).hasPrefix("Feed the cats"))
        #expect(try bob.ok(["routine", "show", feed]).contains("1. [x] Bowl"))
        try ann.ok(["unshare", feed, "--with", "bob"])
        _ = try bob.sync()
        #expect(!(try bob.ok(["template", "list"]).contains("Feed the cats")))
        #expect(try BoardBinary.runTool(["sqlite3", bob.path, "SELECT count(*) FROM shared_routine_ticks WHERE routine_id LIKE '\(feed)%'"]).stdout == "0\n")
        #expect(try bob.run(["routine", "show", feed]).status == 2)

        // Bob away while ann shares it again and edits it: his next round has it as it is now.
        try ann.ok(["share", feed, "--with", "bob"])
        try ann.ok(["template", "edit", feed, "--checklist", "Bowl", "--checklist", "Water", "--checklist", "Litter", "--yes"])
        _ = try ann.sync()
        try ann.ok(["unshare", feed, "--with", "bob"])
        try ann.ok(["share", feed, "--with", "bob"])
        try project()
        _ = try bob.sync()
        let back = try bob.ok(["routine", "show", feed])
        #expect(back.hasPrefix("Feed the cats") && back.contains("3. [ ] Litter") && back.contains("1. [ ] Bowl"), "\(back)")

        // A shared routine the server holds broken (its administrator wrote it by hand) is refused
        // with its place; bob keeps what he had.
        #expect(try pg.psql(pg.adminURL, "UPDATE board.templates SET title = E'Bell\\007 cat' WHERE id LIKE '\(feed)%'").status == 0)
        let refused = try bob.run(["sync"])
        #expect(refused.status != 0 && refused.stderr.contains("shared: \(feed) from ann: title"), "\(refused.stderr)")
        #expect(try bob.ok(["routine", "show", feed]).hasPrefix("Feed the cats"))
    }

    /// What a grantee reads goes through their grants' index, whatever the number of shares.
    @Test func theGranteesReadUsesTheGranteeIndex() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        #expect(try pg.psql(pg.adminURL, """
            INSERT INTO board.people (role) SELECT 'p' || i FROM generate_series(1, 200) i;
            WITH p AS (SELECT array_agg(owner ORDER BY role) AS owners FROM board.people WHERE role LIKE 'p%')
            INSERT INTO board.shares (owner_id, template_id, grantee)
            SELECT owners[1 + i % 200], 't' || i, owners[1 + (i + 1 + i / 200) % 200] FROM p, generate_series(1, 10000) i
            WHERE owners[1 + i % 200] <> owners[1 + (i + 1 + i / 200) % 200];
            ANALYZE board.shares;
            """).status == 0)
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) >= 9900 FROM board.shares").stdout == "t\n")
        let plan = try pg.psql(urls[1], "EXPLAIN SELECT * FROM board.shares s WHERE s.grantee = board.current_owner()")
        #expect(plan.stdout.contains("shares_grantee"), "\(plan.stdout)")
    }
}
