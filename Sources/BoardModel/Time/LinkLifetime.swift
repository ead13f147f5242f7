/// How long a routine's link opens its page (`board share --link --expires`, ARCHITECTURE.md §22):
/// `7d`, `2w`, up to 365 days, or `never`.
public enum LinkLifetime {
    public static let maximumDays = 365

    /// The days `given` says; nil for `never`.
    public static func days(_ given: String) throws(BoardError) -> Int? {
        if given == "never" { return nil }
        let refusal = BoardError("expires", "must be a number of days or weeks from 1 day to \(maximumDays) days (7d, 2w), or never, got '\(given.echoed)'")
        guard let unit = given.last, unit == "d" || unit == "w", given.count <= 4,
              let count = Int(given.dropLast()), count > 0, !given.hasPrefix("+") else { throw refusal }
        let days = unit == "w" ? count * 7 : count
        guard days <= maximumDays else { throw refusal }
        return days
    }
}
