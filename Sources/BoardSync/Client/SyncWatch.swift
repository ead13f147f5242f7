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
    /// How the watch hears of changes now: "through the realtime channel at …", "by polling …".
    case listening(String)
}

/// Sync that keeps watching (ARCHITECTURE.md §13, §19): a round at once, then one whenever the
/// server says the account's log moved (`Listening`: the realtime channel, else polling), this
/// board has changes waiting (written here or by another process), or a minute's generation made
/// some. Each round is a short connection of its own, so an idle watch holds none; between them it
/// sleeps until one of those wakes it (the board's file written, the channel, the minute), never
/// looking on a short timer. When the server is out of reach it tries again after 1, 2, 4 … up to 30 seconds.
public enum SyncWatch {
    /// Runs until the task is cancelled.
    public static func run(_ store: BoardStore, server: ServerURL, clock: @escaping @Sendable () -> BoardClock,
                           report: @escaping @Sendable (SyncEvent) -> Void) async {
        let wake = Flag(), saying = Said()
        let heard = Flag(waking: wake)
        let files = FileWake(path: store.path, wake: wake)
        defer { files.stop() }
        await withTaskGroup(of: Void.self) { group in
            // The minute's generation.
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(60))
                    wake.set()
                }
            }
            group.addTask {
                await Listening.run(store, server: server, heard: heard) { words in
                    guard saying.changed(to: words) else { return }
                    try? store.sync.noteListening(words, clock: clock())
                    report(.listening(words))
                }
            }
            group.addTask { await rounds(store, server: server, clock: clock, heard: heard, wake: wake, report: report) }
            await group.next()
            group.cancelAll()
        }
    }

    private static func rounds(_ store: BoardStore, server: ServerURL, clock: @escaping @Sendable () -> BoardClock, heard: Flag,
                               wake: Flag, report: @escaping @Sendable (SyncEvent) -> Void) async {
        var backoff = Backoff.reconnect, due = true, minute = Date()
        while !Task.isCancelled {
            // A new day's occurrences are made here; the round that pushes them follows.
            if minute.timeIntervalSinceNow < -59 {
                minute = Date()
                _ = try? store.routines.generate(clock: clock())
            }
            if heard.take() || due || (try? store.sync.hasChangesToPush()) == true {
                due = false
                do {
                    let summary = try await SyncRound.run(store, server: server, clock: clock)
                    report(.synced(summary, at: clock()))
                    backoff.reset()
                } catch is CancellationError {
                    return
                } catch {
                    let problem = error as? SyncError ?? .refused("\(error)", server: "\(server.host):\(server.port)")
                    let retry = backoff.next()
                    if case .offline = problem {
                        report(.offline(problem, waiting: (try? store.sync.status()?.waiting) ?? 0, retry: Int(retry)))
                    } else {
                        report(.refused(problem, retry: Int(retry)))
                    }
                    try? await Task.sleep(for: .seconds(retry))
                    due = true
                    continue
                }
            }
            // Asleep until something may have happened: a write to the board, the channel, the minute.
            await wake.wait()
            _ = wake.take()
        }
    }
}

/// Sets `wake` whenever someone commits to the board's file, from a thread of its own that sleeps
/// in inotify (`ChangeWatcher`; without it, every second); `stop` ends it within half a minute.
private final class FileWake: @unchecked Sendable {
    private let stopped = Flag()

    init(path: String, wake: Flag) {
        Thread.detachNewThread { [stopped] in
            let watcher = try? ChangeWatcher(path: path)
            while !stopped.isSet {
                if let watcher {
                    if (try? watcher.waitForChange(seconds: 30)) != false { wake.set() }
                } else {
                    Thread.sleep(forTimeInterval: 1)
                    wake.set()
                }
            }
        }
    }

    func stop() { stopped.set() }
}

/// The last words said, so each is said once.
private final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var last: String?
    func changed(to words: String) -> Bool { lock.withLock { defer { last = words }; return last != words } }
}

extension SyncEvent {
    /// The event as the screen's status line says it: "Synced 12:03", "Offline — 5 changes waiting",
    /// "Sync refused: password authentication failed for user "ann"".
    public var words: String {
        switch self {
        case .synced(_, let at): "Synced \(at.local.time.description)"
        case .offline(_, let waiting, _): waiting == 0 ? "Offline" : "Offline — \(waiting) \(waiting == 1 ? "change" : "changes") waiting"
        case .refused(let error, _): "Sync refused: \(error.reason.escapedForTerminal)"
        case .listening(let how): "Watching " + how.escapedForTerminal
        }
    }
}
