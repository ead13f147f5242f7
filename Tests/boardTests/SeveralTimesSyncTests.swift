import Foundation
import Testing

/// A routine several times a day on two devices of one person through a real server (issue 54):
/// both make the same runs under the same ids, one card per run, whoever generates first.
@Suite struct SeveralTimesSyncTests {
    typealias Device = SyncCommandTests.Device

    @Test func twoDevicesMakeTheSameRunsOfARoutineTwiceADay() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try SyncCommandTests.server(pg)[0]
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        let added = try a.ok(["template", "add", "Meds", "--every", "every day at 8am and 8pm"], now: "2026-11-21T07:00")
        #expect(added.contains("Every day at 08:00 and 20:00"), "\(added)")
        _ = try a.sync(now: "2026-11-21T07:00")
        _ = try b.sync(now: "2026-11-21T07:00")
        // Offline, both reach the next day and generate it.
        try a.ok(["generate"], now: "2026-11-22T07:00")
        try b.ok(["generate"], now: "2026-11-22T07:30")
        // B completes the evening run of the 21st; A deletes the morning run of the 23rd.
        func runs(_ device: Device) throws -> [[String: Any]] {
            try device.cards().filter { $0["occurrence_date"] is String }
        }
        let evening = try #require(try runs(b).first { $0["occurrence_date"] as? String == "2026-11-21" && $0["due_time"] as? String == "20:00" })
        try b.ok(["done", evening["id"] as! String], now: "2026-11-22T07:30")
        let morning = try #require(try runs(a).first { $0["occurrence_date"] as? String == "2026-11-23" && $0["due_time"] as? String == "08:00" })
        try a.ok(["delete", morning["id"] as! String], now: "2026-11-22T07:00")
        for device in [a, b, a, b] { _ = try device.sync(now: "2026-11-22T08:00") }
        for device in [a, b] {
            let all = try runs(device)
            let keys = all.map { "\($0["occurrence_date"]!)T\($0["occurrence_time"] ?? "-")" }
            #expect(keys.count == Set(keys).count, "one card per run: \(keys.sorted())")
            #expect(all.count == 15, "two a day for 21–28, less the one deleted: \(keys.sorted())")
            #expect(all.first { $0["id"] as? String == evening["id"] as? String }?["completed"] as? Bool == true)
            #expect(!all.contains { $0["id"] as? String == morning["id"] as? String })
        }
        #expect(try a.export() == b.export())
        // The server's tables hold the runs as the devices do: its key includes the time.
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("replica-\(UUID().uuidString)").path
        let replica = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", state])
        #expect(replica.status == 0, "\(replica.stderr)")
        let rows = try pg.psql(pg.adminURL, "SELECT count(*), count(DISTINCT (occurrence_date, occurrence_time)) FROM board.tasks WHERE series_id IS NOT NULL")
        #expect(rows.stdout == "15|15\n", "\(rows.stdout) \(rows.stderr)")
    }
}
