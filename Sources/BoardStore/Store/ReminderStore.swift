import BoardModel
import Foundation
import GRDB

/// A reminder a pass claimed, and what to do with it.
public struct ClaimedReminder: Hashable, Sendable {
    public let reminder: Reminder
    public let late: Bool
}

/// What one reminder pass decided.
public struct ReminderPass: Sendable {
    /// Claimed to deliver now.
    public var deliver: [ClaimedReminder] = []
    /// Older than the grace window: reported in one line, never delivered.
    public var missed: [Reminder] = []
    /// Claimed long ago by a process that never said how the delivery ended (killed mid-send).
    public var interrupted: [Reminder] = []
    /// The next reminder instant still to come within two days, if any: when a watcher should wake.
    public var next: Date?
}

/// Reminders delivered exactly once (ARCHITECTURE.md §5): a pass claims the due ones in the same
/// transaction that decides to send them; the claim's primary key (task, instant) keeps a second
/// process or a restart from claiming them again.
extension BoardStore {
    /// The longest "remind before" a card or template may ask for: a day.
    public static let maxRemindBefore = 1440

    /// How long a claim may stay undecided before a pass reports it as interrupted: longer than any
    /// notifier's three tries should take.
    public static let interruptedAfter: TimeInterval = 600

    /// The reminder of every open card with a date and a time up to two days ahead (a reminder
    /// can come up to a day before its card's date), earliest first.
    /// `near`: only those whose reminder's wall time ("YYYY-MM-DD HH:MM:SS") lies between the two.
    static func openReminders(clock: BoardClock, near: (String, String)? = nil, _ db: Database) throws -> [Reminder] {
        let before = CardTable.remindBefore.column
        let due = "due_date || ' ' || due_time || ':00'"
        // A reminder is never after its card (its lead is 0 to 1,440 minutes), and with no lead it
        // is at the card: plain text comparisons rule most cards out before a wall time is worked out.
        let wallTime = "\(due) >= ?2 AND (\(before) > 0 OR \(due) <= ?3) AND datetime(due_date || ' ' || due_time, '-' || \(before) || ' minutes')"
        // Near a wall time, the due date is bounded too (a reminder comes at most a day early), so
        // the dated cards' index finds the few cards whose wall time is worked out; the date and
        // time as a row value start its range at the first card not due before the window.
        // Kept prepared on the connection, as the step reminders' below: the screen reads them after every write.
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT id, title, bucket, due_date, due_time, \(before), created_at FROM tasks
            WHERE is_completed = 0 AND due_date IS NOT NULL AND due_time IS NOT NULL AND due_date <= ?
            \(near == nil ? "" : "AND (due_date, due_time) >= (substr(?2, 1, 10), substr(?2, 12, 5)) AND due_date <= date(?3, '+1 day') AND \(wallTime) BETWEEN ?2 AND ?3")
            ORDER BY due_date, due_time, rowid
            """), arguments: StatementArguments([clock.today.adding(days: 2)] as [any DatabaseValueConvertible])
                + StatementArguments(near.map { [$0.0, $0.1] } ?? []))
        let cards = rows.map { row in
            Reminder(cardId: row["id"], title: row["title"], bucket: (row["bucket"] as Bucket).cliName,
                     due: LocalDateTime(date: row["due_date"], time: row["due_time"]), minutesBefore: row[before],
                     zone: clock.zone, createdAt: BoardClock.date(fromTimestamp: row["created_at"]))
        }
        let steps = try stepReminders(clock: clock, near: near, db)
        return steps.isEmpty ? cards : (cards + steps).sorted { ($0.instant, $0.claimKey) < ($1.instant, $1.claimKey) }
    }

    /// The reminders of timed steps that remind (ARCHITECTURE.md §5): on each open occurrence of
    /// their template from yesterday to two days ahead, at the step's time that day, while the
    /// occurrence still has the step and it is not ticked.
    static func stepReminders(clock: BoardClock, near: (String, String)?, _ db: Database) throws -> [Reminder] {
        // The templates with a reminding step first, then their cards: SQLite's own choice read every
        // routine's every card and its template, a sixth of a write key at 100,000 cards.
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT t.id, t.title, t.bucket, t.occurrence_date, t.checklist, t.created_at, p.checklist AS steps
            FROM templates p CROSS JOIN tasks t
            WHERE p.checklist LIKE '%"remind"%' AND t.template_id = p.id AND t.is_completed = 0 AND t.occurrence_date BETWEEN ? AND ?
            ORDER BY t.occurrence_date, t.rowid
            """), arguments: [clock.today.adding(days: -1), clock.today.adding(days: 2)])
        var reminders: [Reminder] = []
        for row in rows {
            let steps: [ChecklistStep] = try JSONColumn.array(row["steps"]), items: [ChecklistItem] = try JSONColumn.array(row["checklist"])
            let date: LocalDate = row["occurrence_date"], title: String = row["title"]
            for step in steps where step.reminds {
                guard let time = Checklist.time(of: step.text), items.contains(where: { $0.text == step.text && !$0.done }) else { continue }
                if let (from, to) = near {
                    let wall = date.iso + " " + time.description + ":00"
                    guard wall >= from && wall <= to else { continue }
                }
                reminders.append(Reminder(cardId: row["id"], title: step.text + " · " + title, bucket: (row["bucket"] as Bucket).cliName,
                                          due: LocalDateTime(date: date, time: time), minutesBefore: 0, zone: clock.zone,
                                          createdAt: BoardClock.date(fromTimestamp: row["created_at"]), step: step.text))
            }
        }
        return reminders
    }

    /// The local wall time `seconds` from the clock's instant, as SQLite's `datetime` writes it.
    static func wallTime(_ clock: BoardClock, plus seconds: TimeInterval) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = clock.zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: clock.instant.addingTimeInterval(seconds))
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// Marks claims older than `cutoff` that never finished as failed, and returns them.
    fileprivate static func interruptedClaims(before cutoff: BoardClock, _ db: Database) throws -> [Reminder] {
        let before = CardTable.remindBefore.column
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.task_id, r.instant, t.title, t.bucket, t.due_date, t.due_time, t.\(before)
            FROM reminders r JOIN tasks t ON t.id = r.task_id
            WHERE r.status = 'claimed' AND r.claimed_at < ?
            """, arguments: [cutoff.timestamp])
        // A step's claim is kept under a key of its own, not a card's id: found among the steps'
        // reminders near the cutoff.
        let steps = try Row.fetchAll(db, sql: """
            SELECT r.task_id, r.instant FROM reminders r WHERE r.status = 'claimed' AND r.claimed_at < ?
            AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id = r.task_id)
            """, arguments: [cutoff.timestamp]).map { [$0["task_id"] as String, $0["instant"] as String] }
        try db.execute(sql: "UPDATE reminders SET status = 'failed' WHERE status = 'claimed' AND claimed_at < ?",
                       arguments: [cutoff.timestamp])
        let cards = rows.compactMap { row -> Reminder? in
            guard let date: LocalDate = row["due_date"], let time: LocalTime = row["due_time"] else { return nil }
            return Reminder(cardId: row["task_id"], title: row["title"], bucket: (row["bucket"] as Bucket).cliName,
                            due: LocalDateTime(date: date, time: time), minutesBefore: row[before], zone: cutoff.zone)
        }
        guard !steps.isEmpty else { return cards }
        let claimed = Set(steps)
        return cards + (try stepReminders(clock: cutoff, near: nil, db)).filter { claimed.contains([$0.claimKey, $0.instantKey]) }
    }

}

/// Reminders claimed, delivered once and finished (ARCHITECTURE.md §5): `store.reminders`.
public struct ReminderStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// Reminders claimed, delivered once and finished.
    public var reminders: ReminderStore { ReminderStore(base: self) }
}

extension ReminderStore {
    /// Claims every due, unclaimed reminder of an open card: within `grace` to deliver, older ones as missed.
    /// A process killed between the claim and the delivery loses that reminder (at most once, never twice);
    /// a later pass reports it as interrupted so it doesn't vanish silently.
    public func claimDue(clock: BoardClock, grace: TimeInterval) throws -> ReminderPass {
        try write { db in
            var pass = ReminderPass()
            pass.interrupted = try BoardStore.interruptedClaims(before: BoardClock(instant: clock.instant - BoardStore.interruptedAfter, zone: clock.zone), db)
            let claimed = try db.cachedStatement(sql: "SELECT 1 FROM reminders WHERE task_id = ? AND instant = ?")
            // A claim of the same card within a day of this instant: its time was edited after that
            // reminder was delivered or reported, so the claim follows the card, not only the instant.
            let claimedNear = try db.cachedStatement(sql: """
                SELECT 1 FROM reminders WHERE task_id = ? AND abs(julianday(instant) - julianday(?)) < 1
                """)
            let claim = try db.cachedStatement(sql: "INSERT INTO reminders (task_id, instant, status, claimed_at) VALUES (?, ?, ?, ?)")
            for reminder in try BoardStore.openReminders(clock: clock, db) {
                guard let decision = reminder.decision(at: clock.instant, grace: grace) else {
                    pass.next = min(pass.next ?? reminder.instant, reminder.instant)
                    continue
                }
                guard try Int.fetchOne(claimed, arguments: [reminder.claimKey, reminder.instantKey]) == nil else { continue }
                // Already past, and this card's reminder was dealt with near it: a time edit moved a
                // reminder delivered or reported, which is neither sent nor reported again.
                let past = if case .deliver(let late) = decision { late } else { true }
                if past, try Int.fetchOne(claimedNear, arguments: [reminder.claimKey, reminder.instantKey]) != nil {
                    try claim.execute(arguments: [reminder.claimKey, reminder.instantKey, "missed", clock.timestamp])
                    continue
                }
                switch decision {
                case .deliver(let late):
                    try claim.execute(arguments: [reminder.claimKey, reminder.instantKey, "claimed", clock.timestamp])
                    pass.deliver.append(ClaimedReminder(reminder: reminder, late: late))
                case .missed:
                    try claim.execute(arguments: [reminder.claimKey, reminder.instantKey, "missed", clock.timestamp])
                    pass.missed.append(reminder)
                case .neverDue:
                    try claim.execute(arguments: [reminder.claimKey, reminder.instantKey, "missed", clock.timestamp])
                }
            }
            return pass
        }
    }

    /// Another device of the person claimed these on the server first: this one never delivers them.
    public func claimedElsewhere(_ reminders: [Reminder]) throws {
        guard !reminders.isEmpty else { return }
        try write { db in
            for r in reminders {
                try db.execute(sql: "UPDATE reminders SET status = 'elsewhere' WHERE task_id = ? AND instant = ?", arguments: [r.claimKey, r.instantKey])
            }
        }
    }

    /// Claimed here but not on the server this board syncs with (out of reach, refused): the claims
    /// are let go, so a later pass finds them due again and decides late or missed by the usual rules.
    public func releaseClaims(_ reminders: [Reminder]) throws {
        guard !reminders.isEmpty else { return }
        try write { db in
            for r in reminders {
                try db.execute(sql: "DELETE FROM reminders WHERE task_id = ? AND instant = ?", arguments: [r.claimKey, r.instantKey])
            }
        }
    }

    /// Claimed here while the server was out of reach: they go to the server with the next round.
    public func claimedOffline(_ reminders: [Reminder]) throws {
        guard !reminders.isEmpty else { return }
        try write { db in
            for r in reminders {
                try db.execute(sql: "UPDATE reminders SET pushed = 0 WHERE task_id = ? AND instant = ?", arguments: [r.claimKey, r.instantKey])
            }
        }
    }

    /// Claims made here offline that the server does not have yet (task id, instant).
    public func unpushedClaims() throws -> [(cardId: String, instant: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT task_id, instant FROM reminders WHERE pushed = 0").map { ($0["task_id"], $0["instant"]) }
        }
    }

    /// The server has these claims now.
    public func markClaimsPushed(_ claims: [(cardId: String, instant: String)]) throws {
        guard !claims.isEmpty else { return }
        try write { db in
            for claim in claims {
                try db.execute(sql: "UPDATE reminders SET pushed = 1 WHERE task_id = ? AND instant = ?", arguments: [claim.cardId, claim.instant])
            }
        }
    }

    /// Records how a claimed reminder's delivery ended: delivered, or failed after every try.
    public func finish(_ reminder: Reminder, delivered: Bool, clock: BoardClock) throws {
        try write { db in
            try db.execute(sql: "UPDATE reminders SET status = ?, delivered_at = ? WHERE task_id = ? AND instant = ?",
                           arguments: [delivered ? "delivered" : "failed", clock.timestamp, reminder.claimKey, reminder.instantKey])
        }
    }
}
