import Foundation
import GRDB
import Testing

/// What SQLite promises, checked through the real binary: no duplicate occurrence when two
/// processes generate at once, and all-or-nothing when a propagation is killed midway.
@Suite(.serialized) struct CrashAndConcurrencyTests {
    @Test func twoProcessesGeneratingTogetherFiftyTimesCreateNoDuplicate() throws {
        let board = try BoardFile()
        for phrase in ["every day", "every weekday", "every other day", "every mon and thu"] {
            try board.run(["template", "add", phrase, "--every", phrase, "--starts", "2026-11-21"], now: "2026-11-21T08:00")
        }
        let start = LocalDateParts(2026, 11, 22)
        for round in 0..<50 {
            let now = start.adding(days: round) + "T08:00"
            let pair = (0..<2).map { _ in BoardBinary.process(["generate", "--db", board.path], environment: ["BOARD_NOW": now]) }
            let errors = pair.map { p in let e = Pipe(); p.standardError = e; p.standardOutput = Pipe(); return e }
            for p in pair { try p.run() }
            for p in pair { p.waitUntilExit() }
            for (p, e) in zip(pair, errors) {
                #expect(p.terminationStatus == 0, "round \(round): \(String(decoding: e.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
            }
        }
        let db = try DatabaseQueue(path: board.path)
        let (duplicates, total) = try db.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM tasks GROUP BY series_id, occurrence_date HAVING COUNT(*) > 1)")!,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks")!)
        }
        #expect(duplicates == 0)
        // Every day from Nov 21 to Jan 16 (the last window ends 6 days after Jan 10): 57 days.
        let expected = try BoardBinary.run(["recur", "expand", "--batch"], stdin: [
            "every day", "every weekday", "every other day", "every mon and thu",
        ].map { "\($0)\t2026-11-21\t1000" }.joined(separator: "\n") + "\n").lines
            .map { $0.split(separator: ",").filter { $0 <= "2027-01-16" }.count }.reduce(0, +)
        #expect(total == expected)
    }

    @Test func aPropagationKilledMidwayLeavesAllOldOrAllNew() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Old title", "--every", "every day", "--starts", "2026-11-21"])
        let db = try DatabaseQueue(path: board.path)
        // 10,000 open occurrences: the generated week plus 9,993 later days written directly.
        try db.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 7 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
                INSERT INTO tasks (id, owner_id, title, bucket, position, due_date, created_at, updated_at, template_id, series_id, occurrence_date)
                SELECT lower(hex(randomblob(16))), t.owner_id, 'Old title', 'ROUTINES', 100 + n.i, date('2026-11-21', '+' || n.i || ' days'),
                       'x', 'x', t.template_id, t.series_id, date('2026-11-21', '+' || n.i || ' days')
                FROM n, (SELECT owner_id, template_id, series_id FROM tasks LIMIT 1) t
                """)
        }
        #expect(try db.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM tasks WHERE is_completed = 0") } == 10_000)
        try db.close()
        let templateId = try board.templates()[0]["id"] as! String

        let process = BoardBinary.process(["template", "edit", templateId, "--title", "New title", "--yes", "--db", board.path])
        let progress = Pipe()
        process.standardError = progress
        process.standardOutput = Pipe()
        try process.run()
        var seen = ""
        var killedMidway = false
        while process.isRunning {
            let chunk = progress.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
            if seen.contains("Updated 5000 of 10000") {
                kill(process.processIdentifier, SIGKILL)
                killedMidway = true
                break
            }
        }
        process.waitUntilExit()
        #expect(killedMidway, "the edit finished before it could be killed: \(seen.suffix(200))")

        let after = try DatabaseQueue(path: board.path)
        let (titles, integrity, version) = try after.read { db in
            (try String.fetchAll(db, sql: "SELECT DISTINCT title FROM tasks"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"),
             try Int.fetchOne(db, sql: "SELECT version FROM templates"))
        }
        #expect(integrity == "ok")
        #expect(titles == ["Old title"] && version == 1 || titles == ["New title"] && version == 2, "\(titles) at version \(String(describing: version))")
        // And the board opens and works.
        #expect(try board.run(["list", "--bucket", "this-week"]).status == 0)
    }
}

/// Day arithmetic for building `--now` values without the model.
struct LocalDateParts {
    let date: Date
    init(_ y: Int, _ m: Int, _ d: Int) {
        date = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: y, month: m, day: d).date!
    }
    func adding(days: Int) -> String {
        let f = DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: date.addingTimeInterval(Double(days) * 86_400))
    }
}
