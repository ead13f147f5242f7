import Foundation
import Testing

/// `board stats` through the binary on a history made day by day with the binary: the figures
/// computed by hand (see the comments) in text, JSON and CSV; bad options refused.
@Suite struct StatsCommandTests {
    /// "Stretch", daily from Oct 1 2026 with three steps: completed Oct 1–20 (two steps ticked up
    /// to the 10th, one after), Oct 21 missed, Oct 22–24 skipped on the 22nd, Oct 25–28 retitled,
    /// paused and resumed twice. "Drink water": Sep 1–14 and Oct 14–22. Today: Thursday Oct 22.
    static func history() throws -> BoardFile {
        let board = try BoardFile()
        func run(_ arguments: [String], now: String = "2026-10-22T08:00") throws -> BoardBinary.Result {
            let r = try board.run(arguments, now: now)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            return r
        }
        let added = try run(["template", "add", "Stretch", "--every", "every day", "--starts", "2026-10-01",
                             "--checklist", "Warm up", "--checklist", "Hold", "--checklist", "Breathe"], now: "2026-10-01T08:00")
        let id = String(added.stdout.split(separator: " ")[2].prefix(8))
        for day in 2...22 { _ = try run(["generate"], now: String(format: "2026-10-%02dT08:00", day)) }
        for day in 1...20 {
            let date = String(format: "2026-10-%02d", day)
            _ = try run(["routine", "tick", id, "1", "--date", date])
            if day <= 10 { _ = try run(["routine", "tick", id, "2", "--date", date]) }
        }
        let occurrences = try board.cards(now: "2026-10-22T08:00").filter { $0["template_id"] as? String != nil }
        func card(on date: String) -> String { String((occurrences.first { $0["occurrence_date"] as? String == date }!["id"] as! String).prefix(8)) }
        for day in 1...20 { _ = try run(["done", card(on: String(format: "2026-10-%02d", day))]) }
        for _ in 1...3 { _ = try run(["template", "skip-next", id]) }
        for day in 25...28 { _ = try run(["edit", card(on: "2026-10-\(day)"), "--title", "Stretch, longer"]) }
        for _ in 1...2 {
            _ = try run(["template", "pause", id])
            _ = try run(["template", "resume", id])
        }
        _ = try run(["habit", "add", "Drink water"])
        for day in 1...14 { _ = try run(["habit", "check", "Drink water", "--date", String(format: "2026-09-%02d", day)]) }
        for day in 14...22 { _ = try run(["habit", "check", "Drink water", "--date", "2026-10-\(day)"]) }
        return board
    }

    /// Completing an after-completion routine's occurrence makes the next; reopening takes it back,
    /// so it was never given: one generated, one open (the count said 2 generated, 1 open).
    @Test func reopeningTakesBackWhatCompletionGenerated() throws {
        let board = try BoardFile()
        let now = "2026-11-24T09:00"
        #expect(try board.run(["template", "add", "Water plants", "--every", "3 days after completion"], now: now).status == 0)
        let card = String((try board.cards(now: now).first!["id"] as! String).prefix(8))
        #expect(try board.run(["done", card], now: now).status == 0)
        #expect(try board.run(["reopen", card], now: now).status == 0)
        let stats = try board.run(["stats"], now: now)
        #expect(stats.lines.contains("  generated 1, completed 0, skipped 0, deleted 0, open 1"), "\(stats.stdout)")
    }

    @Test func theFiguresReadTheSameInTextJSONAndCSV() throws {
        let board = try Self.history()
        let text = try board.run(["stats"], now: "2026-10-22T08:00")
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.lines
        // 20 of 21 is 152 eighths of 20 cells: 19 full; 2/3 of a week is level 5 of 0–7 (▆); check-ins scale to the busiest week (7).
        #expect(lines.first == "Stats · last 12 weeks (Aug 3, 2026 – Oct 22, 2026)")
        #expect(lines.contains("  adherence  ███████████████████·  adherence 95% (20 of 21 due completed)"), "\(text.stdout)")
        #expect(lines.contains("  weeks              ███▆  completed share per week, oldest first (blank: none due)"), "\(text.stdout)")
        #expect(lines.contains("  generated 28, completed 20, skipped 3, deleted 0, open 5"))
        #expect(lines.contains("  title      ██████████ 4"))
        // Issue 44 (seed 003: routines suggest, only entries count): no figure scores a routine's ticked steps.
        #expect(lines.contains("  paused 2 times · resumed 2 times"))
        #expect(!text.stdout.contains("steps per completed occurrence"))
        #expect(lines.contains("Drink water · streak 9 days (longest 14 days)"))
        #expect(lines.contains("  check-ins  ▁▁▁▁▇█▂▁▁▁▆▅  0 0 0 0 6 7 1 0 0 0 5 4"), "\(text.stdout)")

        let json = try JSONSerialization.jsonObject(with: Data(try board.run(["stats", "--json"], now: "2026-10-22T08:00").stdout.utf8)) as! [String: Any]
        let stretch = (json["templates"] as! [[String: Any]])[0]
        #expect(stretch["title"] as? String == "Stretch")
        for (key, value) in ["generated": 28, "completed": 20, "skipped": 3, "deleted": 0, "open": 5, "pauses": 2, "resumes": 2] {
            #expect(stretch[key] as? Int == value, "\(key)")
        }
        #expect(stretch["adherence"] as? Double == 0.952)
        #expect(stretch["exceptions"] as? [String: Int] == ["title": 4])
        #expect(stretch["steps_per_occurrence"] == nil)
        let habit = (json["habits"] as! [[String: Any]])[0]
        #expect(habit["name"] as? String == "Drink water")
        #expect(habit["current_streak"] as? Int == 9 && habit["longest_streak"] as? Int == 14)
        #expect(habit["checkins_by_week"] as? [Int] == [0, 0, 0, 0, 6, 7, 1, 0, 0, 0, 5, 4])

        let csv = try board.run(["stats", "--csv"], now: "2026-10-22T08:00").stdout.components(separatedBy: "\r\n")
        #expect(csv[0] == "kind,id,title,generated,completed,skipped,deleted,open,due,adherence,exceptions,pauses,resumes,remaining_by_week,completion_by_week,checkins_by_week,current_streak,longest_streak,met_by_week,target")
        #expect(csv[1].hasPrefix("template,"))
        #expect(csv[1].hasSuffix(",Stretch,28,20,3,0,5,21,0.952,title=4,2,2,,;;;;;;;;1.000;1.000;1.000;0.667,,,,,"), "\(csv[1])")
        #expect(csv[2].hasSuffix(",Drink water,,,,,,,,,,,,,0;0;0;0;6;7;1;0;0;0;5;4,9,14,0;0;0;0;6;7;1;0;0;0;5;4,1/day"), "\(csv[2])")
        #expect(csv[3] == "totals,,All templates,28,20,3,0,5,21,0.952,title=4,2,2,,,,,,,")
    }

    @Test(arguments: [
        (["stats", "--weeks", "0"], "error: weeks: must be 1 to 104, got 0\n"),
        (["stats", "--weeks", "105"], "error: weeks: must be 1 to 104, got 105\n"),
        (["stats", "--json", "--csv"], "error: format: --json and --csv can't both be given\n"),
    ])
    func badOptionsAreRefused(arguments: [String], message: String) throws {
        let board = try BoardFile()
        try board.create()
        let r = try board.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr == message)
    }
}
