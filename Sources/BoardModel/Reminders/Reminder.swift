import Foundation

/// A reminder of an open card with a date and a time (DESIGN.md §5): the instant it is due,
/// N minutes before the card's wall time in the user's time zone (RFC 5545 gaps and overlaps).
public struct Reminder: Hashable, Sendable {
    public let taskId: String
    public let title: String
    public let bucket: String
    /// The card's local due date and time.
    public let due: LocalDateTime
    public let instant: Date
    /// The claim key: the instant in UTC to the second, so an edit that moves the time makes a new reminder.
    public let instantKey: String

    public init(taskId: String, title: String, bucket: String, due: LocalDateTime, minutesBefore: Int, zone: TimeZone) {
        self.taskId = taskId
        self.title = title
        self.bucket = bucket
        self.due = due
        instant = due.instant(in: zone).addingTimeInterval(-Double(minutesBefore) * 60)
        instantKey = Reminder.keyFormatter.string(from: instant)
    }

    // Formatters are slow to make; a pass builds a reminder per open card with a time.
    nonisolated(unsafe) private static let keyFormatter: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f
    }()

    /// What a pass does with a reminder whose instant has come.
    public enum Decision: Hashable, Sendable {
        case deliver(late: Bool)
        case missed
    }

    /// On time within a minute; late within the grace window; missed beyond it.
    public func decision(at now: Date, grace: TimeInterval) -> Decision? {
        let age = now.timeIntervalSince(instant)
        guard age >= 0 else { return nil }
        if age > grace { return .missed }
        return .deliver(late: age > 60)
    }
}
