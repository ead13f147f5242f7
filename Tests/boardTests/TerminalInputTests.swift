import Foundation
import Testing

/// What a person types or pastes, and what a terminal sends on its own, through the real binary in
/// tmux: nothing crashes the board, nothing a terminal replies runs a command, a paste is text.
@Suite struct TerminalInputTests {
    func start(_ board: BoardFile, width: Int = 120, height: Int = 40) throws -> TmuxSession {
        let session = try TmuxSession(["--db", board.path], width: width, height: height)
        #expect(session.waitFor { $0.contains("This Week (") }.0)
        return session
    }

    func titles(_ board: BoardFile) throws -> [String] { try board.cards().map { $0["title"] as! String } }

    /// Issue: a zero-width joiner or non-joiner typed after a letter ended the board with SIGILL
    /// (what was typed lost), in the add prompt and in `/` search, typed at once or one by one.
    @Test func joinersAndEmojiSequencesTypedOneByOneOrAtOnce() throws {
        let board = try BoardFile()
        let session = try start(board)
        try session.send("a")
        for scalar in "a\u{200D}b".unicodeScalars { try session.type(String(scalar)) }
        try session.type("x\u{200C}y 👨‍👩‍👧‍👦")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("This Week (1)") }.0)
        try session.send("/")
        for scalar in "b\u{200D}👩\u{200D}👧".unicodeScalars { try session.type(String(scalar)) }
        #expect(session.waitFor { $0.contains("This Week (0/1)") }.0, "the search filters")
        try session.send("Escape")
        #expect(session.waitFor { $0.contains("This Week (1)") }.0)
        try session.send("a")
        try session.type("after")
        try session.send("Enter")
        let (added, screen) = session.waitFor { $0.contains("This Week (2)") }
        #expect(added && session.isRunning, "\(screen)")
        #expect(Set(try titles(board)) == ["a\u{200D}bx\u{200C}y 👨‍👩‍👧‍👦", "after"])
        try session.send("q")
    }

    /// Issue: in the card form, what was typed after a non-joiner landed before it.
    @Test func theCardFormTypesAfterAJoinerInOrder() throws {
        let board = try BoardFile()
        try board.run(["add", "Title"])
        let session = try start(board)
        try session.send("e")
        #expect(session.waitFor { $0.contains("Edit card") }.0)
        try session.type(" a\u{200C}Qxby")
        try session.send("Enter")
        let (saved, screen) = session.waitFor { !$0.contains("Edit card") }
        #expect(saved, "\(screen)")
        #expect(try titles(board) == ["Title a\u{200C}Qxby"])
        try session.send("q")
    }

    /// Issue: a DCS reply (as to XTGETTCAP) quit the board; an OSC colour reply opened Habits; a
    /// clear-screen and a title report opened the card form with `d` typed into it.
    @Test func terminalRepliesRunNoCommand() throws {
        let board = try BoardFile()
        try board.run(["add", "Pay rent"])
        let session = try start(board)
        for reply in ["\u{1B}P+q544e\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}[2J\u{1B}]0;pwned\u{07}",
                      "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}]52;c;ZGVsZXRl\u{07}"] {
            try session.type(reply)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let screen = session.waitFor { $0.contains("[ ] Pay rent") }.1
        #expect(session.isRunning)
        #expect(screen.contains("[ ] Pay rent") && !screen.contains("Habits") && !screen.contains("Edit card"), "\(screen)")
        #expect(try titles(board) == ["Pay rent"])
        try session.send("q")
    }

    /// Issue: a pasted line break added the card and the letters after it ran as commands (`z`
    /// three times); a pasted Ctrl-A moved the cursor mid-paste. Now a paste is text in the field.
    @Test func aBracketedPasteIsTextInTheFieldAndNothingElsewhere() throws {
        let board = try BoardFile()
        let session = try start(board)
        try session.tmux(["set-buffer", "Paste test\nzzz"], output: false)
        try session.send("a")
        try session.tmux(["paste-buffer", "-p"], output: false)
        #expect(session.waitFor { $0.contains("Paste test zzz") }.0)
        try session.tmux(["set-buffer", "\u{01}!"], output: false)
        try session.tmux(["paste-buffer", "-p"], output: false)
        try session.send("Enter")
        let (added, screen) = session.waitFor { $0.contains("This Week (1)") }
        #expect(added && !screen.contains("Archived"), "\(screen)")
        #expect(try titles(board) == ["Paste test zzz!"])
        // On the board, a paste does nothing but say so.
        try session.tmux(["paste-buffer", "-p"], output: false)
        let (said, after) = session.waitFor { $0.contains("the paste was ignored") }
        #expect(said && after.contains("This Week (1)"), "\(after)")
        try session.send("q")
    }

    /// Issue: 1,000 pasted characters took 3.2 s to absorb, and Enter then closed the prompt and
    /// threw them away. Now they arrive at once, and a title too long stays in the prompt with the rule.
    @Test func aLongPasteArrivesAtOnceAndStaysWhenTooLong() throws {
        let board = try BoardFile()
        let session = try start(board)
        let long = String(repeating: "Long paste ", count: 91)  // 1,001 characters
        try session.tmux(["set-buffer", long], output: false)
        try session.send("a")
        let started = Date()
        try session.tmux(["paste-buffer", "-p"], output: false)
        #expect(session.waitFor { $0.contains("…") && $0.contains("Long paste") }.0)
        #expect(Date().timeIntervalSince(started) < 2, "a paste is one event, not a thousand keys")
        try session.send("Enter")
        let (kept, screen) = session.waitFor { $0.contains("⚠ title: at most 200 characters, got 1000") }
        #expect(kept && screen.contains("Adding to This Week"), "\(screen)")
        // Ctrl-U empties it; a short title then goes in.
        try session.send("C-u")
        try session.type("Short")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("This Week (1)") }.0)
        #expect(try titles(board) == ["Short"])
        try session.send("q")
    }

    /// Issue: `a`, "Drink water", Enter, "Meditate", Enter added "Drink water" and "te": the prompt
    /// had closed and the `a` of Meditate reopened it. Enter adds; the prompt stays until Esc.
    @Test func habitsAddedInARow() throws {
        let board = try BoardFile()
        let session = try start(board)
        try session.send("g")
        #expect(session.waitFor { $0.contains("Habits") }.0)
        try session.send("a")
        try session.type("Drink water")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("Added habit “Drink water”") || $0.contains("Drink water") }.0)
        try session.type("Meditate")
        try session.send("Enter")
        try session.send("Escape")
        let (both, screen) = session.waitFor { $0.contains("Meditate") && $0.contains("Drink water") }
        #expect(both, "\(screen)")
        let habits = try board.run(["habit", "list"]).stdout
        #expect(habits.contains("Drink water") && habits.contains("Meditate") && !habits.contains(" te"), "\(habits)")
        try session.send("q")
    }
}
