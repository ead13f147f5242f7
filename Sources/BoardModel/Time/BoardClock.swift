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
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        timestamp = formatter.string(from: instant)
        local = LocalDateTime(instant: instant, in: zone)
    }

    /// The clock at a local wall time in `zone` (RFC 5545 rules for gaps and overlaps).
    public init(local: LocalDateTime, zone: TimeZone) {
        self.init(instant: local.instant(in: zone), zone: zone)
    }

    /// The user's local date: what "today" means for generation and propagation.
    public var today: LocalDate { local.date }
}
