import Foundation
import GRDB
import Testing

/// `board habit …` through the binary: one entry per habit and day, streaks from entries, bad input refused.
@Suite struct HabitCommandTests {
    func entries(_ board: BoardFile) throws -> [Row] {
        let db = try DatabaseQueue(path: board.path)
        defer { try? db.close() }
        return try db.read { try Row.fetchAll($0, sql: "SELECT day, source FROM habit_entries ORDER BY day") }
    }

    @Test func checkingTheSameDayTwiceKeepsOneEntryAndTheStreakCountsEntries() throws {
        let board = try BoardFile()
        #expect(try board.run(["habit", "add", "Drink water"]).status == 0)
        for day in ["2026-11-19", "2026-11-20", "2026-11-20"] {
            #expect(try board.run(["habit", "check", "drink water", "--date", day]).status == 0)
        }
        #expect(try board.run(["habit", "check", "Drink water"]).lines == ["Checked in Drink water on Sat Nov 21."])
        let rows = try entries(board)
        #expect(rows.map { $0["day"] as String } == ["2026-11-19", "2026-11-20", "2026-11-21"])
        #expect(rows.allSatisfy { ($0["source"] as String) == "manual" })
        let list = try board.run(["habit", "list", "--json"])
        let habits = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]]
        #expect(habits.count == 1 && habits[0]["streak"] as? Int == 3)
        let last14 = habits[0]["last14"] as! [[String: Any]]
        #expect(last14.count == 14 && last14.last?["date"] as? String == "2026-11-21")
        #expect(last14.filter { $0["checked"] as? Bool == true }.count == 3)
        // The day after, before checking in, the streak still stands; two days later it is gone.
        #expect(try board.run(["habit", "list"], now: "2026-11-22T09:00").lines.first?.hasSuffix("· streak 3 days") == true)
        #expect(try board.run(["habit", "list"], now: "2026-11-23T09:00").lines.first?.hasSuffix("· streak 0 days") == true)
    }

    @Test(arguments: [
        (["habit", "add", "  "], "error: name: must not be empty"),
        (["habit", "check", "Meditate"], "error: habit: no habit named 'Meditate' (board habit list shows them)"),
        (["habit", "check", "Drink water", "--date", "2026-11-22"], "error: date: 2026-11-22 hasn't come yet; check in today or an earlier day"),
        (["habit", "check", "Drink water", "--date", "soonish"], "error: date: 'soonish' is not a date; use a weekday (fri, next fri, last fri), today, tomorrow, yesterday, in 3 days, in 2 weeks, dec 3, 3 dec, december 3 2027, the 15th or YYYY-MM-DD"),
        (["habit", "add", "DRINK WATER"], "error: name: a habit named 'DRINK WATER' already exists"),
    ])
    func badInputIsOneLineStatusTwoAndWritesNothing(arguments: [String], message: String) throws {
        let board = try BoardFile()
        try board.run(["habit", "add", "Drink water"])
        let r = try board.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr == message + "\n")
        #expect(try entries(board).isEmpty)
        #expect(try board.run(["habit", "list"]).lines.count == 1)
    }
}
