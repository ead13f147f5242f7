import Foundation
import Testing

/// Reminders sent by the server while every device sleeps (issue 42): `board server remind` (and
/// `run --exec`) delivers each person's due reminders to the address they gave, each once across
/// the server and their devices. On throwaway clusters, through the binary.
@Suite(.serialized) struct ServerRemindersTests {
    typealias Device = SyncCommandTests.Device

    /// A cluster with ann (reminded at a phone number), bob (at an address) and carol (never asked).
    struct Server {
        let pg: PostgresCluster
        let ann: Device, bob: Device, carol: Device
        /// What the stand-in command was given, a line per reminder.
        let sent: String

        init() throws {
            pg = try PostgresCluster()
            let urls = try SyncCommandTests.server(pg, people: ["ann", "bob", "carol"])
            ann = Device("ann", server: urls[0])
            bob = Device("bob", server: urls[1])
            carol = Device("carol", server: urls[2])
            sent = pg.folder + "/sent"
            for device in [ann, bob, carol] { _ = try device.sync(now: "2026-11-26T07:00") }
            #expect(try ann.ok(["sync", "--server-reminders", "+33 6 12 34 56 78"]).contains("The server reminds ann at +33 6 12 34 56 78, in Europe/Paris time"))
            try bob.ok(["sync", "--server-reminders", "bob@example.org"])
        }

        /// One pass at `now` (UTC); its result.
        @discardableResult
        func remind(_ now: String, exec: String? = nil, status: Int32 = 0) throws -> BoardBinary.Result {
            let command = exec ?? #"printf '%s|%s|%s|%s|%s|%s\n' "$BOARD_PERSON" "$BOARD_TO" "$BOARD_TITLE" "$BOARD_WHEN" "$BOARD_LATE" "$BOARD_BUCKET" >> "# + "'\(sent)'"
            let r = try BoardBinary.run(["server", "remind", "--server", pg.adminURL, "--state", pg.folder + "/replica", "--now", now, "--exec", command])
            #expect(r.status == status, "\(r.stderr)")
            return r
        }

