/// How often a habit is meant to happen (ARCHITECTURE.md §5): `count` entries a day, a week or a
/// month. A period is met when its entries reach the count; "daily" (once a day) is every habit's
/// target until the user gives another.
public struct HabitTarget: Hashable, Sendable, CustomStringConvertible {
    /// The span a target counts entries over.
    public enum Period: String, Hashable, Sendable, CaseIterable {
        case day, week, month
    }

    public let count: Int
    public let period: Period

    /// The most entries a target may ask for in one period.
    public static let maximum = 100
    /// Once a day: a habit's target unless the user gave another.
    public static let daily = HabitTarget(unchecked: 1, .day)

    private init(unchecked count: Int, _ period: Period) {
        self.count = count
        self.period = period
    }

    public init(count: Int, period: Period) throws(BoardError) {
        guard (1...Self.maximum).contains(count) else {
            throw BoardError("target", "must be from 1 to \(Self.maximum) times a \(period.rawValue), got \(count)")
        }
        self.init(unchecked: count, period)
    }

    /// The stored form, "3/day", "4/week", "2/month".
    public var text: String { "\(count)/\(period.rawValue)" }
    public var description: String { text }

    /// Reads the stored form; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        // One spelling per target: no leading zero, no sign.
        guard parts.count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[0].count <= 3, let n = Int(parts[0]),
              String(n) == parts[0], let period = Period(rawValue: String(parts[1])), (1...Self.maximum).contains(n) else { return nil }
        self.init(unchecked: n, period)
    }

    /// In words: "daily", "3 times a day", "once a week", "twice a month".
    public var summary: String {
        let times = switch count {
        case 1: "once"
        case 2: "twice"
        default: "\(count) times"
        }
        return count == 1 && period == .day ? "daily" : "\(times) a \(period.rawValue)"
    }

    /// The first day of the period `date` falls in.
    public func start(of date: LocalDate, weekStart: Weekday) -> LocalDate {
        switch period {
        case .day: date
        case .week: date.startOfWeek(weekStart)
        case .month: LocalDate(year: date.year, month: date.month, day: 1)!
        }
    }

    /// The first day of the period after the one starting on `start`.
    public func next(after start: LocalDate) -> LocalDate {
        switch period {
        case .day: start.adding(days: 1)
        case .week: start.adding(days: 7)
        case .month: start.adding(months: 1)
        }
    }

    /// The first day of the period before the one starting on `start`.
    public func previous(before start: LocalDate) -> LocalDate {
        switch period {
        case .day: start.adding(days: -1)
        case .week: start.adding(days: -7)
        case .month: start.adding(months: -1)
        }
    }
}

extension HabitTarget {
    /// Reads what a person types: "3 times a day", "8x a day", "4 times a week", "twice a month",
    /// "once a week", "daily", "weekly", "monthly", or the stored "3/day".
    public init(phrase: String) throws(BoardError) {
        let words = phrase.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let rule = "must be like '3 times a day', '4 times a week' or 'twice a month'"
        func refused() -> BoardError { BoardError("target", "\(rule), got '\(phrase.echoed)'") }
        if words.count == 1, let stored = HabitTarget(text: words[0]) {
            self = stored
            return
        }
        if words.count == 1, let word = words.first {
            switch word {
            case "daily": self = .daily
            case "weekly": self.init(unchecked: 1, .week)
            case "monthly": self.init(unchecked: 1, .month)
            default: throw refused()
            }
            return
        }
        var rest = words[...]
        // The count: a number, a number with "x" ("8x"), or a word.
        guard let first = rest.popFirst() else { throw refused() }
        let numbers = ["once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                       "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12]
        let count: Int
        if let n = numbers[first] {
            count = n
        } else {
            let digits = first.hasSuffix("x") ? String(first.dropLast()) : first
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { throw refused() }
            count = n
        }
        if let word = rest.first, ["times", "time", "x"].contains(word) { rest = rest.dropFirst() }
        // The period: "a day", "per week", "each month", "every day", or "daily".
        if let word = rest.first, ["a", "an", "per", "each", "every"].contains(word) { rest = rest.dropFirst() }
        let periods: [String: Period] = ["day": .day, "daily": .day, "week": .week, "weekly": .week, "month": .month, "monthly": .month]
        guard rest.count == 1, let period = periods[rest.first!] else { throw refused() }
        try self.init(count: count, period: period)
    }
}

extension HabitTarget: Codable {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let target = HabitTarget(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a habit target: \(text)"))
        }
        self = target
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
