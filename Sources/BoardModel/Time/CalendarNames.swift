import Foundation

/// English month names for summaries and the phrase parser.
public enum MonthName {
    public static let full = ["January", "February", "March", "April", "May", "June", "July",
                              "August", "September", "October", "November", "December"]

    /// "Jan" … "Dec".
    public static func short(_ month: Int) -> String { String(full[month - 1].prefix(3)) }

    /// "Tue Nov 24 07:30": how cards write when they are due; a date outside `today`'s year shows
    /// its year ("Mon Nov 22, 2027 07:30"), so a yearly list never reads as one week. Given the
    /// user's zone, a wall time that doesn't exist there (02:30 on a spring-forward day) is shown
    /// as the instant it means (03:30).
    public static func due(_ date: LocalDate, _ time: LocalTime?, in zone: TimeZone? = nil, today: LocalDate) -> String {
        var date = date, time = time
        if let zone, let wall = time {
            let shown = LocalDateTime(instant: LocalDateTime(date: date, time: wall).instant(in: zone), in: zone)
            (date, time) = (shown.date, shown.time)
        }
        let year = date.year == today.year ? "" : ", \(date.year)"
        return "\(date.weekday.shortName) \(short(date.month)) \(date.day)\(year)" + (time.map { " " + $0.description } ?? "")
    }

    /// "Dec 31, 2026": how summaries write a date.
    public static func display(_ date: LocalDate) -> String {
        let (y, m, d) = date.parts
        return "\(short(m)) \(d), \(y)"
    }
}

/// English ordinals: 1st, 2nd, 3rd, 4th, 11th, 21st.
public func ordinalSuffix(_ n: Int) -> String {
    let tens = (n / 10) % 10, ones = n % 10
    if tens == 1 { return "\(n)th" }
    switch ones {
    case 1: return "\(n)st"
    case 2: return "\(n)nd"
    case 3: return "\(n)rd"
    default: return "\(n)th"
    }
}
