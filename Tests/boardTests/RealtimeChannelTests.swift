import Foundation
import Testing

/// The realtime channel `board server run --realtime` serves (ARCHITECTURE.md §19), through the
/// binary on throwaway clusters: watchers that hold no database connection, tickets only their
/// person's login could get, and polling when the channel is gone.
@Suite(.serialized) struct RealtimeChannelTests {
    typealias Device = SyncCommandTests.Device

    /// A person's open connections to the database, as PostgreSQL counts them.
    static func connections(_ pg: PostgresCluster, of person: String) throws -> Int {
        Int(try pg.psql(pg.adminURL, "SELECT count(*) FROM pg_stat_activity WHERE usename = '\(person)'").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    static func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }

    static func has(_ device: Device, _ title: String) -> Bool {
        (try? device.cards().contains { $0["title"] as? String == title }) == true
    }

    @Test func aWatcherOnTheChannelHoldsNoConnectionSeesItsSiblingAndFallsBackToPolling() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        let server = try RunningServer(pg)
        defer { server.kill9() }
        // Issue 52: it says where every person's board is kept, a folder only its user reads.
        #expect(server.said.contains("Replicas of every person's board in \(pg.folder)/replica (--state; only this user can read them)"), "\(server.said)")
        let state = pg.folder + "/replica"
        #expect(Self.eventually(10) { (try? FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int) == 0o700 })
        let watch = try Watching(b)
        let address = "http://127.0.0.1:\(server.port)"
        #expect(Self.eventually(10) { watch.said.contains("Watching through the realtime channel at \(address).") }, "\(watch.said)")
        #expect(try b.ok(["sync", "status"]).contains("Watching:    through the realtime channel at \(address) (since "))
        // A second watch of the same board (the screen's, say) has a ticket of its own: neither ends the other's stream.
        let second = try Watching(b)
        #expect(Self.eventually(10) { second.said.contains("Watching through the realtime channel") })
        let device = try #require(try b.ok(["sync", "status"]).split(separator: "\n").first { $0.hasPrefix("Device:") }?.split(separator: " ").last)
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.realtime_tickets WHERE device LIKE '\(device)/%'").stdout == "2\n")
        second.stop()

        // Idle: no connection of ann's is open, sampled over two seconds.
        Thread.sleep(forTimeInterval: 0.5)
        var samples: [Int] = []
        for _ in 0..<10 { samples.append(try Self.connections(pg, of: "ann")); Thread.sleep(forTimeInterval: 0.2) }
        #expect(samples.allSatisfy { $0 == 0 }, "ann's connections while idle: \(samples)")

        // A sibling's change arrives within a second or two.
        var latencies: [Double] = []
        for n in 1...3 {
            try a.ok(["add", "Call mum \(n)"])
            _ = try a.sync()
            let pushed = Date()
            #expect(Self.eventually(5) { Self.has(b, "Call mum \(n)") })
            latencies.append(Date().timeIntervalSince(pushed))
        }
        #expect(latencies.sorted()[1] < 1.5, "latencies \(latencies)")

        // The server process killed: the watcher says it polls, and still takes changes in.
        server.kill9()
        #expect(Self.eventually(10) { watch.said.contains("Watching by polling the server every 1–10 s (the channel at \(address): ") }, "\(watch.said)")
        #expect(try b.ok(["sync", "status"]).contains("Watching:    by polling the server every 1–10 s"))
        // Once the watch is gone, status says no more how it heard.
        watch.stop()
        // (board-sync, its child, ends with it a moment later.)
        #expect(try Self.eventually(5) { !(try b.ok(["sync", "status"]).contains("Watching:")) })
        let again = try Watching(b)
        #expect(Self.eventually(10) { again.said.contains("Watching by polling") })
        #expect(try b.ok(["sync", "status"]).contains("Watching:    by polling the server every 1–10 s"))
        try a.ok(["add", "Water the plants"])
        _ = try a.sync()
        #expect(Self.eventually(15) { Self.has(b, "Water the plants") }, "polling pulled it")

        // Back: the watcher returns to the channel (tried again after about 5, 10, 20 … s).
        try server.start()
        #expect(try Self.eventually(60) { try b.ok(["sync", "status"]).contains("Watching:    through the realtime channel") }, "\(again.said)")

        // PostgreSQL restarted: the stream stays, the server listens again, changes come through.
        try pg.control("restart")
        Thread.sleep(forTimeInterval: 1)
        try a.ok(["add", "Feed the cat"])
        _ = try a.sync()
        #expect(Self.eventually(10) { Self.has(b, "Feed the cat") }, "\(again.said)\n\(server.said)")
        #expect(again.isRunning)
    }

