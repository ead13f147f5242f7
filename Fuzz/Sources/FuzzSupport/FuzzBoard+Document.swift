import BoardModel
import BoardStore
import Foundation

extension FuzzBoard {
    /// The board as a document, as `board export` writes it.
    public static func document(of store: BoardStore, target: String) -> String {
        var text = ""
        do { try store.exchange.export { text += $0 } } catch { Refusal.finding(target, "export failed: \(error)") }
        return text
    }

    /// Imports a document that must take.
    public static func importing(_ data: Data, into store: BoardStore, target: String, what: String) -> ImportSummary {
        do { return try store.exchange.importDocument(data, dryRun: false, clock: clock) } catch {
            Refusal.finding(target, "\(what) was refused: \(error)")
        }
    }
}

extension ImportSummary {
    /// Whether any row was added or updated.
    public var changedAnything: Bool { [templates, cards, habits, entries].contains { $0.added + $0.updated > 0 } }
}
