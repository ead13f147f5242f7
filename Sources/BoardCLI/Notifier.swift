import BoardModel
import BoardStore
import Foundation

/// Hands a reminder to the user: a line on stdout with the terminal bell, or a command
/// run through /bin/sh with the reminder in its environment, tried at most 3 times. The
/// device's `board remind` and the server's `board server remind` both deliver through it.
public struct Notifier: Sendable {
    public let command: String?
    /// More variables for the command (the server's `BOARD_PERSON` and `BOARD_TO`).
    public let environment: [String: String]
    public static let attempts = 3
    /// A notifier that failed may need a moment (a desktop session starting): 0.5 s, then 1 s.
    static let backoff = Backoff(first: 0.5, last: 4)

    public init(command: String?, environment: [String: String] = [:]) {
        self.command = command
        self.environment = environment
    }

    /// Returns whether the reminder got out.
    public func deliver(_ claimed: ClaimedReminder, clock: BoardClock) -> Bool {
        let r = claimed.reminder
        let when = MonthName.due(r.due.date, r.due.time, in: clock.zone, today: clock.today)
        guard let command else {
            // The bell is Board's own; the title is the user's text, shown escaped.
            writeText("\u{7}", to: .standardOutput)
            printOut("Reminder: \(r.title.escapedForTerminal) · \(when)\(claimed.late ? " (late)" : "")")
            return true
        }
        var environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }
        environment["BOARD_TITLE"] = r.title
        environment["BOARD_WHEN"] = r.due.description
        environment["BOARD_TASK_ID"] = r.cardId
        environment["BOARD_BUCKET"] = r.bucket
        environment["BOARD_LATE"] = claimed.late ? "1" : "0"
        var backoff = Self.backoff
        for attempt in 1...Self.attempts {
            if attempt > 1 { Thread.sleep(forTimeInterval: backoff.next()) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.environment = environment
            do {
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus == 0 { return true }
                printErr("notify: '\(command.escapedForTerminal)' exited with \(process.terminationStatus) for “\(r.title.escapedForTerminal)” (attempt \(attempt) of \(Self.attempts))")
            } catch {
                printErr("notify: cannot run '\(command.escapedForTerminal)': \(error) (attempt \(attempt) of \(Self.attempts))")
            }
        }
        return false
    }
}

/// A one-shot pass whose notifier failed on some reminder after every try: exit status 4, so a
/// cron job or a unit sees it (a watcher logs it and carries on).
public struct NotifierFailure: Error, CustomStringConvertible {
    public let titles: [String]
    public init(titles: [String]) { self.titles = titles }
    public var description: String {
        "\(titles.count) \(titles.count == 1 ? "reminder" : "reminders") not delivered: the notifier failed \(Notifier.attempts) times on "
            + titles.map { "“\($0.escapedForTerminal)”" }.joined(separator: ", ")
    }
}
