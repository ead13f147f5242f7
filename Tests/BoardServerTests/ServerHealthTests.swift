import BoardModel
import Foundation
@testable import BoardServer
import Testing

/// `/healthz`'s rule (ARCHITECTURE.md §21): the first reason the server is not keeping up, else ok.
@Suite struct ServerHealthTests {
    typealias Lag = ServerReplica.Lag

    func verdict(_ lags: [Lag]?, replica: String? = nil, people: [String: String] = [:]) -> (Bool, String) {
        ServerHealth.verdict(lags: lags, replicaProblem: replica, personProblems: people, maxLag: 60)
    }

    @Test func withinTheLimitIsHealthy() {
        #expect(verdict([Lag(person: "ann", changes: 3, oldestSeconds: 59.9), Lag(person: "bob", changes: 0, oldestSeconds: nil)])
                == (true, "ok: 2 people, each within 60 s of their log"))
        #expect(verdict([]) == (true, "ok: 0 people, each within 60 s of their log"))
    }

    @Test func theWorstLagPastTheLimitIsNamed() {
        let lags = [Lag(person: "ann", changes: 1, oldestSeconds: 61), Lag(person: "bob", changes: 40, oldestSeconds: 300.4)]
        #expect(verdict(lags) == (false, "bob: 40 changes wait, the oldest for 300 s (more than --max-lag 60 s)"))
        #expect(verdict([lags[0]]) == (false, "ann: 1 change waits, the oldest for 61 s (more than --max-lag 60 s)"))
    }

    @Test func theDatabaseThenTheReplicaThenAPersonsRowsComeFirst() {
        let late = [Lag(person: "ann", changes: 1, oldestSeconds: 600)]
        #expect(verdict(nil, replica: "x", people: ["ann": "y"]) == (false, "the database is out of reach"))
        #expect(verdict(late, replica: "server 127.0.0.1:5432: can't connect", people: ["ann": "y"])
                == (false, "the replica can't make its pass: server 127.0.0.1:5432: can't connect"))
        #expect(verdict(late, people: ["bob": "value too long", "ann": "not_this"]) == (false, "ann: not_this"))
    }
}

/// The server's log lines (ARCHITECTURE.md §21): a moment and a level first when it runs, a
/// command's words when it makes one pass, and never a control character from what it says.
@Suite struct ServerLogTests {
    let moment = Date(timeIntervalSince1970: 1_796_400_000)

    @Test func aRunningServerWritesAMomentAndALevelALineToStderr() {
        let (line, toErrors) = ServerLog.line("ann: 1 change in, tables through 2", level: .info, metadata: [:], style: .daemon, at: moment)
        #expect(line == "2026-12-04T16:00:00.000Z info ann: 1 change in, tables through 2\n" && toErrors)
    }

    @Test func aCommandWritesEventsToStdoutAndProblemsAsErrors() {
        #expect(ServerLog.line("bob: 1 reminder missed", level: .notice, metadata: [:], style: .command, at: moment) == ("bob: 1 reminder missed\n", false))
        #expect(ServerLog.line("ann: not_this", level: .error, metadata: [:], style: .command, at: moment) == ("error: ann: not_this\n", true))
    }

    @Test func controlCharactersAnywhereInALineAreWrittenVisibly() {
        let (line, _) = ServerLog.line("server: \u{1B}]52;c;AAAA\u{7}\nforged", level: .error, metadata: ["why": "a\u{202E}b"],
                                       style: .daemon, at: moment)
        #expect(line == "2026-12-04T16:00:00.000Z error server: \\e]52;c;AAAA\\u0007\\nforged why=a\\u202Eb\n", "\(line)")
        #expect(line.filter { $0 == "\n" }.count == 1)
    }

    @Test func aLevelIsReadOrRefusedNamingTheWords() throws {
        #expect(try ServerLog.level("DEBUG") == .debug)
        #expect(throws: BoardError("log-level", "must be one of trace, debug, info, notice, warning, error, critical, got 'loud'")) { try ServerLog.level("loud") }
    }
}
