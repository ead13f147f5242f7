import Foundation
import Testing

/// A routine several times a day through `board template` (issue 54): made and edited from the
/// command line, the edit's dialog counting per run, bad times refused by name with nothing written.
@Suite struct SeveralTimesCommandTests {
    @Test func fromOneTimeToTwoAndBackThroughTheCommandLine() throws {
        let board = try BoardFile()
        let made = try board.run(["template", "add", "Meds", "--every", "every day", "--time", "08:00"], now: "2026-11-21T07:00")
        #expect(made.status == 0, "\(made.stderr)")
        let id = try #require(try board.templates().first?["id"] as? String)
        #expect(try board.cards(now: "2026-11-21T07:00").count == 7)

        let two = try board.run(["template", "edit", id, "--time", "8:00, 20:00", "--yes"], now: "2026-11-21T07:00")
        #expect(two.status == 0, "\(two.stderr)")
        let after = try board.cards(now: "2026-11-21T07:00")
        #expect(after.count == 14 && after.filter { $0["due_time"] as? String == "20:00" }.count == 7)
        #expect(after.allSatisfy { $0["occurrence_time"] is String }, "each run keyed by its time")
        let listed = try #require(try board.templates().first)
        #expect(listed["times"] as? [String] == ["08:00", "20:00"] && listed["next_time"] as? String == "20:00", "10:00 now: 20:00 is next")

        // Back to one: the dialog counts the dropped time's open runs, and only those go.
        let back = try board.run(["template", "edit", id, "--time", "08:00", "--dry-run"], now: "2026-11-21T07:00")
        #expect(back.stdout.contains("7 unedited occurrences no longer on the schedule will be removed."), "\(back.stdout)")
        #expect(try board.run(["template", "edit", id, "--time", "08:00", "--yes"], now: "2026-11-21T07:00").status == 0)
        let one = try board.cards(now: "2026-11-21T07:00")
        #expect(one.count == 7 && one.allSatisfy { $0["due_time"] as? String == "08:00" && $0["occurrence_time"] == nil })
    }

    @Test(arguments: [
        (["--time", "8:00, 25:00"], "error: time: must be a time of day such as 9am, 6:30pm, noon, midnight or 21:00 (00:00 to 23:59), got '25:00'"),
        (["--time", "8:00, "], "error: time: has an empty time in '8:00, '; give times such as 8:00, 20:00 or mon 18:00"),
        (["--every", "every day at 7am and 7pm", "--time", "08:00"], "error: time: two times, --time 08:00 and the rule's 'at 07:00 and 19:00'; give one"),
        (["--every", "every mon", "--time", "sat 10:00"], "error: time: 10:00 on Saturday falls on no day the rule names"),
    ])
    func badTimesAreRefusedAndNothingIsWritten(options: [String], message: String) throws {
        let board = try BoardFile()
        let r = try board.run(["template", "add", "Meds"] + (options.contains("--every") ? [] : ["--every", "every day"]) + options)
        #expect(r.status == 2 && r.stderr == message + "\n", "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: board.path), "nothing written")
    }
}
