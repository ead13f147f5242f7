import Foundation

/// Where sync's words wait for the screen: sync runs on its own task and posts where it stands;
/// the screen takes the latest between keys and shows it on the status line (ARCHITECTURE.md §13).
/// A post also wakes the screen (`WakePipe`), so it says it without looking on a timer.
public final class SyncStatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: String?
    private let pipe = WakePipe()

    public init() {}

    /// What the screen polls beside the keyboard: readable once words are posted.
    var descriptor: Int32? { pipe.descriptor }

    public func post(_ words: String) {
        lock.withLock { latest = words }
        pipe.wake()
    }

    /// The words posted since the last call, if any.
    func take() -> String? {
        pipe.drain()
        return lock.withLock { defer { latest = nil }; return latest }
    }
}
