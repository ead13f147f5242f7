import Foundation

/// A reminder of an open card with a date and a time, or of a timed step of a routine's
/// occurrence (ARCHITECTURE.md §5): the instant it is due, N minutes before the wall time in the
/// user's time zone (RFC 5545 gaps and overlaps).
public struct Reminder: Hashable, Sendable {
    public let cardId: String
    /// What its claim is kept under: the card's id, or for a step one derived from the card and
    /// the step, so a card's reminder and its steps' are claimed apart.
    public let claimKey: String
    public let title: String
    public let bucket: String
    /// The card's local due date and time.
    public let due: LocalDateTime
    /// When the reminder goes off: the due instant minus the minutes before.
    public let instant: Date
    /// The card's own date and time as an instant.
    public let dueInstant: Date
    /// The claim key: the instant in UTC to the second, so an edit that moves the time makes a new reminder.
    public let instantKey: String

    /// When the card was made: a reminder whose moment came before it was never missed.
    public let createdAt: Date?

    public init(cardId: String, title: String, bucket: String, due: LocalDateTime, minutesBefore: Int, zone: TimeZone,
                createdAt: Date? = nil, step: String? = nil) {
        self.createdAt = createdAt
        self.cardId = cardId
        claimKey = step.map { NameBasedId.uuid5(namespace: NameBasedId.namespace, name: "step-reminder:" + cardId + ":" + $0) } ?? cardId
        self.title = title
        self.bucket = bucket
        self.due = due
        dueInstant = due.instant(in: zone)
        instant = dueInstant.addingTimeInterval(-Double(minutesBefore) * 60)
        instantKey = BoardClock.timestamp(of: instant, milliseconds: false)
    }

    /// What a pass does with a reminder whose instant has come.
    public enum Decision: Hashable, Sendable {
        case deliver(late: Bool)
        case missed
        /// Its moment came before the card existed: nothing was missed, so nothing is said.
        case neverDue
    }

    /// On time within a minute; late within the grace window; missed beyond it. A reminder whose
    /// moment passed before its card was made is delivered at once while the card's own time is
    /// still ahead (remind me 60 minutes before, of a card made 30 minutes before), else never.
    public func decision(at now: Date, grace: TimeInterval) -> Decision? {
        let age = now.timeIntervalSince(instant)
        guard age >= 0 else { return nil }
        if let createdAt, instant < createdAt {
            return now < dueInstant ? .deliver(late: false) : .neverDue
        }
        if age > grace { return .missed }
        return .deliver(late: age > 60)
    }
}
