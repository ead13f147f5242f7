import Foundation

/// What `/` finds: cards whose title or one of whose labels contains the query, case folded for
/// every script (É finds é). The store's SQL and the screen's filter while typing both use
/// `fold`, so a card never matches in one and not the other.
public enum CardSearch {
    /// The text as search compares it.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive], locale: nil)
    }

    /// Whether a card with `title` and `labels` matches `query` (every card matches an empty one).
    public static func matches(title: String, labels: [String], query: String) -> Bool {
        guard !query.isEmpty else { return true }
        let needle = fold(query)
        return fold(title).contains(needle) || labels.contains { fold($0).contains(needle) }
    }
}
