import ArgumentParser
import BoardModel
import BoardStore
import Foundation

struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Deliver the reminders that are due, each exactly once.",
        discussion: """
        A card with a date and a time reminds at that time in your time zone (minus its --remind-before).
        Each reminder is claimed in the database in the same transaction that decides to send it, so a
        second process or a restart never sends it again; a process killed between the claim and the
        delivery loses that one reminder rather than sending it twice. Reminders missed by at most
        --grace minutes are delivered marked (late); older ones are reported in one line and marked missed.
        """)

    @Option(help: ArgumentHelp("Catch up on reminders missed by at most this many minutes.", valueName: "minutes"))
    var grace = 10

    @Option(name: .customLong("exec"), help: ArgumentHelp("Run COMMAND through /bin/sh for each reminder, with BOARD_TITLE, BOARD_WHEN, BOARD_TASK_ID, BOARD_BUCKET and BOARD_LATE set.", valueName: "command"))
    var command: String?

    @OptionGroup var board: BoardOptions

    func run() throws {
        guard grace >= 0 else { throw BoardError("grace", "must be 0 or more minutes, got \(grace)") }
        let (store, clock) = try board.open()
        let (due, missed) = try store.claimDueReminders(clock: clock, grace: Double(grace) * 60)
        if !missed.isEmpty {
            let list = missed.map { "\($0.title) (\(MonthName.due($0.due.date, $0.due.time)))" }.joined(separator: ", ")
            printOut("\(missed.count) \(missed.count == 1 ? "reminder" : "reminders") missed while not running: \(list)")
        }
        let notifier = Notifier(command: command)
        for claimed in due {
            try store.finishReminder(claimed.reminder, delivered: notifier.deliver(claimed), clock: clock)
        }
    }
}
