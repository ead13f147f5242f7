import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pipe the screen's loop sleeps on beside the keyboard: work done on another thread (sync's
/// words, the filter's search index read) writes a byte to it, and the screen wakes to show it
/// without looking on a timer (ARCHITECTURE.md §6).
final class WakePipe: @unchecked Sendable {
    private var ends: [Int32] = [-1, -1]

    init() {
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
    }

    deinit { for end in ends where end >= 0 { close(end) } }

    /// What the screen polls beside the keyboard: readable once woken.
    var descriptor: Int32? { ends[0] >= 0 ? ends[0] : nil }

    /// Makes the descriptor readable; from any thread.
    func wake() {
        var byte: UInt8 = 1
        if ends[1] >= 0 { _ = write(ends[1], &byte, 1) }
    }

    /// Empties the pipe, so the screen sleeps again until the next `wake`.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        if ends[0] >= 0 { while read(ends[0], &bytes, bytes.count) > 0 {} }
    }
}
