/// How long stored text may be, and which characters it may hold. A title is one line a terminal
/// can show, so control characters are refused at the door (they are escaped on the way out too,
/// for text that came in another way). Limits are in characters (ARCHITECTURE.md §8).
public enum TextLimits {
    public static let title = 200
    public static let label = 40
    public static let labels = 20
    public static let step = 200
    public static let habitName = 100
    public static let description = 10_000

    /// Refuses text longer than `limit` characters or holding a control character
    /// (a description may hold line breaks and tabs).
    public static func check(_ text: String, field: Field, limit: Int, multiline: Bool = false) throws(BoardError) {
        // Printable ASCII within the limit in bytes, the common case, needs no scalar or character walk.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return }
        if text.count > limit {
            throw BoardError(field, "at most \(limit) characters, got \(text.count)")
        }
        let allowed: Set<Unicode.Scalar> = multiline ? ["\n", "\t"] : []
        if let bad = text.unicodeScalars.first(where: { TerminalText.isUnsafe($0) && !allowed.contains($0) }) {
            throw BoardError(field, "must not hold control characters such as \(String(bad).escapedForTerminal)\(multiline ? "" : "; it is one line")")
        }
    }
}
