import Foundation
import Testing

/// `board server run --realtime` for a test, on a loopback port of its own; killed with -9 (a child
/// of the test runner inherits its blocked signals, SIGTERM among them).
final class RunningServer {
    let pg: PostgresCluster
    let port: Int
    let arguments: [String]
    private(set) var process: Process
    let log: String

    init(_ pg: PostgresCluster, port: Int = PostgresCluster.freePort(), extra: [String] = []) throws {
        self.pg = pg
        self.port = port
        arguments = ["server", "run", "--server", pg.adminURL, "--state", pg.folder + "/replica", "--realtime", "127.0.0.1:\(port)"] + extra
        log = pg.folder + "/server-\(UUID().uuidString).log"
        process = Process()
        try start()
    }

    /// Starts the process and waits until the channel listens.
    func start() throws {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process = BoardBinary.process(arguments)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        output.seekToEndOfFile()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !said.contains("Realtime channel on 127.0.0.1:\(port)") { Thread.sleep(forTimeInterval: 0.05) }
        #expect(said.contains("Realtime channel on 127.0.0.1:\(port)"), "\(said)")
    }

    var said: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits at most `seconds` for the process to end: its exit status (nil: still
    /// running, then killed with -9) and how long it took.
    func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 10) -> (status: Int32?, seconds: Double) {
        let start = Date()
        kill(process.processIdentifier, signal)
        while process.isRunning && Date().timeIntervalSince(start) < seconds { Thread.sleep(forTimeInterval: 0.02) }
        let took = Date().timeIntervalSince(start)
        guard !process.isRunning else { kill9(); return (nil, took) }
        return (process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus, took)
    }

    /// `GET path` on the channel's port, from this machine: the status and the body.
    func get(_ path: String) throws -> (status: Int, body: String) {
        let r = try BoardBinary.runTool(["python3", "-c", """
            import http.client, sys
            c = http.client.HTTPConnection('127.0.0.1', \(port), timeout=10)
            c.request('GET', sys.argv[1])
            r = c.getresponse()
            sys.stdout.write('%d\\n' % r.status + r.read().decode())
            """, path])
        let lines = r.stdout.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return (Int(lines.first ?? "") ?? 0, lines.count > 1 ? String(lines[1]) : r.stderr)
    }

    func kill9() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// `board sync --watch` on a device, its output in a file; killed with -9 when stopped or dropped.
final class Watching {
    let process: Process
    let log: String

    init(_ device: SyncCommandTests.Device) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).log").path
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process = BoardBinary.process(["sync", "--watch", "--db", device.path, "--tz", "Europe/Paris", "--now", "2026-11-21T08:00"],
                                      environment: ["BOARD_SYNC_URL": device.server, "PGPASSWORD": "", "PGPASSFILE": "/nonexistent"])
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = process.standardOutput
        try process.run()
    }

    /// What it printed so far.
    var said: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    var isRunning: Bool { process.isRunning }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A request to the channel from outside Board (Python's http.client): its status and the event
/// lines it read within `seconds`, each with the moment it came.
final class ChannelProbe {
    let process: Process
    let output: String

    init(port: Int, ticket: String?, seconds: Double, path: String = "/watch") throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let script = """
            import http.client, sys, time, socket
            c = http.client.HTTPConnection('127.0.0.1', \(port), timeout=\(seconds))
            headers = {} if sys.argv[1] == '-' else {'Authorization': 'Bearer ' + sys.argv[1]}
            c.request('GET', '\(path)', headers=headers)
            r = c.getresponse()
            out = open(sys.argv[2], 'a', buffering=1)
            out.write('status %d\\n' % r.status)
            end = time.time() + \(seconds)
            try:
                while time.time() < end:
                    line = r.fp.readline()
                    if not line:
                        out.write('closed\\n'); break
                    if line.startswith(b'event:'):
                        out.write('%s %.3f\\n' % (line.decode().strip(), time.time()))
            except (socket.timeout, TimeoutError):
                pass
            """
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, ticket ?? "-", output]
        try process.run()
    }

    var lines: [String] { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

    /// Waits up to `seconds` for a line starting with `prefix`.
    func waitFor(_ prefix: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if lines.contains(where: { $0.hasPrefix(prefix) }) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    func count(_ prefix: String) -> Int { lines.filter { $0.hasPrefix(prefix) }.count }
}
