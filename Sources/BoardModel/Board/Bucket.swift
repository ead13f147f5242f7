/// A column of the board. Routines is last and holds templates and their occurrences.
public enum Bucket: String, CaseIterable, Hashable, Sendable, Codable {
    case thisWeek = "THIS_WEEK", weekend = "WEEKEND", nextWeek = "NEXT_WEEK", nextMonth = "NEXT_MONTH", routines = "ROUTINES"

    /// "This Week", "Weekend", …
    public var title: String {
        switch self {
        case .thisWeek: "This Week"
        case .weekend: "Weekend"
        case .nextWeek: "Next Week"
        case .nextMonth: "Next Month"
        case .routines: "Routines"
        }
    }

    /// The command-line spelling: this-week, weekend, next-week, next-month, routines.
    public var cliName: String {
        switch self {
        case .thisWeek: "this-week"
        case .weekend: "weekend"
        case .nextWeek: "next-week"
        case .nextMonth: "next-month"
        case .routines: "routines"
        }
    }

    /// Reads `this-week`, `THIS_WEEK`, `this_week` or the name the screen shows, `This Week`.
    public init(parsing text: String) throws(BoardError) {
        // The spelling `list --json` and `export` write, read without building a key.
        if let bucket = Bucket.allCases.first(where: { $0.cliName == text }) {
            self = bucket
            return
        }
        let key = text.trimmingSpaces.uppercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        guard let bucket = Bucket(rawValue: key) else {
            throw BoardError("bucket", "'\(text.echoed)' is not a bucket; use \(Bucket.allCases.map(\.cliName).joined(separator: ", "))")
        }
        self = bucket
    }

    /// Where a dated card from elsewhere goes (ARCHITECTURE.md §11): the coming weekend (today's,
    /// when today is Saturday or Sunday) is Weekend, what is due before it or is overdue This Week,
    /// the seven days after it Next Week, later Next Month; an undated card This Week.
    public static func forDue(_ due: LocalDate?, today: LocalDate) -> Bucket {
        guard let due else { return .thisWeek }
        let saturday = today.weekday == .sunday ? today.adding(days: -1) : today.adding(days: Weekday.saturday.daysSince(today.weekday))
        let nextMonday = saturday.adding(days: 2)
        if due < saturday { return .thisWeek }
        if due < nextMonday { return .weekend }
        if due < nextMonday.adding(days: 7) { return .nextWeek }
        return .nextMonth
    }
}

extension Bucket: Comparable {
    /// Board order: This Week first, Routines last.
    public static func < (a: Bucket, b: Bucket) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}
