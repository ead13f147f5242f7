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
