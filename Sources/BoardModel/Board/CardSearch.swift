import Foundation

/// What `/` finds: cards whose title or one of whose labels contains the query, case folded for
/// every script (É finds é). The search index (`CardSearchIndex`) and the filter of the cards in
/// hand both use `fold` and one byte search, so a card never matches in one and not the other.
public enum CardSearch {
    /// The text as search compares it. ASCII text is only lowercased (what folding does to it),
    /// without Foundation's slower general path: the screen folds every card it shows while typing.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive], locale: nil)
    }

    /// Appends the UTF-8 text `utf8` folded, as `fold` folds it, to `folded`: the search index
    /// folds 100,000 titles when a search starts, and ASCII is lowercased in place, byte by byte.
    public static func appendFolded(_ utf8: UnsafeBufferPointer<UInt8>, to folded: inout [UInt8]) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let start = folded.count
            folded.append(contentsOf: utf8)
            folded.withUnsafeMutableBufferPointer { folded in
                for i in start..<folded.count where folded[i] >= 0x41 && folded[i] <= 0x5A { folded[i] += 0x20 }
            }
        } else {
            folded.append(contentsOf: fold(String(decoding: utf8, as: UTF8.self)).utf8)
        }
    }

    /// Whether a card with `title` and `labels` matches `query` (every card matches an empty one).
    /// The folded texts are compared byte by byte, as `CardSearchIndex` compares them.
    public static func matches(title: String, labels: [String], query: String) -> Bool {
        guard !query.isEmpty else { return true }
        let needle = Array(fold(query).utf8)
        return contains(fold(title), needle) || labels.contains { contains(fold($0), needle) }
    }

    private static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { CardSearchIndex.contains($0, needle) }
    }
}
