import BoardModel
import BoardStore
import Foundation

/// The search index read on a thread of its own from the moment `/` opens the filter prompt
/// (ARCHITECTURE.md §7): a person's first keystroke comes a tenth of a second or more later, and
/// finds it read. Reading it takes a few hundred milliseconds at 100,000 cards; the screen reads
/// through a pool, so its reads go on meanwhile.
final class SearchIndexLoad: @unchecked Sendable {
    private let done = NSCondition()
    private var result: Result<CardSearchIndex, Error>?

    init(_ store: BoardStore, _ horizons: Horizons) {
        Thread.detachNewThread { [self] in
            let read = Result { try store.reader.searchIndex(horizons) }
            done.withLock {
                result = read
                done.broadcast()
            }
        }
    }

    /// The index, once read (waiting for it if need be).
    func index() throws -> CardSearchIndex {
        try done.withLock {
            while result == nil { done.wait() }
            return try result!.get()
        }
    }
}
