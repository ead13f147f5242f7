/// A date and a wall-clock time with no time zone ("floating" in RFC 5545 terms).
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    public let time: LocalTime

    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.date, a.time.minuteOfDay) < (b.date, b.time.minuteOfDay)
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var description: String { date.iso + "T" + time.description }

    /// Parses `YYYY-MM-DDTHH:MM` (a space may stand for the `T`; seconds `:00` are accepted).
    public init?(iso text: some StringProtocol) {
        let s = String(text)
        guard let sep = s.firstIndex(where: { $0 == "T" || $0 == " " }),
              let date = LocalDate(iso: s[..<sep]) else { return nil }
        var timeText = s[s.index(after: sep)...]
        if timeText.count == 8, timeText.hasSuffix(":00") { timeText = timeText.dropLast(3) }
        guard let time = LocalTime(iso: timeText) else { return nil }
        self.init(date: date, time: time)
    }
}
