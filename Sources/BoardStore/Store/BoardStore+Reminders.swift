import BoardModel
import Foundation
import GRDB

/// A reminder a pass claimed, and what to do with it.
public struct ClaimedReminder: Hashable, Sendable {
    public let reminder: Reminder
    public let late: Bool
}

/// Reminders delivered exactly once (DESIGN.md §5): a pass claims the due ones in the same
/// transaction that decides to send them; the claim's primary key (task, instant) keeps a second
/// process or a restart from claiming them again.
extension BoardStore {
    /// The longest "remind before" a card or template may ask for: a day.
    public static let maxRemindBefore = 1440

    /// Claims every due, unclaimed reminder of an open card: within `grace` to deliver, older ones as missed.
    public func claimDueReminders(clock: BoardClock, grace: TimeInterval) throws -> (deliver: [ClaimedReminder], missed: [Reminder]) {
        try database.write { db in
            // A reminder can come up to a day before its card's date.
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, title, bucket, due_date, due_time, remind_before_min FROM tasks
                WHERE is_completed = 0 AND due_date IS NOT NULL AND due_time IS NOT NULL AND due_date <= ?
                ORDER BY due_date, due_time, rowid
                """, arguments: [clock.today.adding(days: 2)])
            let claimed = try db.cachedStatement(sql: "SELECT 1 FROM reminders WHERE task_id = ? AND instant = ?")
            let claim = try db.cachedStatement(sql: "INSERT INTO reminders (task_id, instant, status, claimed_at) VALUES (?, ?, ?, ?)")
            var deliver: [ClaimedReminder] = [], missed: [Reminder] = []
            for row in rows {
                let due = LocalDateTime(date: row[3], time: row[4])
                let reminder = Reminder(taskId: row[0], title: row[1], bucket: (row[2] as Bucket).cliName, due: due,
                                        minutesBefore: row[5], zone: clock.zone)
                guard let decision = reminder.decision(at: clock.instant, grace: grace),
                      try Int.fetchOne(claimed, arguments: [reminder.taskId, reminder.instantKey]) == nil else { continue }
                switch decision {
                case .deliver(let late):
                    try claim.execute(arguments: [reminder.taskId, reminder.instantKey, "claimed", clock.timestamp])
                    deliver.append(ClaimedReminder(reminder: reminder, late: late))
                case .missed:
                    try claim.execute(arguments: [reminder.taskId, reminder.instantKey, "missed", clock.timestamp])
                    missed.append(reminder)
                }
            }
            return (deliver, missed)
        }
    }

    /// Records how a claimed reminder's delivery ended: delivered, or failed after every try.
    public func finishReminder(_ reminder: Reminder, delivered: Bool, clock: BoardClock) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE reminders SET status = ?, delivered_at = ? WHERE task_id = ? AND instant = ?",
                           arguments: [delivered ? "delivered" : "failed", clock.timestamp, reminder.taskId, reminder.instantKey])
        }
    }
}
