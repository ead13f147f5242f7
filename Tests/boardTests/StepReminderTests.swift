import Foundation
import GRDB
import Testing

/// A timed step that reminds (issue 54, item 3): "07:30 Meds" of a sitter's routine, opted in with
/// `board routine remind`, reminds at 07:30 on each day the routine runs, once across a person's
/// devices and the server; a ticked step, a finished run or a step taken off the day's list never.
@Suite(.serialized) struct StepReminderTests {
    typealias Device = SyncCommandTests.Device

    func remind(_ board: BoardFile, at now: String) throws -> [String] {
        try BoardBinary.run(["remind", "--db", board.path], environment: ["BOARD_NOW": now, "BOARD_TZ": "Europe/Paris"]).lines
    }

    @Test func aStepRemindsAtItsTimeOnceAndNotOnceTicked() throws {
        let board = try BoardFile()
        let added = try board.run(["template", "add", "Sitter", "--every", "every day at 7:00", "--starts", "2026-11-21",
                                   "--checklist", "Play", "--checklist", "07:30 Meds"], now: "2026-11-20T20:00")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(try board.templates().first?["id"] as? String)
        // Timed steps come first: "07:30 Meds" is step 1.
        #expect(try board.run(["routine", "remind", id, "1"], now: "2026-11-20T20:00").lines
                == ["Step 1 “07:30 Meds” reminds at 07:30 on each day the routine runs."])
        #expect(try board.run(["routine", "show", id, "--date", "2026-11-21"], now: "2026-11-21T06:00").lines.contains("  1. [ ] 07:30 Meds (reminds)  ← next"))
        var lines: [String] = []
        for now in ["2026-11-21T06:59", "2026-11-21T07:00", "2026-11-21T07:29", "2026-11-21T07:30", "2026-11-21T07:31", "2026-11-21T07:45"] {
            lines += try remind(board, at: now)
        }
        #expect(lines == ["\u{7}Reminder: Sitter · Sat Nov 21 07:00", "\u{7}Reminder: 07:30 Meds · Sitter · Sat Nov 21 07:30"], "\(lines)")
        // The next day the step is ticked before its time: nothing at 07:30.
        #expect(try board.run(["routine", "tick", id, "1", "--date", "2026-11-22"], now: "2026-11-22T07:10").status == 0)
        #expect(try remind(board, at: "2026-11-22T07:30").filter { $0.contains("Meds") }.isEmpty)
        // Off: the day after, only the run's own reminder.
        #expect(try board.run(["routine", "remind", id, "1", "--off"], now: "2026-11-22T20:00").lines == ["Step 1 “07:30 Meds” no longer reminds."])
        #expect(try remind(board, at: "2026-11-23T07:00") + remind(board, at: "2026-11-23T07:30") == ["\u{7}Reminder: Sitter · Mon Nov 23 07:00"])
    }

    /// The same late and missed rules as a card's: within the grace window late, past it reported once.
    @Test func aLateStepIsSentLateAndAMissedOneReportedOnce() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Sitter", "--every", "every day at 6:00", "--starts", "2026-11-21", "--checklist", "07:30 Meds",
                       "--checklist", "08:10 School run"], now: "2026-11-20T20:00")
        let id = try #require(try board.templates().first?["id"] as? String)
        for step in ["1", "2"] { #expect(try board.run(["routine", "remind", id, step], now: "2026-11-20T20:00").status == 0) }
        #expect(try remind(board, at: "2026-11-21T08:15") == [
            "2 reminders missed while not running: Sitter (Sat Nov 21 06:00), 07:30 Meds · Sitter (Sat Nov 21 07:30)",
            "\u{7}Reminder: 08:10 School run · Sitter · Sat Nov 21 08:10 (late)",
        ])
        #expect(try remind(board, at: "2026-11-21T08:16").isEmpty, "nothing twice")
    }

    @Test(arguments: [
        (["routine", "remind", "ID", "2"], "error: step: “Play” has no time; a step reminds at the time it begins with, as in “07:30 Meds”"),
        (["routine", "remind", "ID", "3"], "error: step: must be a step number from 1 to 2"),
        (["routine", "remind", "ID", "x"], "error: step: must be a step number from 1, got 'x'"),
        (["routine", "remind", "NOSCHEDULE", "1"], "error: step: “Bedtime” has no schedule; a step reminds on the days a routine runs"),
    ])
    func aStepWithoutATimeOrARoutineWithoutASchedulesIsRefused(arguments: [String], message: String) throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Sitter", "--every", "every day", "--checklist", "Play", "--checklist", "07:30 Meds"])
        try board.run(["template", "add", "Bedtime", "--no-schedule", "--checklist", "21:00 Lights off"])
        let templates = try board.templates()
        let sitter = try #require(templates.first { $0["title"] as? String == "Sitter" }?["id"] as? String)
        let bedtime = try #require(templates.first { $0["title"] as? String == "Bedtime" }?["id"] as? String)
        func reminding() throws -> Int {
            try [sitter, bedtime].map { id in
                let shown = try JSONSerialization.jsonObject(with: Data(try board.run(["routine", "show", id, "--json"]).stdout.utf8)) as? [String: Any]
                return (shown?["steps"] as? [[String: Any]] ?? []).filter { $0["reminds"] as? Bool == true }.count
            }.reduce(0, +)
        }
        #expect(try board.run(["routine", "remind", sitter, "1"]).status == 0)
        let r = try board.run(arguments.map { $0 == "ID" ? sitter : $0 == "NOSCHEDULE" ? bedtime : $0 })
        #expect(r.status == 2)
        #expect(r.stderr == message + "\n")
        #expect(try reminding() == 1, "nothing written but the one step opted in")
    }

    /// Across a person's devices and the server: the step is reminded once, by whoever comes first.
    @Test func aStepRemindsOnceAcrossDevicesAndTheServer() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url = try SyncCommandTests.server(pg)[0]
        let a = Device("laptop", server: url), b = Device("phone", server: url)
        try a.ok(["template", "add", "Sitter", "--every", "every day at 7:00", "--starts", "2026-11-26", "--checklist", "07:30 Meds"],
                 now: "2026-11-25T20:00")
        let id = try #require(try JSONSerialization.jsonObject(with: Data(a.ok(["template", "list", "--json"], now: "2026-11-25T20:00").utf8))
            as? [[String: Any]]).first?["id"] as? String
        try a.ok(["routine", "remind", try #require(id), "1"], now: "2026-11-25T20:00")
        for device in [a, b, a] { _ = try device.sync(now: "2026-11-25T20:01") }
        try a.ok(["sync", "--server-reminders", "+33 6 12 34 56 78"])
        // 07:30 in Paris is 06:30 UTC: the server goes first.
        let sent = pg.folder + "/sent"
        let command = #"printf '%s|%s\n' "$BOARD_TITLE" "$BOARD_WHEN" >> "# + "'\(sent)'"
        for now in ["2026-11-26T06:00:30", "2026-11-26T06:30:30", "2026-11-26T06:31"] {
            let r = try BoardBinary.run(["server", "remind", "--server", pg.adminURL, "--state", pg.folder + "/replica", "--now", now, "--exec", command])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let lines = ((try? String(contentsOfFile: sent, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        #expect(lines == ["Sitter|2026-11-26T07:00", "07:30 Meds · Sitter|2026-11-26T07:30"], "\(lines)")
        // Neither device sends it again.
        for device in [a, b] {
            let out = try device.run(["remind"], now: "2026-11-26T07:31")
            #expect(out.status == 0 && !out.stdout.contains("Meds"), "\(out.stdout)")
        }
    }
}
