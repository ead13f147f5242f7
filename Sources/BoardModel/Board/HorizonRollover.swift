/// What the horizons moved between the last day the screen showed the board and today: the first
/// screen in a new period says it in one line, so no card changes column unseen (ARCHITECTURE.md §15).
public struct HorizonRollover: Hashable, Sendable {
    /// How many cards went from one column to another.
    public struct Move: Hashable, Sendable {
        public let from: Bucket, to: Bucket, count: Int
        public init(from: Bucket, to: Bucket, count: Int) { (self.from, self.to, self.count) = (from, to, count) }
    }

    public let seen: Horizons, today: Horizons
    public let moves: [Move]

    public init(seen: Horizons, today: Horizons, moves: [Move]) {
        self.seen = seen
        self.today = today
        self.moves = moves.sorted { ($0.to, $0.from) < ($1.to, $1.from) }
    }

    /// "New week: 3 cards from Next Week are in This Week, 1 from Weekend"; nil when nothing moved.
    public var sentence: String? {
        guard !moves.isEmpty else { return nil }
        let period = seen.thisWeek != today.thisWeek ? "New week" : seen.saturday != today.saturday ? "The weekend is over" : "New day"
        let byColumn = Dictionary(grouping: moves, by: \.to).sorted { $0.key < $1.key }
        let parts = byColumn.map { to, moves in
            moves.enumerated().map { i, move in
                "\(move.count) \(i == 0 ? (move.count == 1 ? "card " : "cards ") : "")from \(move.from.title)"
            }.joined(separator: ", ") + " \(moves.count == 1 && moves[0].count == 1 ? "is" : "are") in \(to.title)"
        }
        return "\(period): " + parts.joined(separator: "; ") + " (move any back with H/L)"
    }
}
