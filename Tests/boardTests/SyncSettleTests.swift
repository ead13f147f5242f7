import Foundation
import Glibc
import Testing

/// Sync that settles (ARCHITECTURE.md §13): when nothing new happened, a round pushes and pulls
/// nothing, through the binary and a throwaway server.
@Suite struct SyncSettleTests {
    typealias Device = SyncCommandTests.Device

    @Test func devicesWithARoutineFallQuietOnceEachHasSyncedTwice() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        try a.ok(["template", "add", "Stretch", "--every", "every day"])
        try a.ok(["template", "add", "Review", "--every", "every friday", "--times", "4"])
        for device in [a, b, a, b] { _ = try device.sync() }
        for device in [a, b] {
            #expect(try device.sync() == "Nothing to push or pull; board up to date.\n")
        }
        // A new day brings generation on both; they settle again.
        for device in [a, b, a, b] { _ = try device.sync(now: "2026-11-22T08:00") }
        for device in [a, b] {
            #expect(try device.sync(now: "2026-11-22T08:00") == "Nothing to push or pull; board up to date.\n")
        }
        let (exportA, exportB) = (try a.export(), try b.export())
        #expect(exportA == exportB, "\(exportA.split(separator: "\n").difference(from: exportB.split(separator: "\n")).map { "\($0)" })")
    }

    /// Two synced devices cross a week boundary (issue 39): on Monday both show Friday's Next Week,
    /// Weekend and Next Month cards where the calendar puts them, without a single change to a card's
    /// bucket or aim on the server (columns are derived, nothing moves), identical, and quiet after.
    @Test func twoDevicesCrossAWeekBoundaryIdenticalAndQuiet() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        // Days before the server's clock: it refuses stamps from the future.
        let friday = "2026-11-20T18:00", monday = "2026-11-23T08:00"
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: friday)
        try a.ok(["add", "Plan trip", "--bucket", "next-week"], now: friday)
        try a.ok(["add", "Clean bikes", "--bucket", "weekend"], now: friday)
        try b.ok(["add", "Taxes", "--bucket", "next-month"], now: friday)
        try b.ok(["add", "Dentist", "--due", "2026-12-02"], now: friday)
        try a.ok(["template", "add", "Stretch", "--every", "every weekday at 7am"], now: friday)
        for device in [a, b, a, b] { _ = try device.sync(now: friday) }
        func moves() throws -> Int {
            Int(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.changes WHERE field IN ('bucket', 'aimed_on')").stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        let settled = try moves()
        func columns(_ device: Device, _ now: String) throws -> [String: String] {
            let cards = try JSONSerialization.jsonObject(with: Data(try device.ok(["list", "--json"], now: now).utf8)) as? [[String: Any]] ?? []
            var shown: [String: String] = [:]
            for card in cards where card["template_id"] is NSNull || card["template_id"] == nil { shown[card["title"] as! String] = card["bucket"] as? String }
            return shown
        }
        let expected = ["Pay rent": "this-week", "Plan trip": "this-week", "Clean bikes": "this-week", "Taxes": "next-week", "Dentist": "next-week"]
        for device in [a, b, a, b] { _ = try device.sync(now: monday) }
        #expect(try columns(a, monday) == expected)
        #expect(try columns(b, monday) == expected)
        #expect(try moves() == settled, "no card's bucket or aim changed on the server")
        for device in [a, b] {
            #expect(try device.sync(now: monday) == "Nothing to push or pull; board up to date.\n")
        }
        #expect(try a.export(now: monday) == b.export(now: monday))
    }

    /// Two settled devices watching for a minute push nothing (two idle watchers once added 158
    /// changes in 20 s); a card added on one then reaches the server at once, so they were awake.
    @Test func twoIdleWatchersPushNothingForAMinute() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        try a.ok(["template", "add", "Stretch", "--every", "every day"])
        try a.ok(["habit", "add", "Read"])
        for device in [a, b, a, b] { _ = try device.sync() }
        func changes() throws -> Int { Int(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.changes").stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
        let settled = try changes()
        let watchers = try [a, b].map { device in
            let watch = BoardBinary.process(["sync", "--watch", "--db", device.path, "--tz", "Europe/Paris", "--now", "2026-11-21T08:00"],
                                            environment: ["BOARD_SYNC_URL": url, "PGPASSFILE": "/nonexistent"])
            watch.standardOutput = FileHandle.nullDevice
            watch.standardError = FileHandle.nullDevice
            try watch.run()
            return watch
        }
        // SIGKILL: a child of the test runner inherits its blocked signals, SIGTERM among them.
        defer { for watch in watchers { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() } }
        Thread.sleep(forTimeInterval: 60)
        #expect(watchers.allSatisfy { $0.isRunning }, "both still watching")
        let afterAMinute = try changes()
        #expect(afterAMinute == settled, "idle watchers pushed \(afterAMinute - settled) changes in a minute")
        try a.ok(["add", "Canary"])
        let deadline = Date().addingTimeInterval(10)
        while try changes() == settled, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try changes() > settled, "the watcher pushed the canary")
    }

    @Test func theSameHabitAddedOnTwoDevicesOfflineBecomesOneWithBothCheckIns() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        try a.ok(["habit", "add", "Read"])
        try a.ok(["habit", "check", "Read", "--date", "2026-11-20"])
        try b.ok(["habit", "add", "read"])
        try b.ok(["habit", "check", "read"])
        for device in [a, b, a, b] { _ = try device.sync() }
        for device in [a, b] {
            let list = try device.ok(["habit", "list"])
            #expect(list.lowercased().components(separatedBy: "read").count == 2, "one habit: \(list)")
            #expect(try device.sync() == "Nothing to push or pull; board up to date.\n")
        }
        #expect(try a.export() == b.export())
        #expect(try a.export().components(separatedBy: "\"day\" : \"2026-11-2").count == 3, "both check-ins, on one habit")
    }

    @Test func aReminderIsDeliveredOnceAcrossAPersonsDevicesOnlineAndAfterOffline() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        try a.ok(["add", "Call the bank", "--due", "2026-11-21", "--time", "09:00"])
        try a.ok(["add", "Water the plants", "--due", "2026-11-21", "--time", "10:00"])
        for device in [a, b] { _ = try device.sync() }
        // Both devices' reminder passes at 09:00: the first to claim it on the server delivers it.
        #expect(try b.ok(["remind"], now: "2026-11-21T09:00") == "\u{7}Reminder: Call the bank · Sat Nov 21 09:00\n")
        #expect(try a.ok(["remind"], now: "2026-11-21T09:00") == "", "claimed by the other device")
        #expect(try a.ok(["remind"], now: "2026-11-21T09:01") == "")
        // The server out of reach at 10:00: no device delivers without its claim there; exit 5, and
        // once the server is back the reminder is delivered late, once.
        try pg.control("stop")
        let away = try a.run(["remind"], now: "2026-11-21T10:00")
        #expect(away.status == 5 && away.stdout.isEmpty && away.stderr.hasPrefix("error: server: "), "\(away.stderr)")
        #expect(away.stderr.contains("1 reminder waits until it is claimed there"), "\(away.stderr)")
        try pg.control("start")
        #expect(try a.ok(["remind"], now: "2026-11-21T10:03") == "\u{7}Reminder: Water the plants · Sat Nov 21 10:00 (late)\n")
        #expect(try b.ok(["remind"], now: "2026-11-21T10:04") == "", "claimed by the other device")
    }

    /// Issue 52: a board joined to a server finds it for every command without BOARD_SYNC_URL, its
    /// password from a pgpass file as psql finds one, and never delivers a reminder the server
    /// already delivered, nor one it could not claim there.
    @Test func aJoinedBoardFindsItsServerWithoutBeingTold() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (url, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        let passfile = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)").path
        try "127.0.0.1:\(pg.port):*:ann:pw-ann\n".write(toFile: passfile, atomically: true, encoding: .utf8)
        chmod(passfile, 0o600)
        defer { try? FileManager.default.removeItem(atPath: passfile) }
        #expect(!(try String(contentsOfFile: a.path, encoding: .isoLatin1).contains("pw-ann")), "the password is never in the board")
        func plain(_ device: SyncCommandTests.Device, _ arguments: [String], now: String, pgpass: String = passfile) throws -> BoardBinary.Result {
            try BoardBinary.run(arguments + ["--db", device.path, "--tz", "Europe/Paris", "--now", now],
                                environment: ["PGPASSWORD": "", "PGPASSFILE": pgpass, "XDG_CONFIG_HOME": "/nonexistent"])
        }
        try a.ok(["add", "Vet call", "--due", "2026-11-21", "--time", "09:00"])
        let synced = try plain(a, ["sync"], now: "2026-11-21T08:30")
        #expect(synced.status == 0 && synced.stdout.hasPrefix("Pushed 1 change"), "\(synced.stderr)")
        #expect(try plain(b, ["sync"], now: "2026-11-21T08:30").status == 0)
        // B delivers it; A, in a shell without BOARD_SYNC_URL, does not deliver it again.
        #expect(try plain(b, ["remind"], now: "2026-11-21T09:00").stdout == "\u{7}Reminder: Vet call · Sat Nov 21 09:00\n")
        let again = try plain(a, ["remind"], now: "2026-11-21T09:01")
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)\(again.stderr)")
        // Without a password the server can't be claimed on: nothing delivered, exit 5, the reason named.
        try a.ok(["add", "Feed cat", "--due", "2026-11-21", "--time", "09:30"])
        let refused = try plain(a, ["remind"], now: "2026-11-21T09:30", pgpass: "/nonexistent")
        #expect(refused.status == 5 && refused.stdout.isEmpty && refused.stderr.hasPrefix("error: server: "), "\(refused.stdout)\(refused.stderr)")
        let late = try plain(a, ["remind"], now: "2026-11-21T09:35")
        #expect(late.stdout == "\u{7}Reminder: Feed cat · Sat Nov 21 09:30 (late)\n", "\(late.stdout)\(late.stderr)")
        _ = url
    }
}
