/// One entry of a rule's weekdays (RFC 5545 BYDAY): every Monday, or the nth Monday
/// of the month or year (1…5 from the start, -1…-5 from the end).
public struct WeekdaySelector: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let weekday: Weekday
    /// nil for every such weekday; ±1…5 for the nth one.
    public let ordinal: Int?

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
        self.weekday = weekday
        self.ordinal = ordinal
    }

    public static func < (a: WeekdaySelector, b: WeekdaySelector) -> Bool {
        (a.ordinal ?? 0, a.weekday.rawValue) < (b.ordinal ?? 0, b.weekday.rawValue)
    }

    /// RRULE form: `MO`, `1MO`, `-1FR`.
    public var description: String { (ordinal.map(String.init) ?? "") + weekday.code }

    /// Reads the RRULE form; nil when it is not one.
    public init?(rrule text: some StringProtocol) {
        let s = text.uppercased()
        guard s.count >= 2, let day = Weekday(code: String(s.suffix(2))) else { return nil }
        let number = s.dropLast(2)
        if number.isEmpty {
            self.init(day)
            return
        }
        let sign = number.first == "-" ? -1 : 1
        let digits = number.first == "-" || number.first == "+" ? number.dropFirst() : number[...]
        guard let n = Int.decimal(digits) else { return nil }
        self.init(day, ordinal: sign * n)
    }
}