    /// Another person's ticket, a wrong one, a replaced one and an expired one; the tables and
    /// functions behind them, as psql shows them to a person.
    @Test func theChannelHearsOnlyGoodTicketsOfTheirOwnPerson() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        for device in [ann, bob] { _ = try device.sync() }
        let server = try RunningServer(pg)
        defer { server.kill9() }
        func ticket(_ url: String, device: String) throws -> String {
            let r = try pg.psql(url, "SELECT ticket FROM board.realtime_ticket('\(device)')")
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let annTicket = try ticket(urls[0], device: "probe"), bobTicket = try ticket(urls[1], device: "probe")
        #expect(annTicket.count == 64 && annTicket != bobTicket)
        #expect(try pg.psql(urls[0], "SELECT address FROM board.realtime_ticket('probe2')").stdout.hasPrefix("http://127.0.0.1:\(server.port)"))

        // Refused: none, wrong, malformed, another path.
        for (given, path) in [(nil, "/watch"), (String(repeating: "ab", count: 32), "/watch"), ("x' OR '1'='1", "/watch"), (annTicket, "/other")] {
            let probe = try ChannelProbe(port: server.port, ticket: given, seconds: 3, path: path)
            #expect(probe.waitFor("status", seconds: 5))
            #expect(probe.lines.first == (path == "/watch" ? "status 401" : "status 404"), "\(given ?? "none") \(path): \(probe.lines)")
        }

        // Each person hears their own log move, never the other's.
        let annProbe = try ChannelProbe(port: server.port, ticket: annTicket, seconds: 30)
        let bobProbe = try ChannelProbe(port: server.port, ticket: bobTicket, seconds: 30)
        #expect(annProbe.waitFor("event: ready", seconds: 5) && bobProbe.waitFor("event: ready", seconds: 5), "\(annProbe.lines) \(bobProbe.lines)")
        try ann.ok(["add", "Ann's card"])
        _ = try ann.sync()
        #expect(annProbe.waitFor("event: moved", seconds: 5), "\(annProbe.lines)")
        Thread.sleep(forTimeInterval: 1)
        #expect(bobProbe.count("event: moved") == 0, "bob heard ann: \(bobProbe.lines)")
        try bob.ok(["add", "Bob's card"])
        _ = try bob.sync()
        #expect(bobProbe.waitFor("event: moved", seconds: 5), "\(bobProbe.lines)")

        // A new ticket for the same device replaces the old: the old is refused, and its open stream ends.
        let replaced = try ticket(urls[0], device: "probe")
        let old = try ChannelProbe(port: server.port, ticket: annTicket, seconds: 3)
        #expect(old.waitFor("status", seconds: 5) && old.lines.first == "status 401", "\(old.lines)")
        #expect(annProbe.waitFor("closed", seconds: 15), "the stream of a replaced ticket ends: \(annProbe.lines)")
        // Expired: refused.
        #expect(try pg.psql(pg.adminURL, "UPDATE board.realtime_tickets SET expires_at = now() - interval '1 second'").status == 0)
        let expired = try ChannelProbe(port: server.port, ticket: replaced, seconds: 3)
        #expect(expired.waitFor("status", seconds: 5) && expired.lines.first == "status 401", "\(expired.lines)")
        // Revoked by the person: every ticket of theirs goes (the expired ones went as this one was made).
        let fresh = try ticket(urls[0], device: "probe")
        #expect(try pg.psql(urls[0], "SELECT board.forget_realtime_tickets()").stdout == "1\n")
        let revoked = try ChannelProbe(port: server.port, ticket: fresh, seconds: 3)
        #expect(revoked.waitFor("status", seconds: 5) && revoked.lines.first == "status 401", "\(revoked.lines)")

        // A request never finished is not waited on: the connection is closed within seconds.
        let slow = try BoardBinary.runTool(["python3", "-c", """
            import socket, time
            s = socket.create_connection(('127.0.0.1', \(server.port)))
            s.sendall(b'GET /watch HTTP/1.1\\r\\nHost: x\\r\\n')
            start = time.time(); s.settimeout(20)
            print('closed' if s.recv(100) == b'' else 'answered', round(time.time() - start))
            """])
        #expect(slow.stdout.hasPrefix("closed "), "\(slow.stdout) \(slow.stderr)")
        #expect((Int(slow.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 99) <= 12, "\(slow.stdout)")

        // A person reads neither table, and can't write the address.
        for sql in ["SELECT * FROM board.realtime_tickets", "SELECT * FROM board.realtime",
                    "INSERT INTO board.realtime (address) VALUES ('http://evil.example')"] {
            let r = try pg.psql(urls[1], sql)
            #expect(r.status != 0 && r.stderr.contains("permission denied"), "\(sql): \(r.stdout) \(r.stderr)")
        }
    }

