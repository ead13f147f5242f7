import Foundation

/// Whether `board server run` keeps up, as `GET /healthz` answers (ARCHITECTURE.md §21): 200 while
/// every person's tables follow their log within the limit (`--max-lag`), 503 with the first reason
/// when the database is out of reach, the replica's last try failed, a person's rows are refused,
/// or a change has waited longer than the limit.
public final class ServerHealth: @unchecked Sendable {
    /// Seconds a change may wait for the tables.
    public let maxLag: Double
    private let lock = NSLock()
    private var replicaProblem: String?
    private var personProblems: [String: String] = [:]

    public init(maxLag: Double) { self.maxLag = maxLag }

    /// A pass was made: the replica reaches the database again, and each person it moved has
    /// their problem, or none (their tables are written).
    func passed(_ moved: [ServerReplica.Moved]) {
        lock.withLock {
            replicaProblem = nil
            for person in moved { personProblems[person.person] = person.problem }
        }
    }

    /// The replica could not make its pass at all (its connection lost or refused); cleared by the next pass.
    func failed(_ problem: String) { lock.withLock { replicaProblem = problem } }

    /// The answer now, from the lags the database gives (nil: it could not be asked).
    func verdict(lags: [ServerReplica.Lag]?) -> (healthy: Bool, words: String) {
        let (replica, people) = lock.withLock { (replicaProblem, personProblems) }
        return Self.verdict(lags: lags, replicaProblem: replica, personProblems: people, maxLag: maxLag)
    }

    /// The rule itself, pure: the first reason found, else how many people are kept up to date.
    static func verdict(lags: [ServerReplica.Lag]?, replicaProblem: String?, personProblems: [String: String],
                        maxLag: Double) -> (healthy: Bool, words: String) {
        guard let lags else { return (false, "the database is out of reach") }
        if let replicaProblem { return (false, "the replica can't make its pass: \(replicaProblem)") }
        if let (person, problem) = personProblems.sorted(by: { $0.key < $1.key }).first {
            return (false, "\(person): \(problem)")
        }
        if let worst = lags.filter({ ($0.oldestSeconds ?? 0) > maxLag }).max(by: { $0.oldestSeconds! < $1.oldestSeconds! }) {
            let waiting = worst.changes == 1 ? "1 change waits" : "\(worst.changes) changes wait"
            return (false, "\(worst.person): \(waiting), the oldest for \(Int(worst.oldestSeconds!)) s (more than --max-lag \(Int(maxLag)) s)")
        }
        return (true, "ok: \(lags.count) \(lags.count == 1 ? "person" : "people"), each within \(Int(maxLag)) s of their log")
    }
}