        /// The lines the command was given so far.
        var lines: [String] { ((try? String(contentsOfFile: sent, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    }

    @Test func eachPersonIsRemindedOnceAtTheirAddressWhoeverComesFirst() throws {
        let server = try Server()
        defer { server.pg.stop() }
        let (ann, bob, carol) = (server.ann, server.bob, server.carol)
        // 09:00 in Paris is 08:00 UTC.
        try ann.ok(["add", "Call mum", "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00")
        try bob.ok(["add", "Bins out", "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00")
        try carol.ok(["add", "Carol's own", "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00")
        let done = try SyncCommandTests().id(in: try ann.ok(["add", "Done already", "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00"))
        let gone = try SyncCommandTests().id(in: try ann.ok(["add", "Deleted", "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00"))
        try ann.ok(["done", done], now: "2026-11-26T07:01")
        try ann.ok(["delete", gone], now: "2026-11-26T07:01")
        for device in [ann, bob, carol] { _ = try device.sync(now: "2026-11-26T07:02") }

        try server.remind("2026-11-26T07:59")
        #expect(server.lines == [], "nothing is due a minute early")
        try server.remind("2026-11-26T08:00:30")
        #expect(server.lines.sorted() == ["ann|+33 6 12 34 56 78|Call mum|2026-11-26T09:00|0|this-week",
                                          "bob|bob@example.org|Bins out|2026-11-26T09:00|0|this-week"], "\(server.lines)")
        try server.remind("2026-11-26T08:01")
        #expect(server.lines.count == 2, "a second pass sends nothing again")
        // Ann's device, running `board remind` afterwards, sends nothing the server sent.
        let device = try ann.run(["remind"], now: "2026-11-26T09:01")
        #expect(device.status == 0 && !device.stdout.contains("Call mum"), "\(device.stdout)")

        // What a device sent first, the server doesn't.
        try ann.ok(["add", "Water plants", "--due", "2026-11-26", "--time", "10:00"], now: "2026-11-26T07:03")
        _ = try ann.sync(now: "2026-11-26T07:03")
        #expect(try ann.ok(["remind"], now: "2026-11-26T10:00").contains("Water plants"))
        try server.remind("2026-11-26T09:00:30")
        #expect(!server.lines.contains { $0.contains("Water plants") }, "\(server.lines)")

        // Late within grace is marked late; older is reported, never sent.
        try bob.ok(["add", "Stretch", "--due", "2026-11-26", "--time", "11:00"], now: "2026-11-26T07:04")
        try bob.ok(["add", "Long gone", "--due", "2026-11-26", "--time", "10:30"], now: "2026-11-26T07:04")
        _ = try bob.sync(now: "2026-11-26T07:04")
        let late = try server.remind("2026-11-26T10:05")
        #expect(server.lines.last == "bob|bob@example.org|Stretch|2026-11-26T11:00|1|this-week", "\(server.lines)")
        #expect(late.stdout.contains("bob: 1 reminder missed while the server was not reminding: Long gone"), "\(late.stdout)")
        #expect(!server.lines.contains { $0.contains("Long gone") || $0.contains("Carol") || $0.contains("Done already") || $0.contains("Deleted") })

        // Off: the server reminds ann no more; `sync status` says so.
        #expect(try ann.ok(["sync", "status"]).contains("Reminders:   sent by the server to +33 6 12 34 56 78, in Europe/Paris time"))
        try ann.ok(["sync", "--server-reminders", "off"])
        #expect(try ann.ok(["sync", "status"]).contains("Reminders:   from this device only"))
        // Out of reach, status says so and still answers at once.
        let away = try BoardBinary.run(["sync", "status", "--db", ann.path],
                                       environment: ["BOARD_SYNC_URL": "postgres://ann:pw@127.0.0.1:1/board", "PGPASSFILE": "/nonexistent"])
        #expect(away.status == 0 && away.stdout.contains("Reminders:   not known (the server is out of reach)"), "\(away.stdout)")
        try ann.ok(["add", "After off", "--due", "2026-11-26", "--time", "12:00"], now: "2026-11-26T07:05")
        _ = try ann.sync(now: "2026-11-26T07:05")
        try server.remind("2026-11-26T11:00:30")
        #expect(!server.lines.contains { $0.contains("After off") })
    }

    @Test func passesAtOnceOrCutOffNeverSendTwice() throws {
        let server = try Server()
        defer { server.pg.stop() }
        for i in 0..<5 { try server.ann.ok(["add", "Task \(i)", "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00") }
        _ = try server.ann.sync(now: "2026-11-26T07:00")
        // Three passes at once: each reminder once between them.
        let passes = (0..<3).map { _ in
            BoardBinary.process(["server", "remind", "--server", server.pg.adminURL, "--state", server.pg.folder + "/replica",
                                 "--now", "2026-11-26T08:00:30", "--exec", "echo \"$BOARD_TITLE\" >> \(server.sent)"])
        }
        for pass in passes { try pass.run() }
        for pass in passes { pass.waitUntilExit() }
        #expect(passes.allSatisfy { $0.terminationStatus == 0 })
        #expect(server.lines.sorted() == (0..<5).map { "Task \($0)" }, "\(server.lines)")

        // A pass killed between the claim and the delivery: never sent twice, and the next pass says so.
        try server.bob.ok(["add", "Cut off", "--due", "2026-11-26", "--time", "10:00"], now: "2026-11-26T07:00")
        _ = try server.bob.sync(now: "2026-11-26T07:00")
        let blocked = BoardBinary.process(["server", "remind", "--server", server.pg.adminURL, "--state", server.pg.folder + "/replica",
                                           "--now", "2026-11-26T09:00:30", "--exec", "sleep 60"])
        try blocked.run()
        var claimed = false
        for _ in 0..<100 where !claimed {
            claimed = try server.pg.psql(server.pg.adminURL, "SELECT count(*) FROM board.reminder_claims WHERE device = 'server' AND instant LIKE '2026-11-26T09:00%'")
                .stdout.hasPrefix("1")
            if !claimed { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(claimed)
        Thread.sleep(forTimeInterval: 0.3)
        kill(blocked.processIdentifier, SIGKILL)
        blocked.waitUntilExit()
        let next = try server.remind("2026-11-26T09:11")
        #expect(next.stdout.contains("bob: 1 reminder may not have been sent (a reminder pass stopped while sending): Cut off"), "\(next.stdout)")
        #expect(!server.lines.contains("Cut off"))
    }

    /// Issue 54: a routine several times a day reminds each run once, whoever goes first: the
    /// server the morning run, ann's phone (a second device) the evening one, neither twice.
    @Test func eachRunOfSeveralADayIsRemindedOnceBetweenTheServerAndTwoDevices() throws {
        let server = try Server()
        defer { server.pg.stop() }
        let phone = Device("ann-phone", server: server.ann.server)
        try server.ann.ok(["template", "add", "Meds", "--every", "every day at 8am and 8pm", "--starts", "2026-11-26"], now: "2026-11-26T07:00")
        for device in [server.ann, phone, server.ann] { _ = try device.sync(now: "2026-11-26T07:00") }
        // 08:00 in Paris is 07:00 UTC: the server sends the morning run.
        try server.remind("2026-11-26T07:00:30")
        #expect(server.lines == ["ann|+33 6 12 34 56 78|Meds|2026-11-26T08:00|0|routines"], "\(server.lines)")
        for device in [server.ann, phone] {
            let out = try device.run(["remind"], now: "2026-11-26T08:01")
            #expect(out.status == 0 && !out.stdout.contains("Meds"), "\(out.stdout)")
        }
        // The phone is first for the evening run; the laptop and the server then send nothing.
        #expect(try phone.ok(["remind"], now: "2026-11-26T20:00").contains("Reminder: Meds · Thu Nov 26 20:00"))
        #expect(try !server.ann.ok(["remind"], now: "2026-11-26T20:00").contains("Meds"))
        try server.remind("2026-11-26T19:00:30")
        #expect(server.lines.count == 1, "\(server.lines)")
    }

    @Test func timesFollowTheZoneAndItsGaps() throws {
        let server = try Server()
        defer { server.pg.stop() }
        // 02:30 on 28 March 2027 does not exist in Paris: the clocks go from 02:00 to 03:00. The
        // reminder goes at 03:30 local (01:30 UTC), as on a device.
        try server.ann.ok(["add", "In the gap", "--due", "2027-03-28", "--time", "02:30"], now: "2027-03-27T20:00")
        _ = try server.ann.sync(now: "2027-03-27T20:00")
        try server.remind("2027-03-28T01:29")
        #expect(server.lines == [])
        try server.remind("2027-03-28T01:30:30")
        #expect(server.lines.map { $0.split(separator: "|")[2] } == ["In the gap"], "\(server.lines)")

        // Ann flies to New York: her next round from there moves her reminders with her.
        let travel = try BoardBinary.run(["add", "Lunch", "--due", "2027-04-02", "--time", "12:00", "--db", server.ann.path, "--tz", "America/New_York",
                                          "--now", "2027-04-02T08:00"], environment: ["BOARD_SYNC_URL": server.ann.server])
        #expect(travel.status == 0, "\(travel.stderr)")
        let round = try BoardBinary.run(["sync", "--db", server.ann.path, "--tz", "America/New_York", "--now", "2027-04-02T08:00"],
                                        environment: ["BOARD_SYNC_URL": server.ann.server])
        #expect(round.status == 0, "\(round.stderr)")
        try server.remind("2027-04-02T15:59")
        #expect(server.lines.count == 1, "12:00 in New York is 16:00 UTC")
        try server.remind("2027-04-02T16:00:30")
        #expect(server.lines.last?.hasPrefix("ann|+33 6 12 34 56 78|Lunch|2027-04-02T12:00|0") == true, "\(server.lines)")

        // Issue 52: the zone followed whichever device synced last without saying so. Said now;
        // and pinned to Paris, a round from New York leaves it there, until `follow`.
        #expect(try server.ann.ok(["sync", "status"]).contains("in America/New_York time, the zone of whichever of your devices synced last"))
        let pinned = try server.ann.ok(["sync", "--reminder-zone", "Europe/Paris"])
        #expect(pinned.contains("in Europe/Paris time (pinned; --reminder-zone follow lets your devices set it)"), "\(pinned)")
        _ = try BoardBinary.run(["add", "Dinner", "--due", "2027-04-03", "--time", "19:00", "--db", server.ann.path, "--tz", "America/New_York",
                             "--now", "2027-04-03T08:00"], environment: ["BOARD_SYNC_URL": server.ann.server])
        #expect(try BoardBinary.run(["sync", "--db", server.ann.path, "--tz", "America/New_York", "--now", "2027-04-03T08:00"],
                                    environment: ["BOARD_SYNC_URL": server.ann.server]).status == 0)
        try server.remind("2027-04-03T17:00:30")
        #expect(server.lines.last?.hasPrefix("ann|+33 6 12 34 56 78|Dinner|2027-04-03T19:00") == true, "19:00 in Paris is 17:00 UTC: \(server.lines)")
        #expect(try server.ann.ok(["sync", "status"]).contains("in Europe/Paris time (pinned"))
        let bad = try server.ann.run(["sync", "--reminder-zone", "Mars/Olympus"])
        #expect(bad.status == 2 && bad.stderr == "error: reminder-zone: must be a time zone such as Europe/Paris, or follow, got 'Mars/Olympus'\n")
        #expect(try server.ann.ok(["sync", "--reminder-zone", "follow"]).contains("the zone of whichever of your devices synced last"))
    }

    /// `board server run --exec`: the long-running server reminds on its own clock, a card pushed
    /// while it runs included.
    @Test func theRunningServerRemindsAsCardsComeDue() throws {
        let server = try Server()
        defer { server.pg.stop() }
        var paris = Calendar(identifier: .gregorian)
        paris.timeZone = TimeZone(identifier: "Europe/Paris")!
        // A card due this very minute in Paris, made an hour before.
        let now = Date(), parts = paris.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!), time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
        let before = paris.dateComponents([.year, .month, .day, .hour, .minute], from: now.addingTimeInterval(-3600))
        let made = String(format: "%04d-%02d-%02dT%02d:%02d", before.year!, before.month!, before.day!, before.hour!, before.minute!)
        // `run --once --exec`: the tables brought up, then one pass of reminders.
        try server.ann.ok(["add", "Due now, once", "--due", day, "--time", time], now: made)
        _ = try server.ann.sync(now: made)
        let once = try BoardBinary.run(["server", "run", "--once", "--server", server.pg.adminURL, "--state", server.pg.folder + "/replica",
                                        "--exec", "echo \"$BOARD_PERSON $BOARD_TITLE\" >> '\(server.sent)'"])
        #expect(once.status == 0 && server.lines == ["ann Due now, once"], "\(once.stderr) \(server.lines)")
        let running = BoardBinary.process(["server", "run", "--server", server.pg.adminURL, "--state", server.pg.folder + "/replica",
                                           "--exec", "echo \"$BOARD_PERSON $BOARD_TITLE\" >> '\(server.sent)'"])
        try running.run()
        // Killed at the end: board-sync ends with the board process that started it.
        defer { kill(running.processIdentifier, SIGKILL); running.waitUntilExit() }
        Thread.sleep(forTimeInterval: 1)
        try server.ann.ok(["add", "Due now", "--due", day, "--time", time], now: made)
        _ = try server.ann.sync(now: made)
        var lines: [String] = []
        for _ in 0..<100 where lines.count < 2 {
            Thread.sleep(forTimeInterval: 0.1)
            lines = server.lines
        }
        #expect(lines == ["ann Due now, once", "ann Due now"], "\(lines)")
    }

    @Test func onlyThePersonSetsWhereTheyAreRemindedAndBadInputIsRefused() throws {
        let server = try Server()
        defer { server.pg.stop() }
        let pg = server.pg
        // Bob can neither read nor change where ann is reminded; his call changes his own row.
        let bobURL = server.bob.server
        #expect(try pg.psql(bobURL, "SELECT remind_to FROM board.people").stderr.contains("permission denied"))
        #expect(try pg.psql(bobURL, "UPDATE board.people SET remind_to = 'x'").stderr.contains("permission denied"))
        #expect(try pg.psql(bobURL, "SELECT board.set_server_reminders('evil', 'UTC')").status == 0)
        #expect(try pg.psql(pg.adminURL, "SELECT role || '=' || remind_to FROM board.people WHERE remind_to IS NOT NULL ORDER BY role").stdout
                == "ann=+33 6 12 34 56 78\nbob=evil\n")
        #expect(try pg.psql(bobURL, "INSERT INTO board.reminder_claims (owner, task_id, instant, device) VALUES ((SELECT owner FROM board.people WHERE role = 'ann'), 't', 'i', 'server')").status != 0)

        // Bad input: one line naming the field and the rule, exit 2, nothing written.
        for (arguments, message) in [
            (["sync", "--server-reminders", "a\u{7}b"], "error: server-reminders: must be 1 to 200 characters without control characters, or off"),
            (["sync", "--server-reminders", String(repeating: "x", count: 201)], "error: server-reminders: must be 1 to 200 characters"),
        ] {
            let r = try server.carol.run(arguments)
            #expect(r.status == 2 && r.stderr.hasPrefix(message) && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        for (arguments, message) in [
            (["--grace", "-1"], "error: grace: must be 0 or more minutes, got -1"),
            (["--exec", " "], "error: exec: must be a command for /bin/sh, not empty"),
            (["--now", "tomorrow"], "error: now: must be YYYY-MM-DDTHH:MM[:SS] in UTC, or with a Z or an offset, got 'tomorrow'"),
        ] {
            let r = try BoardBinary.run(["server", "remind", "--server", pg.adminURL, "--state", pg.folder + "/replica"] + arguments)
            #expect(r.status == 2 && r.stderr == message + "\n", "\(r.stderr)")
        }
        let run = try BoardBinary.run(["server", "run", "--server", pg.adminURL, "--grace", "5"])
        #expect(run.status == 2 && run.stderr == "error: grace: is for reminders, which run sends only with --exec\n", "\(run.stderr)")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.people WHERE remind_to IS NOT NULL").stdout.hasPrefix("2"))

        // A failing command: tried three times, said once at the end, exit 4. A title that looks
        // like shell reaches the command only through its environment, never run.
        let title = "Bills $(touch \(pg.folder)/pwned) \"quoted\""
        try server.ann.ok(["add", title, "--due", "2026-11-26", "--time", "09:00"], now: "2026-11-26T07:00")
        _ = try server.ann.sync(now: "2026-11-26T07:00")
        let failing = try server.remind("2026-11-26T08:00:30", exec: "printf '%s' \"$BOARD_TITLE\" > '\(pg.folder)/title'; exit 3", status: 4)
        #expect(failing.stderr.components(separatedBy: "exited with 3").count == 4, "\(failing.stderr)")
        #expect(failing.stderr.hasSuffix("error: 1 reminder not delivered: the notifier failed 3 times on “\(title)”\n"), "\(failing.stderr)")
        #expect(try String(contentsOfFile: pg.folder + "/title", encoding: .utf8) == title)
        #expect(!FileManager.default.fileExists(atPath: pg.folder + "/pwned"))
        // Failed is an outcome: the next pass doesn't try it again.
        let after = try server.remind("2026-11-26T08:02", exec: "exit 3")
        #expect(after.stderr == "", "\(after.stderr)")
    }
}
