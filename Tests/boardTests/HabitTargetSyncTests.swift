import Foundation
import Testing

/// A habit with a target on two devices of one person through a real server (issue 54): each
/// device counts its own entries of a day, so counting offline on both adds up, and the
/// server's tables hold each device's count.
@Suite struct HabitTargetSyncTests {
    typealias Device = SyncCommandTests.Device

    @Test func twoDevicesCountingOfflineAddUpOnBothAndOnTheServer() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try SyncCommandTests.server(pg)[0]
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        try a.ok(["habit", "add", "Meds", "--target", "3 times a day"], now: "2026-11-21T07:00")
        _ = try a.sync(now: "2026-11-21T07:00")
        _ = try b.sync(now: "2026-11-21T07:00")
        // Offline: two on the laptop, one on the desktop.
        try a.ok(["habit", "check", "Meds", "--count", "2"], now: "2026-11-21T08:00")
        try b.ok(["habit", "check", "Meds"], now: "2026-11-21T20:00")
        for device in [a, b, a, b] { _ = try device.sync(now: "2026-11-21T21:00") }
        for device in [a, b] {
            let line = try device.ok(["habit", "list"], now: "2026-11-21T21:00")
            #expect(line.contains("3 times a day, 3/3 today · streak 1 day"), "\(line)")
        }
        // Taking one back on the desktop leaves the laptop's two.
        try b.ok(["habit", "uncheck", "Meds", "--count", "1"], now: "2026-11-21T21:30")
        for device in [b, a] { _ = try device.sync(now: "2026-11-21T21:30") }
        #expect(try a.ok(["habit", "list"], now: "2026-11-21T21:30").contains("2/3 today"))
        #expect(try a.export() == b.export())
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("replica-\(UUID().uuidString)").path
        let replica = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", state])
        #expect(replica.status == 0, "\(replica.stderr)")
        let rows = try pg.psql(pg.adminURL, "SELECT count(*), sum(count) FROM board.habit_entries")
        #expect(rows.stdout == "1|2\n", "the laptop's row of two; the desktop's went to 0: \(rows.stdout) \(rows.stderr)")
        let target = try pg.psql(pg.adminURL, "SELECT target FROM board.habits")
        #expect(target.stdout == "3/day\n", "\(target.stdout) \(target.stderr)")
    }
}
