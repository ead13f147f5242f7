import BoardCLI
import BoardModel
import BoardStore
import BoardServer
import BoardSync
import Foundation

/// `board server remind`: one pass of the reminders the server sends (ARCHITECTURE.md §17); `board
/// server run --exec` makes the same pass every minute, and sooner when a reminder comes due.
struct ServerRemind: Command {
    static let info = SyncCommands.serverRemind.runs(Self.self)

    let server: String, state: String?, command: String?, grace: Int?, now: String?

    init(_ given: ParsedArguments) throws {
        server = try given[SyncCommands.Replica.server]
        state = try given[SyncCommands.Replica.state]
        command = try given[SyncCommands.Remind.exec]
        grace = try given[SyncCommands.Remind.grace]
        now = try given[SyncCommands.Remind.now]
    }

    func run() throws {
        let delivery = try ServerDelivery(command: command, grace: grace)
        let reminders = ServerReminders(replica: ServerReplica(server: try ServerURL(server), folder: state ?? ServerRun.defaultFolder))
        let instant = try now.map(Self.instant) ?? Date()
        let failed = try waitFor { try await delivery.pass(reminders, now: instant).failed }
        if !failed.isEmpty { throw NotifierFailure(titles: failed) }
    }

    /// `--now`: an instant, in UTC unless it names its offset (seconds optional).
    static func instant(_ text: String) throws -> Date {
        let refusal = BoardError("now", "must be YYYY-MM-DDTHH:MM[:SS] in UTC, or with a Z or an offset, got '\(text.echoed)'")
        guard let parts = text.wholeMatch(of: /(\d{4}-\d\d-\d\dT\d\d:\d\d)(:\d\d)?(Z|[+-]\d\d:\d\d)?/) else { throw refusal }
        guard let date = ISO8601DateFormatter().date(from: "\(parts.1)\(parts.2 ?? ":00")\(parts.3 ?? "Z")") else { throw refusal }
        return date
    }
}

/// How the server hands its reminders over: the command and grace `remind` and `run` share.
struct ServerDelivery: Sendable {
    let command: String?
    let grace: TimeInterval

    init(command: String?, grace: Int?) throws {
        let minutes = grace ?? 10
        guard minutes >= 0 else { throw BoardError("grace", "must be 0 or more minutes, got \(minutes)") }
        // `sh -c ''` exits 0: every reminder would be marked delivered and nobody told.
        if let command, command.trimmingCharacters(in: .whitespaces).isEmpty {
            throw BoardError("exec", "must be a command for /bin/sh, not empty")
        }
        self.command = command
        self.grace = Double(minutes) * 60
    }

    /// One pass: says what was missed or cut off, delivers the rest; returns the titles the
    /// command failed on and when the next reminder comes due.
    func pass(_ reminders: ServerReminders, now: Date) async throws -> (failed: [String], next: Date?) {
        let pass = try await reminders.pass(now: now, grace: grace)
        for problem in pass.problems { printErr("error: \(problem)") }
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
                    printOut("Reminder for \(person) (\(due.person.to.escapedForTerminal)): \(r.title.escapedForTerminal) · "
                             + "\(Self.when(r, due.clock))\(claimed.late ? " (late)" : "")")
                    delivered = true
                } else {
                    delivered = notifier.deliver(claimed, clock: due.clock)
                }
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
        printOut("\(person): \(reminders.count) \(reminders.count == 1 ? "reminder" : "reminders") \(what): \(list)")
    }
}
