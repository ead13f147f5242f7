import Foundation
import GRDB
import Testing

/// `board routine show|tick|link` and `board template add --no-schedule` through the binary.
@Suite struct RoutineCommandTests {
    /// "Bedtime" without a schedule, five steps, step 2 linked to "Drink water". Returns its id.
    func bedtime(_ board: BoardFile, now: String = "2026-11-21T21:00") throws -> String {
        try board.run(["habit", "add", "Drink water"], now: now)
        let added = try board.run(["template", "add", "Bedtime", "--no-schedule", "--checklist", "Brush teeth", "--checklist", "Drink water",
                                   "--checklist", "Stretch", "--checklist", "Lay out clothes", "--checklist", "Lights off"], now: now)
        #expect(added.lines.first?.hasSuffix(": Bedtime · No schedule (checklist) · active") == true)
        let id = try #require(try board.templates().first?["id"] as? String)
        #expect(try board.run(["routine", "link", id, "2", "drink water"], now: now).status == 0)
        return id
    }

    func table(_ board: BoardFile, _ sql: String) throws -> [Row] {
        let db = try DatabaseQueue(path: board.path)
        defer { try? db.close() }
        return try db.read { try Row.fetchAll($0, sql: sql) }
    }

    @Test func ticksResetAtLocalMidnightAndCountNowhere() throws {
        let board = try BoardFile()
        let id = try bedtime(board)
        for step in ["1", "2", "3"] {
            #expect(try board.run(["routine", "tick", id, step], now: "2026-11-21T21:30").status == 0)
        }
        let evening = try board.run(["routine", "show", id], now: "2026-11-21T23:59")
        #expect(evening.lines == [
            "Bedtime · Sat Nov 21 (today) · 3 of 5 done",
            "  1. [x] Brush teeth", "  2. [x] Drink water → habit: Drink water", "  3. [x] Stretch",
            "  4. [ ] Lay out clothes", "  5. [ ] Lights off",
        ])
        let morning = try board.run(["routine", "show", id], now: "2026-11-22T00:01")
        #expect(morning.lines.first == "Bedtime · Sun Nov 22 (today) · 0 of 5 done")
        #expect(morning.lines.dropFirst().allSatisfy { $0.contains("[ ]") })
        // Yesterday's list is still there to look at, and ticks never became entries.
        #expect(try board.run(["routine", "show", id, "--date", "2026-11-21"], now: "2026-11-22T00:01").lines.first
                == "Bedtime · Sat Nov 21 · 3 of 5 done")
        #expect(try table(board, "SELECT * FROM habit_entries").isEmpty)
        #expect(try board.run(["habit", "list"], now: "2026-11-22T00:01").lines.first?.hasSuffix("· streak 0 days") == true)
        // Unticking is the same command again.
        #expect(try board.run(["routine", "tick", id, "2", "--date", "2026-11-21"], now: "2026-11-22T00:01").lines
                == ["Unticked step 2 “Drink water” of Bedtime on Sat Nov 21."])
    }

    @Test func aTickAtTenToMidnightInTokyoBelongsToThatTokyoDay() throws {
        let board = try BoardFile()
        let id = try bedtime(board)
        func run(_ args: [String], _ now: String) throws -> BoardBinary.Result {
            try BoardBinary.run(args + ["--db", board.path, "--tz", "Asia/Tokyo"], environment: ["BOARD_NOW": now])
        }
        #expect(try run(["routine", "tick", id, "1"], "2026-11-21T23:50").lines == ["Ticked step 1 “Brush teeth” of Bedtime on Sat Nov 21."])
        #expect(try run(["routine", "show", id], "2026-11-21T23:50").lines.first == "Bedtime · Sat Nov 21 (today) · 1 of 5 done")
        #expect(try run(["routine", "show", id], "2026-11-22T00:10").lines.first == "Bedtime · Sun Nov 22 (today) · 0 of 5 done")
        let rows = try table(board, "SELECT day FROM routine_ticks")
        #expect(rows.map { $0["day"] as String } == ["2026-11-21"])
    }

    @Test func aScheduledRoutineShowsAndTicksTheOccurrenceOfThatDay() throws {
        let board = try BoardFile()
        #expect(try board.run(["template", "add", "Gym", "--every", "every day", "--checklist", "Warm up", "--checklist", "Lift"]).status == 0)
        let id = try #require(try board.templates().first?["id"] as? String)
        #expect(try board.run(["routine", "tick", id, "2", "--date", "2026-11-22"]).status == 0)
        #expect(try board.run(["routine", "show", id, "--date", "2026-11-22"], now: "2026-11-23T09:00").lines
                == ["Gym · Sun Nov 22 · 1 of 2 done", "  1. [ ] Warm up", "  2. [x] Lift"])
        #expect(try board.run(["routine", "show", id], now: "2026-11-23T09:00").lines.first == "Gym · Mon Nov 23 (today) · 0 of 2 done")
    }

    @Test(arguments: [
        (["routine", "tick", "ID", "6"], "error: step: must be a step number from 1 to 5"),
        (["routine", "tick", "ID", "two"], "error: step: must be a step number from 1, got 'two'"),
        (["routine", "tick", "ID", "1", "--date", "2026-11-22"], "error: date: 2026-11-22 hasn't come yet; a checklist is ticked on its day"),
        (["routine", "tick", "ID", "1", "--date", "2026-10-21"], "error: date: 2026-10-21 is more than 30 days ago; older ticks are not kept"),
        (["routine", "show", "ID", "--date", "21/11"], "error: date: '21/11' is ambiguous (day/month or month/day?); write YYYY-MM-DD or a month's name, such as dec 3"),
        (["routine", "link", "ID", "1", "Meditate"], "error: habit: no habit named 'Meditate' (board habit list shows them)"),
        (["routine", "link", "ID", "1"], "error: habit: give a habit's name, or --none to unlink, not both"),
        (["template", "add", "Walk", "--no-schedule", "--every", "daily"], "error: no-schedule: a routine without a schedule takes no --every, --starts, --until, --times or --time"),
        (["template", "add", "Long", "--no-schedule"] + (1...11).flatMap { ["--checklist", "Step \($0)"] }, "error: checklist: at most 10 steps, got 11"),
        (["template", "edit", "ID", "--every", "daily"], "error: repeat: “Bedtime” was created without a schedule and keeps none; create a scheduled template instead"),
    ])
    func badInputIsOneLineStatusTwoAndWritesNothing(arguments: [String], message: String) throws {
        let board = try BoardFile()
        let id = try bedtime(board)
        try board.run(["routine", "tick", id, "1"], now: "2026-11-21T21:10")
        let before = try table(board, "SELECT * FROM routine_ticks").map(\.description) + (try table(board, "SELECT * FROM templates").map(\.description))
        let r = try board.run(arguments.map { $0 == "ID" ? id : $0 }, now: "2026-11-21T21:30")
        #expect(r.status == 2)
        #expect(r.stderr == message + "\n")
        let after = try table(board, "SELECT * FROM routine_ticks").map(\.description) + (try table(board, "SELECT * FROM templates").map(\.description))
        #expect(after == before)
    }
}
