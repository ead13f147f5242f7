import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct RemindCommand: Command {
    static let info = CommandInfo(
        "remind",
        abstract: "Deliver the reminders that are due, each exactly once.",
        discussion: """
        A card with a date and a time reminds at that time in your time zone (minus its --remind-before).
        Each reminder is claimed in the database in the same transaction that decides to send it, so a
        second process or a restart never sends it again; a process killed between the claim and the
        delivery loses that one reminder rather than sending it twice, and a later pass reports it as
        interrupted. Reminders missed by at most --grace minutes are delivered marked (late); older ones
        are reported in one line and marked missed. With --watch, --now sets the starting moment and the
        clock then runs. On a board that syncs through a configured server, a reminder is also claimed
        on the server, and only the device that gets it there delivers it: once across all of a person's
        devices. A board that joined a server finds it without BOARD_SYNC_URL. With the server out of reach
        nothing is delivered (exit 5): once it can claim them there, reminders come late or are reported
        missed by --grace.
        """,
        parameters: [grace, exec, watch] + BoardOptions.parameters, runs: Self.self)
    static let grace = Declared.number("grace", "Catch up on reminders missed by at most this many minutes. Default: config.toml's grace, else 10.", value: "minutes")
    static let exec = Declared.option("exec", "Run COMMAND through /bin/sh for each reminder, with BOARD_TITLE, BOARD_WHEN, BOARD_TASK_ID, BOARD_BUCKET and BOARD_LATE set. Default: config.toml's notify_command, else a line on stdout with the bell.", value: "command")
    static let watch = Declared.flag("watch", "Keep running: wake at least every 30 seconds, when a reminder comes due, and when the board changes; stop on SIGTERM or Ctrl-C.")

    let grace: Int?, command: String?, watch: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        grace = try given[Self.grace]
        command = try given[Self.exec]
        watch = try given[Self.watch]
        board = try BoardOptions(given)
    }

    func run() throws {
        // Before anything else: a SIGTERM while starting up is a clean stop too.
        if watch { StopSignal.install() }
        let graceMinutes = grace ?? ConfigFile.loaded.graceMinutes ?? 10
        guard graceMinutes >= 0 else { throw BoardError("grace", "must be 0 or more minutes, got \(graceMinutes)") }
        // `sh -c ''` exits 0: every reminder would be marked delivered and nobody told.
        if let command, command.trimmingCharacters(in: .whitespaces).isEmpty {
            throw BoardError("exec", "must be a command for /bin/sh, not empty")
        }
        let (store, clock) = try board.open()
        let round = ReminderRound(store: store, path: board.path, grace: Double(graceMinutes) * 60,
                                 notifier: Notifier(command: command ?? ConfigFile.loaded.notifyCommand))
        guard watch else {
            let failed = try round.run(clock: clock).failed
            if !failed.isEmpty { throw NotifierFailure(titles: failed) }
            return
        }
        try ReminderWatch(path: board.path, round: round, clock: clock.runningOn()).run()
    }
}

/// One pass: claim what is due, report what was missed or interrupted, deliver the rest.
struct ReminderRound {
    let store: BoardStore
    /// The board's file, for `board-sync` to claim reminders on the server when the board syncs.
    let path: String
    let grace: TimeInterval
    let notifier: Notifier

    /// Returns when the next reminder comes due, if within two days, and the titles the notifier failed on.
    func run(clock: BoardClock) throws -> (next: Date?, failed: [String]) {
        let pass = try store.reminders.claimDue(clock: clock, grace: grace)
        report(pass.interrupted, "may not have been sent (a reminder process stopped while sending)", clock: clock)
        report(pass.missed, "missed while not running", clock: clock)
        var failed: [String] = []
        for claimed in try ServerClaims.settle(pass.deliver, store: store, board: path) {
            let delivered = notifier.deliver(claimed, clock: clock)
            if !delivered { failed.append(claimed.reminder.title) }
            try store.reminders.finish(claimed.reminder, delivered: delivered, clock: clock)
        }
        return (pass.next, failed)
    }

    private func report(_ reminders: [Reminder], _ what: String, clock: BoardClock) {
        guard !reminders.isEmpty else { return }
        let list = reminders.map { "\($0.title.escapedForTerminal) (\(MonthName.due($0.due.date, $0.due.time, in: clock.zone, today: clock.today)))" }.joined(separator: ", ")
        printOut("\(reminders.count) \(reminders.count == 1 ? "reminder" : "reminders") \(what): \(list)")
    }
}
