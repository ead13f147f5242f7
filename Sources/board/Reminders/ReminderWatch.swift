import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// `board remind --watch`: a pass now, then whenever a reminder comes due, the board changes,
/// or 30 seconds pass; SIGTERM and SIGINT end it after the delivery in hand.
struct ReminderWatch {
    static let longestSleep: TimeInterval = 30
    /// The longest sleep between looks for a stop signal (the board's changes wake it at once).
    static let tick: TimeInterval = 1

    let path: String
    let round: ReminderRound
    /// Now: from the moment the watch starts at (`--now`), running on.
    let clock: () -> BoardClock

    func run() throws {
        let watcher = try ChangeWatcher(path: path)
        while StopSignal.received == 0 {
            // Our own claims wake the loop once more, harmlessly; another process's commit is never missed.
            // A server out of reach delivers nothing and is said; the next pass (within 30 s) tries again.
            let next: Date?
            do { next = try watcher.reading { try round.run(clock: clock()).next } } catch let outOfReach as ServerClaims.OutOfReach {
                printErr("error: " + outOfReach.description)
                next = nil
            }
            var wake = Date() + Self.longestSleep
            // `next` is on the watch's clock; the sleep is on the real one.
            if let next { wake = min(wake, Date() + next.timeIntervalSince(clock().instant)) }
            // Asleep until the board changes or the wake-up comes; a stop signal is seen within a second.
            while StopSignal.received == 0, Date() < wake, try !watcher.waitForChange(seconds: min(Self.tick, max(0, wake.timeIntervalSinceNow))) {}
        }
    }
}

/// SIGTERM and SIGINT ask the watcher to stop; the handler only records the signal.
enum StopSignal {
    nonisolated(unsafe) static var received: sig_atomic_t = 0

    static func install() {
        // A parent may have started us with these blocked (test runners do); they must get through.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signalNumber in [SIGTERM, SIGINT] {
            sigaddset(&wanted, signalNumber)
            signal(signalNumber) { StopSignal.received = $0 }
        }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
    }
}
