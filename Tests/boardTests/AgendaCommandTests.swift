import Foundation
import BoardModel
import Testing
import TestSupport

/// `board agenda` through the binary (issue 39): dated cards and routine runs day by day, the runs
/// past the generated week planned from their rules, exactly `recur expand`'s dates, and looking
/// never writes.
@Suite struct AgendaCommandTests {
    let wednesday = "2026-11-25T10:00"

    func agenda(_ board: BoardFile, _ arguments: [String], now: String) throws -> [[String: Any]] {
        let r = try board.run(["agenda", "--json"] + arguments, now: now)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return object?["items"] as? [[String: Any]] ?? []
    }

    @Test func cardsRunsAndPlannedRunsDayByDay() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "Dentist", "--due", "dec 2", "--time", "9am"], now: wednesday).status == 0)
        #expect(try board.run(["template", "add", "Stretch", "--every", "every day at 7am"], now: wednesday).status == 0)
        #expect(try board.run(["template", "add", "Birthday", "--every", "every year on january 27"], now: wednesday).status == 0)
        let text = try board.run(["agenda", "--days", "10"], now: wednesday).stdout
        // Generated through Tue Dec 1; from Wed Dec 2 Stretch's runs are planned, beside the card.
        // Issue 52: a run titled as its routine doesn't repeat the title ("Stretch · run of “Stretch”").
        #expect(text.contains("Tue Dec 1\n  07:00  [ ] Stretch · run · "), "\(text)")
        #expect(text.contains("Wed Dec 2\n  07:00  ( ) Stretch · planned run\n  09:00  [ ] Dentist · Next Week · "), "\(text)")
        // A run titled otherwise still names its routine.
        let run = try #require(text.split(separator: "\n").first { $0.contains("[ ] Stretch · run · ") }?.split(separator: " ").last.map(String.init))
        #expect(try board.run(["edit", run, "--title", "Short stretch"], now: wednesday).status == 0)
        #expect(try board.run(["agenda", "--days", "10"], now: wednesday).stdout.contains("[ ] Short stretch · run of “Stretch” · \(run)"))
        #expect(!text.contains("Dec 5\n") || text.contains("Sat Dec 5"), "\(text)")
        #expect(!text.contains("Birthday"))
        // A year's routine, months past the week.
        let january = try agenda(board, ["--from", "jan 26", "--days", "3"], now: wednesday)
        #expect(january.filter { $0["title"] as? String == "Birthday" }.map { $0["date"] as? String } == ["2027-01-27"])
        #expect(january.allSatisfy { $0["kind"] as? String == "planned" && $0["card_id"] is NSNull })
        #expect(january.count == 4)
        // A card's bucket reads as in list --json ("next-week"), not as stored.
        let december = try agenda(board, ["--from", "dec 2", "--days", "1"], now: wednesday)
        #expect(december.first { $0["title"] as? String == "Dentist" }?["bucket"] as? String == "next-week", "\(december)")
    }

    @Test func lookingNeverWrites() throws {
        let board = try BoardFile()
        #expect(try board.run(["template", "add", "Stretch", "--every", "every weekday at 7am"], now: wednesday).status == 0)
        let before = try board.run(["list", "--json"], now: wednesday).stdout
        let bytes = try Data(contentsOf: URL(fileURLWithPath: board.path))
        #expect(try board.run(["agenda", "--days", "366"], now: wednesday).status == 0)
        #expect(try board.run(["agenda", "--from", "2027-06-01", "--days", "90", "--json"], now: wednesday).status == 0)
        #expect(try board.run(["list", "--json"], now: wednesday).stdout == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.path)) == bytes)
    }

    /// Skipped and deleted dates are left out of what is planned; a paused routine plans nothing.
    @Test func skippedDeletedAndPausedRoutines() throws {
        let board = try BoardFile()
        let added = try board.run(["template", "add", "Stretch", "--every", "every day", "--starts", "2026-11-25"], now: wednesday)
        #expect(added.status == 0)
        let id = try #require(try board.templates().first?["id"] as? String)
        let first = try #require(try board.cards(now: wednesday).first { $0["occurrence_date"] as? String == "2026-11-25" }?["id"] as? String)
        #expect(try board.run(["delete", first], now: wednesday).status == 0)
        let dates = try agenda(board, ["--days", "14"], now: wednesday).compactMap { $0["date"] as? String }
        #expect(dates.first == "2026-11-26" && dates.count == 13, "\(dates)")
        #expect(try board.run(["template", "pause", id], now: wednesday).status == 0)
        let paused = try agenda(board, ["--days", "14"], now: wednesday)
        #expect(paused.allSatisfy { $0["kind"] as? String == "run" } && paused.count == 6, "\(paused.count)")
    }

    @Test func badInputIsRefusedNamingTheField() throws {
        let board = try BoardFile()
        try board.create()
        for (arguments, message) in [(["--days", "0"], "days: must be 1 to 366, got 0"), (["--days", "367"], "days: must be 1 to 366, got 367"),
                                     (["--from", "feb 30"], "from: February never has a 30th"), (["--from", "someday"], "from:")] {
            let r = try board.run(["agenda"] + arguments, now: wednesday)
            #expect(r.status == 2 && r.stderr.contains(message) && r.stdout.isEmpty, "\(arguments): \(r.stderr)")
        }
        #expect(try board.run(["agenda", "--days", "3"], now: wednesday).stdout == "Nothing dated from Wed Nov 25 to Fri Nov 27.\n")
    }

    /// A differential test: over random rules, starts and ranges, the agenda's runs of a routine
    /// (made and planned) are exactly `recur expand`'s dates in the range from today on.
    @Test func plannedRunsAreRecurExpandsDates() throws {
        var random = SeededGenerator(seed: 39)
        let phrases = ["every day", "every 3 days", "every weekday", "every other tuesday", "every month on the 31st",
                       "every month on the last friday", "every year on february 29", "every 2 weeks on monday and thursday",
                       "FREQ=MONTHLY;BYDAY=1MO", "every month on the 15th", "every saturday and sunday", "FREQ=WEEKLY;INTERVAL=3;BYDAY=FR",
                       "every day for 10 times", "every week until 2027-02-01", "every 5 days at 6:30pm", "every 3 months on the 5th"]
        let board = try BoardFile()
        let today = LocalDate(year: 2026, month: 11, day: 25)!
        var rules: [(title: String, phrase: String, start: String)] = []
        for (i, phrase) in phrases.enumerated() {
            let start = today.adding(days: Int.random(in: -60...40, using: &random)).iso
            let title = "R\(i)"
            let r = try board.run(["template", "add", title, "--every", phrase, "--starts", start], now: wednesday)
            #expect(r.status == 0, "\(phrase): \(r.stderr)")
            rules.append((title, phrase, start))
        }
        let batch = rules.map { "\($0.phrase)\t\($0.start)\t800" }.joined(separator: "\n") + "\n"
        let expanded = try BoardBinary.run(["recur", "expand", "--batch"], stdin: batch, environment: ["BOARD_NOW": wednesday]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(expanded.count == rules.count + 1)
        for _ in 0..<6 {
            let from = today.adding(days: Int.random(in: -20...300, using: &random)), days = Int.random(in: 1...120, using: &random)
            let last = from.adding(days: days - 1)
            let items = try agenda(board, ["--from", from.iso, "--days", String(days)], now: wednesday)
            for (i, rule) in rules.enumerated() {
                let expected = expanded[i].split(separator: ",").map { String($0.prefix(10)) }
                    .filter { $0 >= max(from.iso, today.iso) && $0 <= last.iso }
                let got = items.filter { $0["title"] as? String == rule.title }.compactMap { $0["date"] as? String }
                #expect(got == expected, "\(rule.phrase) from \(rule.start), agenda \(from.iso) + \(days)")
            }
        }
    }

    /// Several times a day (issue 54): each run its own line, made or planned, in time order; a
    /// planned run skipped at one time keeps the other.
    @Test func eachRunOfSeveralADayIsItsOwnLine() throws {
        let board = try BoardFile()
        #expect(try board.run(["template", "add", "Meds", "--every", "every day at 8am and 8pm"], now: "2026-11-21T07:00").status == 0)
        let text = try board.run(["agenda", "--from", "2026-11-27", "--days", "2"], now: "2026-11-21T07:00").stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 6 && lines[0] == "Fri Nov 27" && lines[3] == "Sat Nov 28", "\(text)")
        #expect(lines[1].hasPrefix("  08:00  [ ] Meds · run · ") && lines[2].hasPrefix("  20:00  [ ] Meds · run · "), "\(text)")
        #expect(lines[4] == "  08:00  ( ) Meds · planned run" && lines[5] == "  20:00  ( ) Meds · planned run", "\(text)")
        let items = try agenda(board, ["--from", "2026-11-28", "--days", "1"], now: "2026-11-21T07:00")
        #expect(items.map { $0["time"] as? String } == ["08:00", "20:00"])
    }
}
