import Foundation
import GRDB
import Testing

/// Checklists and habits end to end: the real binary in tmux, restarted on the next day.
@Suite(.serialized) struct ChecklistScreenTests {
    /// The screen without the combining strokes that strike done steps through.
    func plain(_ screen: String) -> String { String(screen.unicodeScalars.filter { $0.value != 0x336 }.map(Character.init)) }

    func entries(_ board: BoardFile) throws -> [Row] {
        let db = try DatabaseQueue(path: board.path)
        defer { try? db.close() }
        return try db.read { try Row.fetchAll($0, sql: "SELECT habit_entries.*, habits.name FROM habit_entries JOIN habits ON habits.id = habit_id") }
    }

    @Test func ticksAreFreshTheNextDayAndOnlyAConfirmedSuggestionBecomesAnEntry() throws {
        let board = try BoardFile()
        let now = "2026-11-21T21:00"
        for habit in ["Drink water", "Stretch"] { try board.run(["habit", "add", habit], now: now) }
        try board.run(["template", "add", "Bedtime", "--no-schedule", "--checklist", "Brush teeth", "--checklist", "Drink a glass of water",
                       "--checklist", "Stretch", "--checklist", "Lay out clothes", "--checklist", "Lights off"], now: now)
        let id = try #require(try board.templates().first?["id"] as? String)
        try board.run(["routine", "link", id, "2", "Drink water"], now: now)
        try board.run(["routine", "link", id, "3", "Stretch"], now: now)

        // Evening: tick 3 of 5, quit.
        var session = try TmuxSession(["--db", board.path], now: now)
        #expect(session.waitFor { $0.contains("Bedtime · active") }.0)
        try session.send("l", "l", "l", "l", "Enter")
        #expect(session.waitFor { self.plain($0).contains("Bedtime · today · 0 of 5 done") }.0)
        try session.send("Space", "j", "Space", "j", "Space")
        let (ticked, tickedScreen) = session.waitFor {
            self.plain($0).contains("Bedtime · today · 3 of 5 done") && self.plain($0).contains("[x] Brush teeth")
        }
        #expect(ticked, "\(tickedScreen)")
        #expect(plain(tickedScreen).contains("[x] Brush teeth") && plain(tickedScreen).contains("[ ] Lay out clothes"))
        // Esc and q apart, as a person types them: together they are the sequence Alt-q, which does nothing.
        try session.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)

        // The next morning: a fresh list, and yesterday's ticks counted nowhere.
        session = try TmuxSession(["--db", board.path], now: "2026-11-22T07:00")
        #expect(session.waitFor { $0.contains("Bedtime · active") }.0)
        try session.send("l", "l", "l", "l", "Enter")
        let (fresh, freshScreen) = session.waitFor { self.plain($0).contains("Bedtime · today · 0 of 5 done") }
        #expect(fresh, "\(freshScreen)")
        #expect(!plain(freshScreen).contains("[x] Brush teeth") && plain(freshScreen).contains("[ ] Stretch"))
        #expect(try entries(board).isEmpty)
        try session.send("Escape")
        #expect(session.waitFor { $0.contains("Routines (0 runs)") && !$0.contains("0 of 5 done") }.0)

        // A run: start, tick the two linked steps, finish, confirm one suggestion, dismiss the other.
        try session.send("S")
        #expect(session.waitFor { $0.contains("Running since 07:00 · F finish · X discard") }.0)
        try session.send("j", "Space", "j", "Space")
        #expect(session.waitFor { self.plain($0).contains("Bedtime · today · 2 of 5 done") }.0)
        try session.send("F")
        #expect(session.waitFor { $0.contains("Did this routine help: Drink water today? y confirm · n dismiss · Esc later") }.0)
        try session.send("y")
        #expect(session.waitFor { $0.contains("Did this routine help: Stretch today?") }.0)
        try session.send("n")
        #expect(session.waitFor { $0.contains("Dismissed.") }.0)
        let rows = try entries(board)
        #expect(rows.count == 1)
        #expect(rows.first.map { "\($0["name"] as String) \($0["day"] as String) \($0["source"] as String) \($0["routine_id"] as String)" }
                == "Drink water 2026-11-22 routine \(id)")
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)

        // A restart: no suggestion comes back; the Habits view shows the one entry.
        session = try TmuxSession(["--db", board.path], now: "2026-11-22T07:05")
        #expect(session.waitFor { $0.contains("Bedtime · active") }.0)
        try session.send("g")
        // Waits for the whole view, not only its heading: under load a capture can catch a frame half drawn.
        let (habits, habitsScreen) = session.waitFor { $0.contains("Habits · last 14 days · streak") && $0.contains("· x  1 day") }
        #expect(habits, "\(habitsScreen)")
        #expect(habitsScreen.contains("· x  1 day") && habitsScreen.contains("Stretch") && !habitsScreen.contains("suggestion"))
        #expect(!habitsScreen.contains("Did this routine help"))
        // Esc and q apart, as a person types them: together they are the sequence Alt-q, which does nothing.
        try session.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)
        #expect(try entries(board).count == 1)
    }

    /// A sitter's timed steps on the screen (issue 54): in time order, the next one marked, the
    /// mark moving on when it is ticked.
    @Test func theChecklistMarksTheNextTimedStep() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Sitter", "--every", "every day", "--checklist", "Play", "--checklist", "07:30 Meds",
                       "--checklist", "07:00 Breakfast", "--checklist", "19:00 Bath"], now: "2026-11-21T06:00")
        let session = try TmuxSession(["--db", board.path], now: "2026-11-21T07:10")
        #expect(session.waitFor { $0.contains("Sitter · active") }.0)
        try session.send("l", "l", "l", "l")
        Thread.sleep(forTimeInterval: 0.2)
        try session.send("C")
        let (shown, screen) = session.waitFor { self.plain($0).contains("Sitter · 0 of 4 done") }
        #expect(shown, "\(screen)")
        let lines = plain(screen).split(separator: "\n").map(String.init)
        let order = ["07:00 Breakfast", "07:30 Meds ← next", "19:00 Bath", "Play"].map { step in lines.firstIndex { $0.contains(step) } }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) }, "\(screen)")
        try session.send("j", "Space")
        #expect(session.waitFor { self.plain($0).contains("[x] 07:30 Meds") && self.plain($0).contains("19:00 Bath ← next") }.0)
        // `r` on a timed step: it reminds (said, marked, written on the template); on an untimed one: why not.
        try session.send("j", "r")
        let (reminds, remindScreen) = session.waitFor {
            self.plain($0).contains("19:00 Bath (reminds) ← next") && $0.contains("“19:00 Bath” reminds at its time on each day the routine runs.")
        }
        #expect(reminds, "\(remindScreen)")
        let id = try #require(try board.templates().first?["id"] as? String)
        let json = try board.run(["routine", "show", id, "--json"], now: "2026-11-21T07:10").stdout
        #expect(json.contains("\"reminds\" : true"), "\(json)")
        try session.send("j", "r")
        #expect(session.waitFor { $0.contains("“Play” has no time; a step reminds at the time it begins with, as in “07:30 Meds”.") }.0)
        try session.send("k", "r")
        #expect(session.waitFor { $0.contains("“19:00 Bath” no longer reminds.") && !self.plain($0).contains("(reminds)") }.0)
        try session.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)
        try session.send("q")
    }
}
