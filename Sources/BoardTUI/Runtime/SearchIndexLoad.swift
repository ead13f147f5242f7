import BoardModel
import BoardStore
import Foundation

/// The search index read on a thread of its own from the moment `/` opens the filter prompt
/// (ARCHITECTURE.md §7): reading it takes a few hundred milliseconds at 100,000 cards, and the
/// screen reads through a pool, so its own reads go on meanwhile. A keystroke before it is read
/// is drawn from the cards in hand; its arrival wakes the screen, which then reads the rest.
final class SearchIndexLoad: @unchecked Sendable {
    private let done = NSCondition()
    private var result: Result<CardSearchIndex, Error>?

    /// Reads by `read` (the store's index, or a test's), waking `wake` once read.
    init(wake: WakePipe, read: @escaping @Sendable () throws -> CardSearchIndex) {
        Thread.detachNewThread { [self] in
            let read = Result { try read() }
            done.withLock {
                result = read
                done.broadcast()
            }
            wake.wake()
        }
    }

    /// Whether the index is read (or its read failed).
    var isReady: Bool { done.withLock { result != nil } }

    /// The index, once read (waiting for it if need be).
    func index() throws -> CardSearchIndex {
        try done.withLock {
            while result == nil { done.wait() }
            return try result!.get()
        }
    }
}
