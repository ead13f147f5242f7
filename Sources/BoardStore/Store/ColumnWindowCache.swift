import BoardModel
import Foundation
import GRDB

/// The window of each kept column the screen read last, kept while the column's version stands
/// (ARCHITECTURE.md §7): the file's triggers move it on every insert, update and delete of a card
/// in the column, whichever process commits it. The screen reads all five windows after every
/// write, and a write changes one column or two. Only the reader fills it, in read transactions,
/// so nothing rolled back is kept.
final class ColumnWindowCache: @unchecked Sendable {
    /// Which rows of the column were read.
    struct Question: Hashable {
        let offset: Int, limit: Int, count: Int?
    }

    private let lock = NSLock()
    private var windows: [Bucket: (version: Int, question: Question, cards: [CardSummary])] = [:]

    /// The column's window `question` asks for: the kept one if the column's version is the one it
    /// was read at, else `read`'s.
    func window(_ column: Bucket, _ question: Question, _ db: Database, read: () throws -> [CardSummary]) throws -> [CardSummary] {
        guard let version = try Schema.columnVersion(column, db) else { return try read() }
        if let kept = lock.withLock({ windows[column] }), kept.version == version, kept.question == question { return kept.cards }
        let cards = try read()
        lock.withLock { windows[column] = (version, question, cards) }
        return cards
    }
}