    /// A person added while the server runs: their watching boards hear their siblings too (the
    /// server's pass tells the streams what no notification it listened for did).
    @Test func aPersonAddedWhileTheServerRunsIsHeard() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        _ = try SyncCommandTests.server(pg, people: ["ann"])
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let added = try BoardBinary.run(["server", "add-user", "dan", "--server", pg.adminURL, "--password", "pw-dan"])
        let url = try #require(added.lines.last)
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        for device in [a, b] { _ = try device.sync() }
        let watch = try Watching(b)
        #expect(Self.eventually(10) { watch.said.contains("Watching through the realtime channel") }, "\(watch.said)")
        try a.ok(["add", "Hello dan"])
        _ = try a.sync()
        #expect(Self.eventually(8) { Self.has(b, "Hello dan") }, "\(watch.said)\n\(server.said)")
        // Listening anew for the new person is no failure: nothing reads as an error with a wait.
        #expect(!server.said.contains("error"), "\(server.said)")
    }

    /// A server an earlier Board set up has no channel: a watcher polls, says why, and still syncs.
    @Test func aServerWithoutTheChannelIsPolled() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (_, a, b) = try SyncCommandTests.twoSyncedBoards(pg, now: "2026-11-21T08:00")
        #expect(try pg.psql(pg.adminURL, "DROP FUNCTION board.realtime_ticket(text); DELETE FROM board.migrations WHERE version = 10").status == 0)
        let watch = try Watching(b)
        #expect(Self.eventually(10) {
            watch.said.contains("Watching by polling the server every 1–10 s (the server has no realtime channel: its administrator runs `board server init`).")
        }, "\(watch.said)")
        try a.ok(["add", "Polled"])
        _ = try a.sync()
        #expect(Self.eventually(15) { Self.has(b, "Polled") }, "\(watch.said)")
    }

    @Test func badRealtimeOptionsAreRefusedWithOneLine() throws {
        for (arguments, field) in [
            (["--realtime", "0.0.0.0:8765"], "realtime"),
            (["--realtime", "localhost"], "realtime"),
            (["--realtime", "127.0.0.1:70000"], "realtime"),
            (["--realtime", "127.0.0.1:8765", "--once"], "realtime"),
            (["--advertise", "https://board.example"], "advertise"),
            (["--realtime", "127.0.0.1:8765", "--advertise", "ftp://board.example"], "advertise"),
            (["--realtime", "127.0.0.1:8765", "--tls-cert", "/nonexistent.crt"], "tls-key"),
            (["--realtime", "0.0.0.0:8765", "--tls-cert", "/nonexistent.crt", "--tls-key", "/nonexistent.key"], "tls-cert"),
        ] {
            let r = try BoardBinary.run(["server", "run", "--server", "postgres://postgres@127.0.0.1:1/board"] + arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: \(field):") && r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
    }

    /// PgBouncer in transaction mode in front of the database: each round is a short connection of
    /// its own, so devices sync and watch through it (the server process connects directly).
    @Test func devicesSyncAndWatchThroughPgBouncerInTransactionMode() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        _ = try SyncCommandTests.server(pg)
        let secret = try pg.psql(pg.adminURL, "SELECT rolpassword FROM pg_authid WHERE rolname = 'ann'").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = PostgresCluster.freePort(), folder = pg.folder
        try "\"ann\" \"\(secret)\"\n".write(toFile: folder + "/userlist.txt", atomically: true, encoding: .utf8)
        try """
            [databases]
            board = host=127.0.0.1 port=\(pg.port) dbname=board
            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = scram-sha-256
            auth_file = \(folder)/userlist.txt
            pool_mode = transaction
            logfile = \(folder)/pgbouncer.log
            pidfile = \(folder)/pgbouncer.pid

            """.write(toFile: folder + "/pgbouncer.ini", atomically: true, encoding: .utf8)
        try PostgresCluster.run(["chown", "postgres", folder + "/userlist.txt", folder + "/pgbouncer.ini"])
        try PostgresCluster.detached(["/usr/sbin/runuser", "-u", "postgres", "--", "pgbouncer", "-d", folder + "/pgbouncer.ini"])
        defer { _ = try? PostgresCluster.detached(["/usr/sbin/runuser", "-u", "postgres", "--", "pkill", "-F", folder + "/pgbouncer.pid"]) }
        let url = "postgres://ann:pw-ann@127.0.0.1:\(port)/board"
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        try a.ok(["add", "Pay rent"])
        for device in [a, b] { _ = try device.sync() }
        #expect(Self.has(b, "Pay rent"))
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let watch = try Watching(b)
        #expect(Self.eventually(10) { watch.said.contains("Watching through the realtime channel") }, "\(watch.said)")
        try a.ok(["add", "Through the pooler"])
        _ = try a.sync()
        #expect(Self.eventually(5) { Self.has(b, "Through the pooler") }, "\(watch.said)")
        let pooled = (try? String(contentsOfFile: folder + "/pgbouncer.log", encoding: .utf8)) ?? ""
        #expect(pooled.contains("login attempt: db=board user=ann"), "the rounds went through PgBouncer: \(pooled)")
    }

    /// Over TLS, with the certificate checked against the CA the device's URL names.
    @Test func theChannelOverTLS() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        try PostgresCluster.makeCertificates(in: pg.folder, name: "ca")
        let url = try SyncCommandTests.server(pg)[0] + "?sslmode=disable&sslrootcert=\(pg.caFile)"
        let a = Device("laptop", server: url), b = Device("desktop", server: url)
        for device in [a, b] { _ = try device.sync() }
        let port = PostgresCluster.freePort()
        let server = try RunningServer(pg, port: port, extra: ["--tls-cert", pg.folder + "/server.crt", "--tls-key", pg.folder + "/server.key",
                                                              "--advertise", "https://localhost:\(port)"])
        defer { server.kill9() }
        let watch = try Watching(b)
        #expect(Self.eventually(10) { watch.said.contains("Watching through the realtime channel at https://localhost:\(port).") }, "\(watch.said)")
        try a.ok(["add", "Over TLS"])
        _ = try a.sync()
        #expect(Self.eventually(5) { Self.has(b, "Over TLS") }, "\(watch.said)")
        // Plain HTTP to a TLS port is no stream.
        let plain = try ChannelProbe(port: port, ticket: nil, seconds: 2)
        Thread.sleep(forTimeInterval: 2.5)
        #expect(!plain.lines.contains { $0.hasPrefix("status 200") || $0.hasPrefix("event") }, "\(plain.lines)")
    }
}
