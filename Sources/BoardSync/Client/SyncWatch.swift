import BoardModel
import BoardStore
import Foundation
import PostgresNIO

/// What a watching sync reports, as it happens.
public enum SyncEvent: Sendable {
    /// A round ended well at this clock's moment.
    case synced(RoundSummary, at: BoardClock)
    /// The server is out of reach; changes wait in the outbox and it tries again after `retry` seconds.
    case offline(SyncError, waiting: Int, retry: Int)
    /// The server refused (a password, a permission); it tries again after `retry` seconds.
    case refused(SyncError, retry: Int)
}

/// Sync that stays connected (ARCHITECTURE.md §13): a round at once, then one whenever the server
/// notifies the account's channel (another device pushed), this board has changes waiting (written
/// here or by another process), or a minute has passed (a new day to generate). When the server
/// goes away it reconnects, waiting 1, 2, 4 … up to 30 seconds between tries.
public enum SyncWatch {
    /// Runs until the task is cancelled.
    public static func run(_ store: BoardStore, server: ServerURL, clock: @escaping @Sendable () -> BoardClock,
                           report: @escaping @Sendable (SyncEvent) -> Void) async {
        var backoff = 1
        while !Task.isCancelled {
            let synced = Flag()
            do {
                try await BoardServer.withConnection(server) { connection in
                    let session = SyncConnection(connection: connection, server: server)
                    let channel = try await session.channel()
                    try await connection.listen(on: channel) { notifications in
                        let notified = Flag()
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for try await _ in notifications { notified.set() }
                                throw SyncError.offline("the server closed the connection", server: "\(server.host):\(server.port)")
                            }
                            group.addTask {
                                var last = Date.distantPast
                                while !Task.isCancelled {
                                    if try notified.take() || last.timeIntervalSinceNow < -60 || store.hasChangesToPush() {
                                        let summary = try await SyncRound.run(store, session, clock: clock)
                                        try store.noteSyncRound(problem: nil, clock: clock())
                                        report(.synced(summary, at: clock()))
                                        last = Date()
                                        synced.set()
                                    }
                                    // A write here is pushed within this; the check is one indexed read.
                                    try await Task.sleep(for: .milliseconds(50))
                                }
                            }
                            try await group.next()
                            group.cancelAll()
                        }
                    }
                }
            } catch is CancellationError {
                return
            } catch {
                if synced.take() { backoff = 1 }
                let problem = error as? SyncError ?? .refused("\(error)", server: "\(server.host):\(server.port)")
                try? store.noteSyncRound(problem: problem.reason, clock: clock())
                if case .offline = problem {
                    report(.offline(problem, waiting: (try? store.syncStatus()?.waiting) ?? 0, retry: backoff))
                } else {
                    report(.refused(problem, retry: backoff))
                }
                try? await Task.sleep(for: .seconds(backoff))
                backoff = min(backoff * 2, 30)
            }
        }
    }
}

/// A flag one task sets and another takes.
public final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    public init() {}
    public func set() { lock.withLock { value = true } }
    public func take() -> Bool { lock.withLock { defer { value = false }; return value } }
}

extension SyncEvent {
    /// The event as the screen's status line says it: "Synced 12:03", "Offline — 5 changes waiting",
    /// "Sync refused: password authentication failed for user "ann"".
    public var words: String {
        switch self {
        case .synced(_, let at): "Synced \(at.local.time.description)"
        case .offline(_, let waiting, _): waiting == 0 ? "Offline" : "Offline — \(waiting) \(waiting == 1 ? "change" : "changes") waiting"
        case .refused(let error, _): "Sync refused: \(error.reason.escapedForTerminal)"
        }
    }
}
