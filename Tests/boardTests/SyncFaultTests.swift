import TestSupport
import Foundation
import Glibc
import Testing

/// Convergence through the real binary and server with faults (ARCHITECTURE.md §13): seeded
/// schedules of random intents on three boards of one person whose clocks are hours apart — cards
/// added, retitled, deleted and moved to the same place, habits of one name in different cases
/// checked in, routines added, paused and resumed, reminders due and delivered — with syncs killed
/// at a random moment of their round, sessions ended by `pg_terminate_backend`, and the server
/// restarted. After a final round on each board, all three show the same board in the same order,
/// every intent a command acknowledged is there unless a later intent superseded it, no received
/// row waits, no reminder was delivered twice, and one more round pushes and pulls nothing.
@Suite struct SyncFaultTests {

    /// `board sync` on `device`, started and not waited for.
    func startSync(_ device: SyncCommandTests.Device, now: String) throws -> Process {
        let process = BoardBinary.process(["sync", "--db", device.path, "--tz", "Europe/Paris", "--now", now],
                                          environment: ["BOARD_SYNC_URL": device.server])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func threeBoardsConvergeWhateverHappensToTheirSyncs() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        #expect(try BoardBinary.run(["server", "init", pg.adminURL]).status == 0)
        var counts = (schedules: 0, intents: 0, syncs: 0, killed: 0, terminated: 0, restarts: 0, refusedRounds: 0, reminders: 0)
        for seed in 1...50 {
            var rng = SeededGenerator(seed: UInt64(seed))
            let person = "p\(seed)"
            let added = try BoardBinary.run(["server", "add-user", person, "--server", pg.adminURL, "--password", "pw"])
            let url = try #require(added.lines.last)
            // Wall clocks hours apart: one right, one three hours slow, one five hours fast.
            let nows = ["2026-11-21T10:00", "2026-11-21T07:00", "2026-11-21T15:00"]
            let devices = (0..<3).map { SyncCommandTests.Device("\(person)-\($0)", server: url) }
            var titles: [String: Set<String>] = [:]  // by the id's first 8 digits, a card's every acknowledged title
            var deleted: Set<String> = []
            var made = 0
            var checkedIn: Set<String> = []  // habit names (in lower case) a device checked in
            var delivered: [String: Int] = [:]  // reminders delivered, by card title, on every device together
            /// `board remind` on device `i`; what it delivered is counted ("\u{7}Reminder: p1 reminder 4 · Sat Nov 21 09:00").
            func remind(on i: Int, now: String, grace: Int = 10) throws {
                let r = try devices[i].run(["remind", "--grace", "\(grace)"], now: now)
                #expect(r.status == 0, "\(r.stderr)")
                for line in r.stdout.split(separator: "\n") {
                    guard let range = line.range(of: "Reminder: ") else { continue }
                    delivered[String(line[range.upperBound...].split(separator: " · ")[0]), default: 0] += 1
                }
            }
            func known(on i: Int) throws -> [String] {
                guard FileManager.default.fileExists(atPath: devices[i].path) else { return [] }
                return try devices[i].cards().compactMap { $0["id"] as? String }
            }
            for _ in 0..<Int.random(in: 8...16, using: &rng) {
                let i = Int.random(in: 0..<3, using: &rng), now = nows[i]
                switch Int.random(in: 0..<16, using: &rng) {
                case 0, 1:
                    for _ in 0..<Int.random(in: 1...8, using: &rng) {
                        made += 1
                        let title = "\(person) card \(made)"
                        let r = try devices[i].run(["add", title], now: now)
                        #expect(r.status == 0, "\(r.stderr)")
                        // "Added 1a2b3c4d to This Week: …": the id's first 8 digits.
                        titles[String(r.stdout.split(separator: " ")[1]), default: []].insert(title)
                    }
                case 2, 3:
                    guard let id = try known(on: i).randomElement(using: &rng) else { continue }
                    let title = "\(person) retitled \(Int.random(in: 0..<1000, using: &rng))"
                    if try devices[i].run(["edit", id, "--title", title], now: now).status == 0 { titles[String(id.prefix(8)), default: []].insert(title) }
                case 4:
                    guard let id = try known(on: i).randomElement(using: &rng) else { continue }
                    if try devices[i].run(["delete", id], now: now).status == 0 { deleted.insert(String(id.prefix(8))) }
                case 5, 6:
                    let r = try devices[i].run(["sync"], now: now)
                    #expect(r.status == 0, "\(r.stderr)")
                    counts.syncs += 1
                case 7:
                    // Killed at a random moment of its round: starting, pushing, pulling, or writing what it pulled.
                    let process = try startSync(devices[i], now: now)
                    usleep(UInt32.random(in: 0...120_000, using: &rng))
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    counts.killed += 1
                case 8:
                    // The person's sessions ended by the administrator while a round runs: it fails (exit 5) or finishes.
                    let process = try startSync(devices[i], now: now)
                    usleep(UInt32.random(in: 0...60_000, using: &rng))
                    _ = try pg.psql(pg.adminURL, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(person)'")
                    process.waitUntilExit()
                    #expect([0, 5].contains(process.terminationStatus))
                    if process.terminationStatus != 0 { counts.refusedRounds += 1 }
                    counts.terminated += 1
                case 9:
                    // The same place on different boards: equal positions, the same order everywhere.
                    guard let id = try known(on: i).randomElement(using: &rng) else { continue }
                    let bucket = ["this-week", "weekend"].randomElement(using: &rng)!
                    let r = try devices[i].run(["move", id, bucket, "--position", "0"], now: now)
                    #expect(r.status == 0, "\(r.stderr)")
                case 10:
                    // One habit whatever the case its name is typed in on each board.
                    let name = ["Read", "read", "READ", "Stretch", "stretch"].randomElement(using: &rng)!
                    let added = try devices[i].run(["habit", "add", name], now: now)
                    #expect([0, 2].contains(added.status), "\(added.stderr)")
                    if try devices[i].run(["habit", "check", name], now: now).status == 0 { checkedIn.insert(name.lowercased()) }
                case 11:
                    made += 1
                    let every = ["every day", "every weekday", "every other tuesday", "every friday"].randomElement(using: &rng)!
                    try devices[i].ok(["template", "add", "\(person) routine \(made)", "--every", every], now: now)
                case 12:
                    // A routine paused on one board and resumed (its week generated again) on this or another.
                    guard FileManager.default.fileExists(atPath: devices[i].path) else { continue }
                    let templates = try devices[i].ok(["template", "list"], now: now).split(separator: "\n").map { String($0.prefix(8)) }
                    guard let id = templates.randomElement(using: &rng), !id.isEmpty else { continue }
                    let verb = Bool.random(using: &rng) ? "pause" : "resume"
                    let r = try devices[i].run(["template", verb, id], now: now)
                    #expect([0, 2].contains(r.status), "\(r.stderr)")
                case 13:
                    // A reminder due in the hours the three clocks span.
                    made += 1
                    let hour = Int(now.dropFirst(11).prefix(2))!, minute = Int.random(in: 1..<(17 - hour) * 60, using: &rng)
                    let time = String(format: "%02d:%02d", hour + minute / 60, minute % 60)
                    try devices[i].ok(["add", "\(person) reminder \(made)", "--due", "2026-11-21", "--time", time], now: now)
                case 14:
                    guard FileManager.default.fileExists(atPath: devices[i].path) else { continue }
                    try remind(on: i, now: now)
                default:
                    if seed % 10 == 0 {
                        try pg.control("restart")
                        counts.restarts += 1
                    }
                }
                counts.intents += 1
            }
            // A final round on each board, twice over: every board has seen every other's last round.
            for i in [0, 1, 2, 0, 1, 2] {
                let r = try devices[i].run(["sync"], now: nows[i])
                #expect(r.status == 0, "seed \(seed): \(r.stderr)")
            }
            let exports = try devices.map { try $0.export() }
            #expect(exports[1] == exports[0] && exports[2] == exports[0], "seed \(seed): the boards differ\n\(Self.differingLines(exports))")
            // The server's replica holds the same board, field by field (issue 40).
            _ = try ServerTablesTests().replica(pg, state: pg.folder + "/replica")
            #expect(try ServerTablesTests.differences(devices[0], pg, person: person) == [], "seed \(seed): the server's tables differ")
            let orders = try devices.map { try $0.cards().compactMap { $0["id"] as? String } }
            #expect(orders[1] == orders[0] && orders[2] == orders[0], "seed \(seed): the cards are in different orders")
            for (i, device) in devices.enumerated() {
                #expect(try device.sync(now: nows[i]) == "Nothing to push or pull; board up to date.\n", "seed \(seed): device \(i) did not settle")
                let status = try device.ok(["sync", "status"], now: nows[i])
                #expect(!status.contains("Rows waiting") && !status.contains("Set aside"), "seed \(seed): \(status)")
                let habits = try device.ok(["habit", "list"], now: nows[i]).split(separator: "\n").map { $0.split(separator: " ")[1].lowercased() }
                #expect(Set(habits).count == habits.count, "seed \(seed): one habit per name, not \(habits)")
                #expect(checkedIn.isSubset(of: Set(habits)), "seed \(seed): \(checkedIn) checked in, habits \(habits)")
            }
            // Every reminder is due by 17:00: each board's pass then (none too late to send), in a random order,
            // delivers what no other did.
            for i in [0, 1, 2].shuffled(using: &rng) { try remind(on: i, now: "2026-11-21T17:00", grace: 24 * 60) }
            let due = try devices[0].cards().compactMap { $0["title"] as? String }.filter { $0.contains(" reminder ") }
            #expect(due.allSatisfy { delivered[$0] != nil }, "seed \(seed): \(due.filter { delivered[$0] == nil }) never delivered")
            #expect(delivered.values.allSatisfy { $0 == 1 }, "seed \(seed): delivered more than once: \(delivered.filter { $0.value > 1 })")
            counts.reminders += delivered.count
            let final = Dictionary(uniqueKeysWithValues: try devices[0].cards().map { (String(($0["id"] as! String).prefix(8)), $0["title"] as! String) })
            for (id, written) in titles {
                if deleted.contains(id) {
                    #expect(final[id] == nil, "seed \(seed): \(id) was deleted")
                } else {
                    let title = final[id]
                    #expect(title.map { written.contains($0) } ?? false, "seed \(seed): \(id) shows \(title ?? "nothing"), not one of \(written)")
                }
            }
            counts.schedules += 1
        }
        print("sync faults: \(counts.schedules) schedules, \(counts.intents) intents, \(counts.syncs) syncs, \(counts.killed) killed mid-round, "
              + "\(counts.terminated) sessions terminated (\(counts.refusedRounds) rounds cut), \(counts.restarts) server restarts, "
              + "\(counts.reminders) reminders delivered")
        #expect(counts.schedules == 50 && counts.killed > 0 && counts.terminated > 0 && counts.restarts > 0 && counts.reminders > 0)
    }

    /// The lines where each export differs from the first one's, for a failure to show what differs.
    static func differingLines(_ exports: [String]) -> String {
        let first = exports[0].split(separator: "\n")
        return exports.enumerated().dropFirst().flatMap { i, export in
            let lines = export.split(separator: "\n")
            return zip(first, lines).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(10)
                .map { "board \(i) line \($0.offset + 1): \($0.element.1) (board 0: \($0.element.0))" }
                + (lines.count == first.count ? [] : ["board \(i): \(lines.count) lines, board 0: \(first.count)"])
        }.joined(separator: "\n")
    }
}
