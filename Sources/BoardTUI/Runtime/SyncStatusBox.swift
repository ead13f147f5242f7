import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where sync's words wait for the screen: sync runs on its own task and posts where it stands;
/// the screen takes the latest between keys and shows it on the status line (ARCHITECTURE.md §13).
/// A post also writes a byte to a pipe the screen sleeps on (`descriptor`), so it wakes to say it
/// without looking on a timer.
public final class SyncStatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: String?
    private var pipeEnds: [Int32] = [-1, -1]

    public init() {
        if pipe(&pipeEnds) == 0 {
            for end in pipeEnds { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
    }

    deinit { for end in pipeEnds where end >= 0 { close(end) } }

    /// What the screen polls beside the keyboard: readable once words are posted.
    var descriptor: Int32? { pipeEnds[0] >= 0 ? pipeEnds[0] : nil }

    public func post(_ words: String) {
        lock.withLock { latest = words }
        var byte: UInt8 = 1
        if pipeEnds[1] >= 0 { _ = write(pipeEnds[1], &byte, 1) }
    }

    /// The words posted since the last call, if any.
    func take() -> String? {
        var bytes = [UInt8](repeating: 0, count: 64)
        if pipeEnds[0] >= 0 { while read(pipeEnds[0], &bytes, bytes.count) > 0 {} }
        return lock.withLock { defer { latest = nil }; return latest }
    }
}
