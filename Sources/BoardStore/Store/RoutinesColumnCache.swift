import BoardModel
import Foundation
import GRDB

/// The templates the Routines column shows and every template's title, as last read, kept while
/// the file's `routines_version` has not moved (ARCHITECTURE.md §7). The screen reads both again
/// after every write; most writes are to plain cards, which leave them as they were. Only the
/// reader fills it, in read transactions, so nothing rolled back is kept.
final class RoutinesColumnCache: @unchecked Sendable {
    /// What an overview depends on besides the rows: the minute and zone it was read at (its next
    /// run), and which templates were asked for.
    struct Question: Hashable {
        let now: LocalDateTime, zone: String
        let limit: Int?, includingArchived: Bool
    }

    private let lock = NSLock()
    private var overviews: (version: Int, question: Question, value: [TemplateOverview])?
    private var titles: (version: Int, value: [String: String])?

    /// The overviews `question` asks for: kept ones if the version is the one they were read at, else `read`'s.
    func overviews(_ db: Database, _ question: Question, read: () throws -> [TemplateOverview]) throws -> [TemplateOverview] {
        guard let version = try Schema.routinesVersion(db) else { return try read() }
        if let kept = lock.withLock({ overviews }), kept.version == version, kept.question == question { return kept.value }
        let value = try read()
        lock.withLock { overviews = (version, question, value) }
        return value
    }

    /// Every template's title by id: kept ones if the version is the one they were read at, else `read`'s.
    func titles(_ db: Database, read: () throws -> [String: String]) throws -> [String: String] {
        guard let version = try Schema.routinesVersion(db) else { return try read() }
        if let kept = lock.withLock({ titles }), kept.version == version { return kept.value }
        let value = try read()
        lock.withLock { titles = (version, value) }
        return value
    }
}
