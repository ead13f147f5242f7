import Foundation
import GRDB
import Testing

/// The Habits view with a target (issue 54), the real binary in tmux: Space adds one, `-` takes
/// one back, `u` undoes; the row says "2/3 today" and the status line the target in words.
@Suite(.serialized) struct HabitTargetScreenTests {
    func total(_ board: BoardFile) throws -> Int {
        let db = try DatabaseQueue(path: board.path)
        defer { try? db.close() }
        return try db.read { try Int.fetchOne($0, sql: "SELECT COALESCE(SUM(count), 0) FROM habit_entries JOIN habits ON habits.id = habit_id WHERE name = 'Meds'") ?? 0 }
    }

    @Test func spaceCountsTowardsTheTargetAndMinusTakesOneBack() throws {
        let board = try BoardFile()
        let now = "2026-11-21T09:00"
        try board.run(["habit", "add", "Meds", "--target", "3 times a day"], now: now)
        try board.run(["habit", "add", "Run", "--target", "twice a week"], now: now)
        try board.run(["habit", "check", "Run", "--date", "2026-11-17"], now: now)
        let session = try TmuxSession(["--db", board.path], now: now)
        try session.send("g")
        #expect(session.waitFor { $0.contains("Habits · last 14 days · streak") && $0.contains("0/3 today") }.0)
        try session.send("Space", "Space")
        let (two, screen) = session.waitFor { $0.contains("2/3 today · 0 days") && $0.contains("Checked in “Meds” today: 2 that day.") }
        #expect(two, "\(screen)")
        // The day's count is its mark; the week's habit says where its week stands.
        #expect(screen.contains("· · · · · · · · · · · · · 2") && screen.contains("1/2 this week · 0 weeks"), "\(screen)")
        // Moving on clears the message: the status line says the focused habit in words.
        try session.send("j", "k")
        #expect(session.waitFor { $0.contains("Habit Meds, 3 times a day, 2/3 today, streak 0 days") }.0)
        try session.send("-")
        #expect(session.waitFor { $0.contains("1/3 today") && $0.contains("Took back “Meds” today: 1 left that day.") }.0)
        #expect(try total(board) == 1)
        try session.send("u")
        #expect(session.waitFor { $0.contains("2/3 today") }.0)
        #expect(try total(board) == 2)
        try session.send("Space")
        let (met, metScreen) = session.waitFor { $0.contains("3/3 today · 1 day") }
        #expect(met, "\(metScreen)")
        // Nothing left on a day without entries: said, nothing written.
        try session.send("h", "-")
        #expect(session.waitFor { $0.contains("Nothing to take back on that day.") }.0)
        #expect(try total(board) == 3)
        try session.send("q")
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)
    }

    /// `t` sets the focused habit's target from the screen: words that don't read are refused
    /// inline, naming the rule, with the prompt kept; Esc leaves the target as it was.
    func target(_ board: BoardFile) throws -> String? {
        let list = try JSONSerialization.jsonObject(with: Data(try board.run(["habit", "list", "--json"]).stdout.utf8)) as? [[String: Any]]
        return list?.first?["target"] as? String
    }

    @Test func tSetsATargetAndBadWordsAreRefusedInline() throws {
        let board = try BoardFile()
        let now = "2026-11-21T09:00"
        try board.run(["habit", "add", "Water"], now: now)
        let session = try TmuxSession(["--db", board.path], now: now)
        try session.send("g")
        #expect(session.waitFor { $0.contains("Habits · last 14 days · streak") && $0.contains("Water") }.0)
        try session.send("t")
        #expect(session.waitFor { $0.contains("Target of Water: daily") }.0)
        try session.send("C-u")
        try session.type("3 times a fortnight")
        try session.send("Enter")
        let (refused, screen) = session.waitFor {
            $0.contains("⚠ target: must be like '3 times a day', '4 times a week' or 'twice a month', got '3 times a fortnight' (Esc cancels)")
        }
        #expect(refused, "\(screen)")
        #expect(screen.contains("Target of Water: 3 times a fortnight"), "the prompt stays with what was typed")
        try session.send("C-u")
        try session.type("8 times a day")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("“Water” is meant 8 times a day now.") && $0.contains("0/8 today") }.0)
        #expect(try target(board) == "8/day")
        try session.send("t", "Escape")
        #expect(session.waitFor { !$0.contains("Target of Water") && $0.contains("0/8 today") }.0)
        try session.send("u")
        #expect(session.waitFor { !$0.contains("0/8 today") && $0.contains("0 days") }.0)
        #expect(try target(board) == "1/day")
        try session.send("q")
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)
    }
}
