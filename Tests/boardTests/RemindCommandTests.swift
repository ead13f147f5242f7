import Foundation
import GRDB
import Testing

/// `board remind` with --now stepping through time on a real database.
@Suite struct RemindCommandTests {
    func remind(_ board: BoardFile, at now: String, _ extra: [String] = [], tz: String = "Europe/Paris") throws -> BoardBinary.Result {
        try BoardBinary.run(["remind", "--db", board.path] + extra, environment: ["BOARD_NOW": now, "BOARD_TZ": tz])
    }

    @Test func aReminderFiresOnceAndOnlyOnceOverTwentyPasses() throws {
        let board = try BoardFile()
        try board.run(["add", "Call the bank", "--due", "2026-11-21", "--time", "09:00", "--remind-before", "10"], now: "2026-11-21T08:00")
        var lines: [String] = []
        for minute in 45..<65 {
            let now = minute < 60 ? "2026-11-21T08:\(minute)" : "2026-11-21T09:0\(minute - 60)"
            let r = try remind(board, at: now)
            #expect(r.status == 0)
            lines += r.lines
            if minute < 50 { #expect(r.lines.isEmpty, "nothing before 08:50") }
        }
        #expect(lines == ["\u{7}Reminder: Call the bank · Sat Nov 21 09:00"])
    }

    /// Issue 39: a routine at 06:30 delivered Wednesday's reminder; on Thursday its time was edited to
    /// 06:45, overdue runs too; the next pass reported Monday to Wednesday again as missed. A time
    /// edit never brings back a reminder already delivered or reported: the claim follows the run.
    @Test func aTimeEditNeverBringsBackADeliveredOrReportedReminder() throws {
        let board = try BoardFile()
        let made = try board.run(["template", "add", "Stretch", "--every", "every day at 6:30", "--starts", "2026-11-23"], now: "2026-11-22T20:00")
        let id = try #require(made.stdout.split(separator: " ").dropFirst(2).first.map { String($0.dropLast()) }, "\(made.stdout)")
        for day in ["2026-11-23", "2026-11-24"] { try board.run(["generate"], now: day + "T05:00") }
        let wednesday = try remind(board, at: "2026-11-25T06:31")
        #expect(wednesday.lines == [
            "2 reminders missed while not running: Stretch (Mon Nov 23 06:30), Stretch (Tue Nov 24 06:30)",
            "\u{7}Reminder: Stretch · Wed Nov 25 06:30",
        ], "\(wednesday.lines)")
        #expect(try remind(board, at: "2026-11-26T06:31").lines == ["\u{7}Reminder: Stretch · Thu Nov 26 06:30"])
        let edit = try board.run(["template", "edit", id, "--time", "06:45", "--include-overdue", "--yes"], now: "2026-11-26T07:00")
        #expect(edit.status == 0, "\(edit.stderr)")
        let after = try remind(board, at: "2026-11-26T07:01")
        #expect(after.status == 0 && after.lines.isEmpty, "\(after.lines)")
        // Friday's run, at its new time, reminds as ever.
        #expect(try remind(board, at: "2026-11-27T06:45").lines == ["\u{7}Reminder: Stretch · Fri Nov 27 06:45"])
    }

    @Test func catchUpInsideTheGraceWindowIsLateAndOlderOnesAreReportedInOneLine() throws {
        let board = try BoardFile()
        for (title, time) in [("Water plants", "08:30"), ("Stand up", "08:05"), ("Stretch", "07:50")] {
            try board.run(["add", title, "--due", "2026-11-21", "--time", time], now: "2026-11-21T07:00")
        }
        let r = try remind(board, at: "2026-11-21T08:37")
        #expect(r.lines == [
            "2 reminders missed while not running: Stretch (Sat Nov 21 07:50), Stand up (Sat Nov 21 08:05)",
            "\u{7}Reminder: Water plants · Sat Nov 21 08:30 (late)",
        ])
        #expect(try remind(board, at: "2026-11-21T08:38").lines.isEmpty, "missed ones are not reported again")
        let wider = try BoardFile()
        try wider.run(["add", "Stand up", "--due", "2026-11-21", "--time", "08:05"], now: "2026-11-21T07:00")
        #expect(try remind(wider, at: "2026-11-21T08:37", ["--grace", "60"]).lines == ["\u{7}Reminder: Stand up · Sat Nov 21 08:05 (late)"])
    }

    @Test func aRoutineAtTwoThirtyOnTheSpringForwardDayFiresAtThreeThirty() throws {
        let board = try BoardFile()
        let ny = "America/New_York"
        #expect(try BoardBinary.run(["template", "add", "Night check", "--every", "every day at 2:30", "--starts", "2026-03-07", "--db", board.path],
                                    environment: ["BOARD_NOW": "2026-03-07T12:00", "BOARD_TZ": ny]).status == 0)
        // The occurrence of Mar 7 was created at noon, after its time: it was never due, so nothing was missed.
        #expect(try remind(board, at: "2026-03-08T01:59", tz: ny).lines.isEmpty)
        #expect(try remind(board, at: "2026-03-08T03:29", tz: ny).lines.isEmpty, "02:30 does not exist; it is 03:30")
        #expect(try remind(board, at: "2026-03-08T03:30", tz: ny).lines == ["\u{7}Reminder: Night check · Sun Mar 8 03:30"], "the time it means")
        #expect(try remind(board, at: "2026-03-09T02:29", tz: ny).lines.isEmpty)
        #expect(try remind(board, at: "2026-03-09T02:30", tz: ny).lines == ["\u{7}Reminder: Night check · Mon Mar 9 02:30"])
    }

    /// Several times a day (issue 54): a routine at 01:30 and 02:30 reminds each run once, the
    /// spring-forward day's 02:30 at 03:30 and the fall-back day's 01:30 at the first 01:30.
    @Test func eachRunOfSeveralADayRemindsOnceAcrossDaylightSavingChanges() throws {
        let board = try BoardFile()
        let ny = "America/New_York"
        let added = try BoardBinary.run(["template", "add", "Meds", "--every", "every day at 1:30 and 2:30", "--starts", "2026-03-08", "--db", board.path],
                                        environment: ["BOARD_NOW": "2026-03-07T12:00", "BOARD_TZ": ny])
        #expect(added.status == 0, "\(added.stderr)")
        var spring: [String] = []
        for now in ["2026-03-08T01:29", "2026-03-08T01:30", "2026-03-08T01:31", "2026-03-08T03:29", "2026-03-08T03:30", "2026-03-08T03:31"] {
            spring += try remind(board, at: now, tz: ny).lines
        }
        #expect(spring == ["\u{7}Reminder: Meds · Sun Mar 8 01:30", "\u{7}Reminder: Meds · Sun Mar 8 03:30"], "\(spring)")
        let fall = try BoardFile()
        #expect(try BoardBinary.run(["template", "add", "Meds", "--every", "every day at 1:30 and 2:30", "--starts", "2026-11-01", "--db", fall.path],
                                    environment: ["BOARD_NOW": "2026-10-31T12:00", "BOARD_TZ": ny]).status == 0)
        // 05:30 UTC is the first 01:30 (EDT), 06:30 UTC the second (EST), 07:30 UTC is 02:30 EST.
        var autumn: [String] = []
        for utc in ["2026-11-01T05:29Z", "2026-11-01T05:30Z", "2026-11-01T06:30Z", "2026-11-01T07:29Z", "2026-11-01T07:30Z", "2026-11-01T07:31Z"] {
            autumn.append((try remind(fall, at: utc, tz: ny).lines).joined(separator: "|"))
        }
        #expect(autumn == ["", "\u{7}Reminder: Meds · Sun Nov 1 01:30", "", "", "\u{7}Reminder: Meds · Sun Nov 1 02:30", ""], "\(autumn)")
    }

    @Test func theNotifierGetsTheEnvironmentAndAFailingOneIsRetriedAndSurvived() throws {
        let board = try BoardFile()
        try board.run(["add", "Pay rent", "--due", "2026-11-21", "--time", "09:00", "--bucket", "weekend"], now: "2026-11-21T08:00")
        let out = URL(fileURLWithPath: board.path).deletingLastPathComponent().appendingPathComponent("env.txt").path
        let r = try remind(board, at: "2026-11-21T09:00", ["--exec", "env | grep '^BOARD_' | grep -v BOARD_NOW | grep -v BOARD_TZ | sort > '\(out)'"])
        #expect(r.status == 0)
        let env = try String(contentsOfFile: out, encoding: .utf8)
        let id = try board.cards()[0]["id"] as! String
        #expect(env == "BOARD_BUCKET=weekend\nBOARD_LATE=0\nBOARD_TASK_ID=\(id)\nBOARD_TITLE=Pay rent\nBOARD_WHEN=2026-11-21T09:00\n")

        try board.run(["add", "Fail", "--due", "2026-11-21", "--time", "09:05"], now: "2026-11-21T08:00")
        let failing = try remind(board, at: "2026-11-21T09:05", ["--exec", "exit 3"])
        #expect(failing.status == 4, "a one-shot pass says it failed in its exit status")
        #expect(failing.stderr.split(separator: "\n").count == 4 && failing.stderr.contains("attempt 3 of 3"))
        #expect(failing.stderr.hasSuffix("error: 1 reminder not delivered: the notifier failed 3 times on “Fail”\n"))
        #expect(try remind(board, at: "2026-11-21T09:06", ["--exec", "exit 3"]).stderr.isEmpty, "a claimed reminder is never tried again")
    }

    @Test func twoProcessesSideBySideDeliverTwoHundredRemindersExactlyOnce() throws {
        let board = try BoardFile()
        let db = try DatabaseQueue(path: { try? board.create(); return board.path }())
        let owner = try db.read { try String.fetchOne($0, sql: "SELECT owner_id FROM settings")! }
        try db.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO tasks (id, owner_id, title, bucket, position, due_date, due_time, created_at, updated_at)
                SELECT printf('%08d', n.i), ?, 'Reminder ' || n.i, 'THIS_WEEK', n.i, '2026-11-21', '09:00', 'x', 'x' FROM n
                """, arguments: [owner])
        }
        try db.close()
        let out = URL(fileURLWithPath: board.path).deletingLastPathComponent().appendingPathComponent("delivered.txt").path
        let pair = (0..<2).map { _ in
            BoardBinary.process(["remind", "--db", board.path, "--exec", "echo \"$BOARD_TASK_ID\" >> '\(out)'"],
                                environment: ["BOARD_NOW": "2026-11-21T09:01"])
        }
        for p in pair { p.standardOutput = FileHandle.nullDevice; try p.run() }
        for p in pair { p.waitUntilExit(); #expect(p.terminationStatus == 0) }
        let delivered = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(delivered.count == 200 && Set(delivered).count == 200)
    }
}
