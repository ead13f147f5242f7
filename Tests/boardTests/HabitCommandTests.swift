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

    /// Issue 54: "8 glasses a day", "run 3 times a week" as a person types them.
    @Test func aHabitWithATargetCountsEntriesTowardsIt() throws {
        let board = try BoardFile()
        #expect(try board.run(["habit", "add", "Water", "--target", "8 times a day"]).lines == ["Added habit \(try shortId(board, "Water")): Water, 8 times a day"])
        #expect(try board.run(["habit", "check", "water"]).lines == ["Checked in water on Sat Nov 21."])
        #expect(try board.run(["habit", "check", "Water", "--count", "2"]).lines == ["Checked in Water on Sat Nov 21: 3 that day."])
        #expect(try board.run(["habit", "check", "Water", "--date", "yesterday", "--count", "8"]).status == 0)
        let line = try #require(try board.run(["habit", "list"]).lines.first)
        #expect(line.hasSuffix("· ············83 · 8 times a day, 3/8 today · streak 1 day"), "\(line)")
        #expect(try board.run(["habit", "uncheck", "Water", "--count", "1"]).lines == ["Took back 1 of Water on Sat Nov 21: 2 left that day."])
        let json = try JSONSerialization.jsonObject(with: Data(try board.run(["habit", "list", "--json"]).stdout.utf8)) as! [[String: Any]]
        #expect(json[0]["target"] as? String == "8/day" && json[0]["standing"] as? String == "2/8 today" && json[0]["streak_unit"] as? String == "day")
        #expect((json[0]["last14"] as! [[String: Any]]).last?["entries"] as? Int == 2)
        #expect(try board.run(["habit", "uncheck", "Water"]).lines == ["Took back Water on Sat Nov 21."])
        #expect(try entries(board).map { $0["day"] as String } == ["2026-11-20"])

        // A weekly target: weeks met in a row, this one still open.
        #expect(try board.run(["habit", "add", "Run", "--target", "twice a week"]).status == 0)
        for day in ["2026-11-02", "2026-11-05", "2026-11-10", "2026-11-12", "2026-11-17", "2026-11-21"] {
            #expect(try board.run(["habit", "check", "Run", "--date", day]).status == 0)
        }
        let run = try #require(try board.run(["habit", "list"]).lines.last)
        #expect(run.hasSuffix("· twice a week, 2/2 this week · streak 3 weeks"), "\(run)")
        #expect(try board.run(["habit", "edit", "Run", "--target", "3 times a week"]).lines == ["Edited habit \(try shortId(board, "Run")): Run, 3 times a week"])
        #expect(try board.run(["habit", "list"]).lines.last?.hasSuffix("· 3 times a week, 2/3 this week · streak 0 weeks") == true)
        let stats = try board.run(["stats"]).stdout
        #expect(stats.contains("Run · 3 times a week · streak 0 weeks (longest 0 weeks)"), "\(stats)")
    }

    func shortId(_ board: BoardFile, _ name: String) throws -> String {
        let db = try DatabaseQueue(path: board.path)
        defer { try? db.close() }
        return String(try db.read { try String.fetchOne($0, sql: "SELECT id FROM habits WHERE name = ?", arguments: [name])! }.prefix(8))
    }

    @Test(arguments: [
        (["habit", "add", "  "], "error: name: must not be empty"),
        (["habit", "check", "Meditate"], "error: habit: no habit named 'Meditate' (board habit list shows them)"),
        (["habit", "check", "Drink water", "--date", "2026-11-22"], "error: date: 2026-11-22 hasn't come yet; check in today or an earlier day"),
        (["habit", "check", "Drink water", "--date", "soonish"], "error: date: 'soonish' is not a date; use a weekday (fri, next fri, last fri), today, tomorrow, yesterday, in 3 days, in 2 weeks, dec 3, 3 dec, december 3 2027, the 15th or YYYY-MM-DD"),
        (["habit", "add", "DRINK WATER"], "error: name: a habit named 'DRINK WATER' already exists"),
        (["habit", "add", "Run", "--target", "3 times a fortnight"], "error: target: must be like '3 times a day', '4 times a week' or 'twice a month', got '3 times a fortnight'"),
        (["habit", "add", "Run", "--target", "0 times a day"], "error: target: must be from 1 to 100 times a day, got 0"),
        (["habit", "edit", "Drink water", "--target", "200 times a week"], "error: target: must be from 1 to 100 times a week, got 200"),
        (["habit", "edit", "Drink water"], "error: habit edit: give --name, --description or --target"),
        (["habit", "check", "Drink water", "--count", "0"], "error: count: must be from 1 to 1000, got 0"),
        (["habit", "check", "Drink water", "--count", "lots"], "error: count: must be a whole number, got 'lots'"),
        (["habit", "uncheck", "Drink water"], "error: date: Drink water has no entry on Sat Nov 21"),
        (["habit", "uncheck", "Drink water", "--count", "2"], "error: count: 2026-11-21 has 0 entries; cannot take back 2"),
    ])
    func badInputIsOneLineStatusTwoAndWritesNothing(arguments: [String], message: String) throws {
        let board = try BoardFile()
        try board.run(["habit", "add", "Drink water"])
        let r = try board.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr == message + "\n")
        #expect(try entries(board).isEmpty)
        #expect(try board.run(["habit", "list"]).lines.count == 1)
        #expect(try board.run(["habit", "list"]).lines.first?.hasSuffix("Drink water · ·············· · streak 0 days") == true)
    }
}
