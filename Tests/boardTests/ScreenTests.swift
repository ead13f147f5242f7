import Foundation
import Testing

/// The board screen end to end: the real binary in tmux on a temporary database.
@Suite(.serialized) struct ScreenTests {
    @Test func addMoveCompleteUndoRedoSearchResizeQuitAndRestart() throws {
        let board = try BoardFile()
        var session = try TmuxSession(["--db", board.path])
        #expect(session.waitFor { $0.contains("This Week (0)") }.0)
        try session.send("a")
        try session.type("Buy milk")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("This Week (1)") && $0.contains("[ ] Buy milk") }.0)
        try session.send("L")
        #expect(session.waitFor { $0.contains("This Week (0)") && $0.contains("Weekend (1)") }.0)
        try session.send("L")
        #expect(session.waitFor { $0.contains("Next Week (1)") && $0.contains("Buy milk in Next Week") }.0)
        try session.send("x")
        #expect(session.waitFor { $0.contains("[x] Buy milk") }.0)
        try session.send("u")
        #expect(session.waitFor { $0.contains("[ ] Buy milk") && $0.contains("Undid: complete “Buy milk”") }.0)
        try session.send("C-r")
        #expect(session.waitFor { $0.contains("[x] Buy milk") && $0.contains("Redid: complete “Buy milk”") }.0)

        try session.send("a")
        try session.type("Call mum")
        try session.send("Enter")
        try session.send("/")
        try session.type("milk")
        #expect(session.waitFor { $0.contains("Next Week (1/2)") && !$0.contains("Call mum") }.0)
        try session.send("Escape")
        #expect(session.waitFor { $0.contains("Next Week (2)") && $0.contains("Call mum") }.0)

        try session.resize(80, 24)
        #expect(session.waitFor { $0.contains("This Week (0)│Weekend (0)") && $0.contains("Buy mi") }.0, "re-laid out at 80×24")
        try session.resize(50, 12)
        let small = session.waitFor { $0.contains("Terminal too small") }
        let size = try session.tmux(["display", "-p", "#{window_width}x#{window_height}"])
        #expect(small.0, "\(size)\n\(small.1)")
        try session.resize(120, 40)
        let (restored, screen) = session.waitFor { $0.contains("[x] Buy milk") && $0.contains("Call mum") }
        #expect(restored, "\(screen)")

        try session.send("q")
        // q ends the board, and with it the tmux session that ran it.
        #expect(session.waitFor(3) { _ in !session.isRunning }.0)
        session = try TmuxSession(["--db", board.path])
        #expect(session.waitFor { $0.contains("Next Week (2)") && $0.contains("[x] Buy milk") && $0.contains("Call mum") }.0)
        try session.send("q")
    }

    @Test func movingAnOccurrenceShowsTheExceptionChipAtOnce() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Stretch", "--every", "every day at 7:30"])
        let session = try TmuxSession(["--db", board.path])
        // Created at 10:00, "at 7:30" starts tomorrow: Nov 22 to 27 in the 7-day window.
        #expect(session.waitFor { $0.contains("Routines (6 runs)") }.0)
        try session.send("l", "l", "l", "l")
        #expect(session.waitFor { $0.contains("Occurrence of Stretch") }.0)
        try session.send("H")
        // Put in Next Month, Sunday's occurrence shows in Weekend: never later than its date.
        let (shown, screen) = session.waitFor { $0.contains("Weekend (1)") && $0.contains("Exception · From") }
        #expect(shown, "\(screen)")
        #expect(screen.contains("exceptions: bucket"))
        try session.send("q")
    }

    @Test func aCardAddedFromAnotherShellAppearsWithoutARestart() throws {
        let board = try BoardFile()
        let session = try TmuxSession(["--db", board.path])
        #expect(session.waitFor { $0.contains("This Week (0)") }.0)
        #expect(try board.run(["add", "From the other shell"]).status == 0)
        let (appeared, screen) = session.waitFor(2) { $0.contains("From the other shell") && $0.contains("This Week (1)") }
        #expect(appeared, "\(screen)")
        try session.send("q")
    }

    @Test(arguments: ["C-c", "TERM"])
    func ctrlCAndSigtermGiveTheTerminalBack(signal: String) throws {
        let board = try BoardFile()
        let script = "trap 'true' INT; '\(BoardBinary.url.path)' --db '\(board.path)'; echo \"board ended: $?\"; sleep 30"
        let session = try TmuxSession(["sh", "-c", script], command: true)
        #expect(session.waitFor { $0.contains("This Week (0)") }.0)
        if signal == "C-c" {
            try session.send("C-c")
        } else {
            let pid = try session.tmux(["display", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
            child.arguments = ["-TERM", "-P", pid, "-f", "board"]
            try child.run()
            child.waitUntilExit()
        }
        let (ended, screen) = session.waitFor { $0.contains("board ended:") }
        #expect(ended, "\(screen)")
        // The board's screen is gone: the shell's own screen is back.
        #expect(!screen.contains("This Week (0)"))
    }
}

/// Issue: `--now` froze the screen's clock while `remind --watch` let it run on from `--now`.
@Suite struct ScreenClockTests {
    @Test func theClockStartsAtNowAndRunsSoMidnightCanBeCrossed() throws {
        let board = try BoardFile()
        try board.run(["add", "Call before midnight", "--due", "2026-11-21", "--time", "23:59", "--bucket", "this-week"], now: "2026-11-21T23:59:57")
        let session = try TmuxSession(["--db", board.path], now: "2026-11-21T23:59:57")
        let start = session.waitFor { $0.contains("Call before midn") }
        #expect(start.0 && start.1.contains("Saturday, Nov 21") && !start.1.contains("Overdue"), "\(start.1)")
        // Three seconds later it is Sunday 00:00 on the board's clock: a new day, and the card's minute has passed.
        let (overdue, screen) = session.waitFor(10) { $0.contains("Sunday, Nov 22") && $0.contains("! Overdue") }
        #expect(overdue, "\(screen)")
        try session.send("q")
    }
}

/// Issue: unknown escape sequences were split into Esc plus letters: Alt-d deleted the focused card,
/// `ESC [9x` completed it; in a form an unrecognised key closed it and its letters ran commands.
@Suite struct EscapeSequenceTests {
    @Test func altKeysAndUnknownSequencesDoNothing() throws {
        let board = try BoardFile()
        try board.run(["add", "Pay rent"])
        let session = try TmuxSession(["--db", board.path])
        #expect(session.waitFor { $0.contains("This Week (1)") && $0.contains("[ ] Pay rent") }.0)
        /// Alt+`letter`, an unknown CSI and (on the board) an unknown SS3; then the screen they left.
        func sendUnknownSequences(alt letter: String, ss3: Bool = false) throws -> String {
            try session.send("M-" + letter)
            try session.type("\u{1B}[9x")
            if ss3 { try session.type("\u{1B}Ot") }
            Thread.sleep(forTimeInterval: 0.5)
            return session.screen
        }
        let screen = try sendUnknownSequences(alt: "d", ss3: true)
        #expect(screen.contains("This Week (1)") && screen.contains("[ ] Pay rent") && !screen.contains("Deleted"), "\(screen)")
        #expect(!screen.contains("New template"), "no letter of a sequence ran a command")
        // A plain Esc still cancels at once.
        try session.send("a")
        #expect(session.waitFor { $0.contains("Enter adds · Esc cancels") }.0)
        try session.send("Escape")
        #expect(session.waitFor { !$0.contains("Enter adds · Esc cancels") }.0)
        // In the card form: the form stays, nothing is typed into the title.
        try session.send("e")
        #expect(session.waitFor { $0.contains("Edit card") }.0)
        let form = try sendUnknownSequences(alt: "d")
        #expect(form.contains("Edit card") && form.contains("› Title        Pay rent") && !form.contains("Pay rentd") && !form.contains("9x"), "\(form)")
        try session.send("Escape")
        #expect(session.waitFor { !$0.contains("Edit card") }.0)
        // In the checklist: it stays open, nothing ticked or added.
        try board.run(["edit", String(try board.cards().first!["id"] as! String).prefix(8).description, "--checklist", "Find the bill"])
        try session.send("C")
        #expect(session.waitFor { $0.contains("Find the bill") }.0)
        let checklist = try sendUnknownSequences(alt: "e")
        #expect(checklist.contains("[ ] Find the bill") && checklist.contains("0 of 1 done") && !checklist.contains("Editing"), "\(checklist)")
        try session.send("Escape")
        #expect(session.waitFor { !$0.contains("Find the bill") }.0)
        try session.send("q")
    }
}
