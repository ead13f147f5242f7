import Foundation

/// Where sync's words wait for the screen: sync runs on its own task and posts where it stands;
/// the screen takes the latest between keys and shows it on the status line (ARCHITECTURE.md §13).
public final class SyncStatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: String?

    public init() {}

    public func post(_ words: String) { lock.withLock { latest = words } }

    /// The words posted since the last call, if any.
    func take() -> String? { lock.withLock { defer { latest = nil }; return latest } }
}
