import BoardCLI
import BoardModel
import Foundation
import Logging

/// How the server hands its reminders over: the command and grace `remind` and `run` share.
public struct ServerDelivery: Sendable {
    public let command: String?
    public let grace: TimeInterval
    let log: Logger
    /// Counts what was delivered and what failed, when the server keeps metrics.
    var metrics: ServerMetrics?

    /// `grace` in minutes (default 10); refused when negative, or the command is blank.
    public init(command: String?, grace: Int?, log: Logger) throws(BoardError) {
        let minutes = grace ?? 10
        guard minutes >= 0 else { throw BoardError("grace", "must be 0 or more minutes, got \(minutes)") }
        // `sh -c ''` exits 0: every reminder would be marked delivered and nobody told.
        if let command, command.trimmingCharacters(in: .whitespaces).isEmpty {
            throw BoardError("exec", "must be a command for /bin/sh, not empty")
        }
        self.command = command
        self.grace = Double(minutes) * 60
        self.log = log
    }

    /// One pass: says what was missed or cut off, delivers the rest; returns the titles the
    /// command failed on and when the next reminder comes due.
    public func pass(_ reminders: ServerReminders, now: Date) async throws -> (failed: [String], next: Date?) {
        let pass = try await reminders.pass(now: now, grace: grace)
        for problem in pass.problems { log.error("\(problem)") }
        var failed: [String] = []
        for due in pass.due {
            let person = due.person.name
            report(due.interrupted, of: person, "may not have been sent (a reminder pass stopped while sending)", clock: due.clock)
            report(due.missed, of: person, "missed while the server was not reminding", clock: due.clock)
            let notifier = Notifier(command: command, environment: ["BOARD_PERSON": person, "BOARD_TO": due.person.to])
            for claimed in due.deliver {
                let delivered: Bool
                if command == nil {
                    let r = claimed.reminder
                    log.info("Reminder for \(person) (\(due.person.to.escapedForTerminal)): \(r.title.escapedForTerminal) · \(Self.when(r, due.clock))\(claimed.late ? " (late)" : "")")
                    delivered = true
                } else {
                    delivered = notifier.deliver(claimed, clock: due.clock)
                }
                metrics?.reminder(delivered: delivered)
                if !delivered { failed.append(claimed.reminder.title) }
                try due.finish(claimed, delivered: delivered)
            }
        }
        return (failed, pass.next)
    }

    private static func when(_ r: Reminder, _ clock: BoardClock) -> String {
        MonthName.due(r.due.date, r.due.time, in: clock.zone, today: clock.today)
    }

    private func report(_ reminders: [Reminder], of person: String, _ what: String, clock: BoardClock) {
        guard !reminders.isEmpty else { return }
        let list = reminders.map { "\($0.title.escapedForTerminal) (\(Self.when($0, clock)))" }.joined(separator: ", ")
        log.notice("\(person): \(reminders.count) \(reminders.count == 1 ? "reminder" : "reminders") \(what): \(list)")
    }
}
