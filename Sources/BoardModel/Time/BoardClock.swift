import Foundation

/// "Now" for the board: an instant and the user's time zone. Everything that depends on
/// the time takes one, so tests and `--now` can run any behaviour at any moment.
public struct BoardClock: Sendable {
    public let instant: Date
    public let zone: TimeZone
    /// ISO 8601 in UTC with milliseconds, for created_at and friends.
    public let timestamp: String
    /// The user's local date and time.
    public let local: LocalDateTime

    public init(instant: Date, zone: TimeZone) {
        self.instant = instant
        self.zone = zone
        timestamp = Self.timestamp(of: instant)
        local = LocalDateTime(instant: instant, in: zone)
    }

    /// The clock at a local wall time in `zone` (RFC 5545 rules for gaps and overlaps).
    public init(local: LocalDateTime, zone: TimeZone) {
        self.init(instant: local.instant(in: zone), zone: zone)
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ` (or without `.sss`), the millisecond the instant falls in, with
    /// integer arithmetic: ISO8601DateFormatter loads ICU, a millisecond of every command's start.
    public static func timestamp(of instant: Date, milliseconds: Bool = true) -> String {
        // To the microsecond first: a Date is a Double, and 0.001 s may be stored a hair below it.
        let micros = Int((instant.timeIntervalSince1970 * 1e6).rounded())
        let millis = micros.floorDiv(1_000), seconds = millis.floorDiv(1_000)
        let day = LocalDate(dayNumber: seconds.floorDiv(86_400)), s = seconds.floorMod(86_400)
        let time = day.iso + "T" + (s / 3600).zeroPadded(2) + ":" + (s / 60 % 60).zeroPadded(2) + ":" + (s % 60).zeroPadded(2)
        return time + (milliseconds ? "." + millis.floorMod(1_000).zeroPadded(3) : "") + "Z"
    }

    /// For text that isn't Board's own form only: made on first use, since it loads ICU.
    nonisolated(unsafe) private static let timestampFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// The instant a stored `timestamp` names; nil for text that isn't one. Board's own timestamps
    /// (`YYYY-MM-DDTHH:MM:SS.sssZ`) are read with integer arithmetic: the reminder pass reads one per
    /// open card, and a formatter would take most of a frame for thousands of them.
    public static func date(fromTimestamp text: String?) -> Date? {
        guard let text else { return nil }
        let utf8 = Array(text.utf8)
        guard utf8.count == 24, utf8[4] == 45, utf8[7] == 45, utf8[10] == 84, utf8[13] == 58, utf8[16] == 58, utf8[19] == 46,
              utf8[23] == 90 else { return timestampFormatter.date(from: text) }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for byte in utf8[range] {
                guard (48...57).contains(byte) else { return nil }
                n = n * 10 + Int(byte - 48)
            }
            return n
        }
        guard let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10), let h = number(11..<13),
              let mi = number(14..<16), let s = number(17..<19), let ms = number(20..<23),
              let date = LocalDate(year: y, month: mo, day: d) else { return timestampFormatter.date(from: text) }
        let seconds = Double(date.dayNumber * 86_400 + h * 3_600 + mi * 60 + s) + Double(ms) / 1_000
        return Date(timeIntervalSince1970: seconds)
    }

    /// The user's local date: what "today" means for generation and propagation.
    public var today: LocalDate { local.date }
}
