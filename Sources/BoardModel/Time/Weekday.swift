/// A day of the week. Raw values follow ISO 8601 and python-dateutil: Monday is 0, Sunday is 6.
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

    /// Monday through Friday, the "weekday" and "workday" of the phrase parser.
    public static let workdays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// Saturday and Sunday.
    public static let weekend: [Weekday] = [.saturday, .sunday]

    /// The RFC 5545 two-letter code: MO, TU, …
    public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

    /// The English name: Monday, Tuesday, …
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue]
    }

    /// The three-letter abbreviation: Mon, Tue, …
    public var shortName: String { String(name.prefix(3)) }

    /// Reads an RFC 5545 two-letter code, case-insensitively.
    public init?(code: String) {
        guard let day = Weekday.allCases.first(where: { $0.code == code.uppercased() }) else { return nil }
        self = day
    }

    /// How many days after `start` this weekday falls, 0…6.
    public func daysSince(_ start: Weekday) -> Int { (rawValue - start.rawValue + 7) % 7 }
}
