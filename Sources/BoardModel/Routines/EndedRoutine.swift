/// A routine whose schedule ran out and archived itself (ARCHITECTURE.md §4): the screen says so
/// once, so it never leaves the Templates section without a word.
public struct EndedRoutine: Hashable, Sendable {
    public let title: String
    /// Its end-after-N count, when it had one (else it reached its end date).
    public let times: Int?
    /// Its occurrences not completed: still on the board.
    public let openCards: Int

    public init(title: String, times: Int?, openCards: Int) {
        self.title = title
        self.times = times
        self.openCards = openCards
    }

    /// "Morning routine has run its 5 times and was archived; 4 of its cards are still open".
    public var sentence: String {
        let ran = times.map { "has run its \($0 == 1 ? "1 time" : "\($0) times")" } ?? "reached its end date"
        let open = openCards == 0 ? "" : openCards == 1 ? "; 1 of its cards is still open" : "; \(openCards) of its cards are still open"
        return "\(title.escapedForTerminal) \(ran) and was archived\(open)"
    }
}
