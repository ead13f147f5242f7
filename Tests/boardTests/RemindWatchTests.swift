import Foundation
import GRDB
import Testing

/// `board remind --watch`: waking on time and on changes, two watchers, signals, a kill mid-delivery.
@Suite struct RemindWatchTests {
    func sibling(_ board: BoardFile, _ name: String) -> String {
        URL(fileURLWithPath: board.path).deletingLastPathComponent().appendingPathComponent(name).path
    }

    func lines(_ path: String) -> [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// Waits up to `seconds` for `condition`.
    func eventually(_ seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date() + seconds
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    func insertCards(_ board: BoardFile, count: Int, due: String, time: String) throws {
        let db = try DatabaseQueue(path: board.path)
        let owner = try db.read { try String.fetchOne($0, sql: "SELECT owner_id FROM settings")! }
        try db.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO tasks (id, owner_id, title, bucket, position, due_date, due_time, created_at, updated_at)
                SELECT printf('%08d', n.i), ?, 'Reminder ' || n.i, 'THIS_WEEK', n.i, ?, ?, 'x', 'x' FROM n
                """, arguments: [count, owner, due, time])
        }
        try db.close()
    }

    @Test func twoWatchersDeliverTwoHundredRemindersExactlyOnceAndStopCleanlyOnSignals() throws {
        let board = try BoardFile()
        try board.create()
        let out = sibling(board, "delivered.txt")
        let pair = (0..<2).map { _ in
            BoardBinary.process(["remind", "--watch", "--db", board.path, "--exec", "echo \"$BOARD_TASK_ID\" >> '\(out)'"],
                                environment: ["BOARD_NOW": "2026-11-21T09:00:30"])
        }
        for p in pair { p.standardOutput = FileHandle.nullDevice; try p.run() }
        Thread.sleep(forTimeInterval: 1)
        // Due a moment ago and written while both sleep: the change wakes them, not the 30 s timer.
        try insertCards(board, count: 200, due: "2026-11-21", time: "09:00")
        #expect(eventually(5) { !lines(out).isEmpty }, "delivering starts well before the 30 s wake-up")
        #expect(eventually(60) { lines(out).count >= 200 })
        Thread.sleep(forTimeInterval: 1.5)
        let delivered = lines(out)
        #expect(delivered.count == 200 && Set(delivered).count == 200)
        let bothRunning = pair.allSatisfy { $0.isRunning }
        #expect(bothRunning)
        kill(pair[0].processIdentifier, SIGTERM)
        kill(pair[1].processIdentifier, SIGINT)
        for p in pair {
            p.waitUntilExit()
            #expect(p.terminationReason == .exit && p.terminationStatus == 0, "a signal ends the watch cleanly")
        }
    }

    @Test func aWatcherWakesWhenAReminderComesDue() throws {
        let board = try BoardFile()
        try board.run(["add", "Tea", "--due", "2026-11-21", "--time", "09:01"], now: "2026-11-21T09:00")
        let watcher = BoardBinary.process(["remind", "--watch", "--db", board.path], environment: ["BOARD_NOW": "2026-11-21T09:00:57"])
        let output = Pipe()
        watcher.standardOutput = output
        try watcher.run()
        Thread.sleep(forTimeInterval: 1)
        #expect(watcher.isRunning)
        Thread.sleep(forTimeInterval: 4)
        kill(watcher.processIdentifier, SIGTERM)
        watcher.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text == "\u{7}Reminder: Tea · Sat Nov 21 09:01\n")
        #expect(watcher.terminationStatus == 0)
    }

    /// Documented: a watcher killed between the claim and the delivery loses that reminder rather
    /// than sending it twice; a later pass reports it once the claim is 10 minutes old.
    @Test func aWatcherKilledBetweenClaimAndDeliveryNeverDeliversTwice() throws {
        let board = try BoardFile()
        try board.run(["add", "Take pills", "--due", "2026-11-21", "--time", "09:00"], now: "2026-11-21T08:00")
        let log = sibling(board, "notify.txt")
        let marker = "board-kill-test-\(UUID().uuidString.prefix(8))"
        let watcher = BoardBinary.process(
            ["remind", "--watch", "--db", board.path, "--exec", "echo started >> '\(log)'; sleep 30 # \(marker)"],
            environment: ["BOARD_NOW": "2026-11-21T09:00"])
        watcher.standardOutput = FileHandle.nullDevice
        try watcher.run()
        #expect(eventually(10) { lines(log) == ["started"] }, "the claim is made and the notifier is running")
        kill(watcher.processIdentifier, SIGKILL)
        watcher.waitUntilExit()
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        pkill.arguments = ["-f", marker]
        try pkill.run()
        pkill.waitUntilExit()

        let db = try DatabaseQueue(path: board.path)
        #expect(try db.read { try String.fetchAll($0, sql: "SELECT status FROM reminders") } == ["claimed"])
        try db.close()
        let restart = try BoardBinary.run(["remind", "--db", board.path, "--exec", "echo again >> '\(log)'"],
                                          environment: ["BOARD_NOW": "2026-11-21T09:02"])
        #expect(restart.status == 0 && restart.stdout.isEmpty)
        #expect(lines(log) == ["started"], "a restart does not deliver it again")
        let later = try BoardBinary.run(["remind", "--db", board.path], environment: ["BOARD_NOW": "2026-11-21T09:11"])
        #expect(later.lines == ["1 reminder may not have been sent (a reminder process stopped while sending): Take pills (Sat Nov 21 09:00)"])
        #expect(try BoardBinary.run(["remind", "--db", board.path], environment: ["BOARD_NOW": "2026-11-21T09:12"]).stdout.isEmpty)
        #expect(lines(log) == ["started"])
    }
}
