import Foundation

/// "Now" for the board: an instant and the user's time zone. Everything that depends on
/// the time takes one, so tests and `--now` can run any behaviour at any moment.
public struct BoardClock: Sendable {
    public let instant: Date
    public let zone: TimeZone
    /// ISO 8601 in UTC, for created_at and friends; formatted once, since formatters are slow to make.
    public let timestamp: String
    /// The user's local date and time.
    public let local: LocalDateTime

    public init(instant: Date, zone: TimeZone) {
        self.instant = instant
        self.zone = zone
        timestamp = Self.timestampFormatter.string(from: instant)
        local = LocalDateTime(instant: instant, in: zone)
    }

    /// The clock at a local wall time in `zone` (RFC 5545 rules for gaps and overlaps).
    public init(local: LocalDateTime, zone: TimeZone) {
        self.init(instant: local.instant(in: zone), zone: zone)
    }

    /// ISO8601DateFormatter is thread-safe and slow to make: one for the process (the screen makes a clock every 250 ms).
    nonisolated(unsafe) private static let timestampFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// The instant a stored `timestamp` names; nil for text that isn't one.
    public static func date(fromTimestamp text: String?) -> Date? {
        text.flatMap { timestampFormatter.date(from: $0) }
    }

    /// The user's local date: what "today" means for generation and propagation.
    public var today: LocalDate { local.date }
}
