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

    /// "New week: This Week +4 (1 from Weekend, 3 from Next Week); H/L moves any back": one line at
    /// 120 columns whatever moved; nil when nothing did.
    public var sentence: String? {
        guard !moves.isEmpty else { return nil }
        let period = seen.thisWeek != today.thisWeek ? "New week" : seen.saturday != today.saturday ? "The weekend is over" : "New day"
        let byBucket = Dictionary(grouping: moves, by: \.to).sorted { $0.key < $1.key }
        func said(from: Bool) -> String {
            let parts = byBucket.map { to, moves in
                let sources = moves.count == 1 ? "from \(moves[0].from.title)" : moves.map { "\($0.count) from \($0.from.title)" }.joined(separator: ", ")
                return "\(to.title) +\(moves.reduce(0) { $0 + $1.count })" + (from ? " (\(sources))" : "")
            }
            return "\(period): " + parts.joined(separator: ", ") + "; H/L moves any back"
        }
        // Where they came from while that fits the line; else only where they went.
        let whole = said(from: true)
        return whole.count <= Self.longest ? whole : said(from: false)
    }

    /// The status line's width on a 120-column screen.
    static let longest = 119
}
