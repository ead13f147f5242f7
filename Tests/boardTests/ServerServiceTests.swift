import Foundation
import Testing

/// `board server run` as one service (ARCHITECTURE.md §21), through the binary on throwaway
/// clusters: SIGTERM and SIGINT stop it cleanly and in time, mid-pass included; `/metrics` and
/// `/healthz` say how far behind each person is while they lag and after; its log has a level a line.
@Suite(.serialized) struct ServerServiceTests {
    typealias Device = SyncCommandTests.Device

    static func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        try RealtimeChannelTests.eventually(seconds, condition)
    }

    static func count(_ pg: PostgresCluster, _ table: String) throws -> Int {
        Int(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.\(table)").stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsTheServerCleanlyEndingItsStreams(signal: Int32) throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        let server = try RunningServer(pg)
        defer { server.kill9() }
        #expect(Self.eventually(10) { (try? Self.count(pg, "tasks")) == 1 }, "\(server.said)")
        let watch = try Watching(b)
        #expect(Self.eventually(10) { watch.said.contains("Watching through the realtime channel") }, "\(watch.said)")
        try a.ok(["add", "Water the plants"])
        _ = try a.sync()
        #expect(Self.eventually(10) { (try? Self.count(pg, "tasks")) == 2 }, "\(server.said)")

        let stopped = server.stop(signal)
        #expect(stopped.status == 0 && stopped.seconds < 5, "exit \(String(describing: stopped.status)) after \(stopped.seconds) s: \(server.said)")
        let lines = server.said.split(separator: "\n").map(String.init)
        // A level on every line, after the moment.
        #expect(lines.allSatisfy { $0.split(separator: " ").dropFirst().first.map { ["info", "notice", "error"].contains($0) } == true }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" info ann: 1 change in, tables through 2") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" info Stopping: the pass in flight finishes, the streams end") })
        #expect(lines.last?.hasSuffix(" info Stopped") == true, "\(lines)")
        // The device's stream ended with the server: it polls now.
        #expect(Self.eventually(10) { watch.said.contains("Watching by polling the server") }, "\(watch.said)")
        // The pass that finished is not made again: the next start has nothing to take in.
        let again = try BoardBinary.run(["server", "run", "--once", "--server", pg.adminURL, "--state", pg.folder + "/replica"])
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr.isEmpty, "\(again.stdout)\(again.stderr)")
    }

    /// The replica stuck behind another pass's lock: `/healthz` says so past `--max-lag` and
    /// `/metrics` counts the lag; SIGTERM abandons the pass within 5 s (exit 0, nothing of it kept),
    /// and the next start makes it once, leaving the tables a fresh replica would make.
    @Test func aStopMidPassAbandonsItAndTheNextStartMakesItOnce() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try SyncCommandTests.server(pg)[0]
        let ann = Device("ann", server: url)
        try ann.ok(["add", "Pay rent"])
        _ = try ann.sync()
        // Another process holds the lock a pass takes first.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["psql", pg.adminURL, "-c", "SELECT pg_advisory_lock(\(0x626f_6172_6400))", "-c", "SELECT pg_sleep(120)"]
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() } }
        #expect(Self.eventually(10) {
            (try? pg.psql(pg.adminURL, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted").stdout) == "1\n"
        })
        for n in 1...5 { try ann.ok(["add", "Card \(n)"]) }
        _ = try ann.sync()

        var server = try RunningServer(pg, extra: ["--max-lag", "1"])
        defer { server.kill9() }
        #expect(Self.eventually(10) { (try? server.get("/healthz").status) == 503 })
        let stuck = try server.get("/healthz")
        #expect(stuck.body.hasPrefix("ann: 6 changes wait, the oldest for ") && stuck.body.hasSuffix(" s (more than --max-lag 1 s)\n"), "\(stuck.body)")
        let lagging = try server.get("/metrics")
        #expect(lagging.status == 200 && lagging.body.contains("board_person_lag_changes{person=\"ann\"} 6.0\n"), "\(lagging.body)")
        #expect(lagging.body.contains("board_replica_passes_total 0\n"), "\(lagging.body)")
        #expect(try Self.count(pg, "tasks") == 0)

        let stopped = server.stop(SIGTERM)
        #expect(stopped.status == 0 && stopped.seconds < 5, "exit \(String(describing: stopped.status)) after \(stopped.seconds) s: \(server.said)")
        #expect(server.said.contains(" info Stopped: the pass in flight was abandoned after 3 s"), "\(server.said)")
        #expect(try Self.count(pg, "tasks") == 0 && Self.count(pg, "replica_cursors") == 0, "nothing of the abandoned pass was kept")

        // The holder's session ended (its psql, started with SIGTERM blocked, killed outright).
        #expect(try pg.psql(pg.adminURL, "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'").status == 0)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        server = try RunningServer(pg, extra: ["--max-lag", "1"])
        #expect(Self.eventually(10) { (try? Self.count(pg, "tasks")) == 6 }, "\(server.said)")
        #expect(Self.eventually(10) { (try? server.get("/healthz")) ?? (0, "") == (200, "ok: 1 person, each within 1 s of their log\n") })
        let caughtUp = try server.get("/metrics").body
        #expect(caughtUp.contains("board_person_lag_changes{person=\"ann\"} 0.0\n") && caughtUp.contains("board_replica_changes_total 6\n"), "\(caughtUp)")
        #expect(server.said.components(separatedBy: "ann: 6 changes in").count == 2, "made once: \(server.said)")
        #expect(server.stop(SIGTERM).status == 0)

        let followed = try ServerTablesTests().dump(pg, person: "ann")
        try FileManager.default.removeItem(atPath: pg.folder + "/replica")
        #expect(try pg.psql(pg.adminURL, "DELETE FROM board.replica_cursors").status == 0)
        _ = try ServerTablesTests().replica(pg, state: pg.folder + "/replica")
        #expect(try ServerTablesTests().dump(pg, person: "ann") == followed)
    }

    /// The port says what it serves; `--log-level` says more or less, and it and `--max-lag`
    /// refuse what they can't take.
    @Test func theLogLevelAndTheLimitAreCheckedAndTheLevelHeard() throws {
        for (arguments, message) in [
            (["--log-level", "loud"], "error: log-level: must be one of trace, debug, info, notice, warning, error, critical, got 'loud'"),
            (["--max-lag", "0"], "error: max-lag: must be 1 or more seconds, got 0"),
        ] {
            let r = try BoardBinary.run(["server", "run", "--server", "postgres://postgres@127.0.0.1:1/board"] + arguments)
            #expect(r.status == 2 && r.stderr == message + "\n", "\(arguments): \(r.stderr)")
        }
        let pg = try PostgresCluster()
        defer { pg.stop() }
        _ = try SyncCommandTests.server(pg)
        let server = try RunningServer(pg, extra: ["--log-level", "debug"])
        defer { server.kill9() }
        #expect(try server.get("/nowhere").status == 404)
        #expect(Self.eventually(10) { server.said.contains(" debug pass in ") && server.said.contains(" ms (0 people moved)") }, "\(server.said)")
        #expect(server.stop(SIGINT).status == 0)
    }
}
