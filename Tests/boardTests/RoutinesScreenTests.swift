import Foundation
import Testing

/// Routines end to end: the real binary in tmux, a template made in the form, an exception,
/// a propagation with its dialog, reapply, series actions and undo.
@Suite(.serialized) struct RoutinesScreenTests {
    @Test func aRoutineFromTheFormThroughPropagationExceptionsAndSeriesActions() throws {
        let board = try BoardFile()
        let session = try TmuxSession(["--db", board.path], now: "2026-11-21T06:00")
        #expect(session.waitFor { $0.contains("Routines (0 runs)") }.0)

        // "every weekday at 7:30" through the form: Repeat ‹ In words ›, the phrase, Save and activate.
        try session.send("t")
        try session.type("Standup")
        for _ in 0..<7 { try session.send("Tab") }
        try session.send("Left", "Tab")
        try session.type("every weekday at 7:30")
        #expect(session.waitFor { $0.contains("→ Every weekday at 07:30") && $0.contains("Mon Nov 23 07:30") }.0, "parsed as typed, previewed")
        try session.send("Tab", "Tab", "Tab", "Enter")
        // Each under its day's heading in Upcoming. Waited for with the rest: a screen caught while the
        // frame is still being written (a loaded machine) shows the header's count before the days.
        let days = ["Mon Nov 23", "Tue Nov 24", "Wed Nov 25", "Thu Nov 26", "Fri Nov 27"]
        let (created, afterCreate) = session.waitFor(15) { screen in
            screen.contains("Standup · active") && screen.contains("Routines (5 runs)")
                && days.allSatisfy { screen.contains("│\($0)") || screen.contains("\($0)\n") }
        }
        #expect(created, "every weekday's run is in Upcoming:\n\(afterCreate)")

        // An exception on Monday's occurrence, and Tuesday's completed.
        try session.send("Down", "e")
        for _ in 0..<7 { try session.send("BSpace") }
        try session.type("Standup (short)")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("Standup (short)") && $0.contains("Exception · From Template: Stan") }.0)
        try session.send("Down", "x")
        #expect(session.waitFor { $0.contains("[x] Standup") }.0)

        // Edit the template's title: the dialog counts 3 (not the exception, not the completed one).
        try session.send("Up", "Up", "e")
        #expect(session.waitFor { $0.contains("Edit template (active)") }.0)
        for _ in 0..<7 { try session.send("BSpace") }
        try session.type("Daily standup")
        try session.send("BTab", "BTab", "Enter")
        let (dialog, dialogScreen) = session.waitFor { $0.contains("Will update 3 non-completed occurrences.") }
        #expect(dialog, "\(dialogScreen)")
        #expect(dialogScreen.contains("Apply changes to all non-completed occurrences from today forward?"))
        try session.send("y")
        let (applied, afterApply) = session.waitFor { $0.contains("Daily standup · active") && $0.contains("updated 3 occurrences") }
        #expect(applied, "\(afterApply)")
        #expect(afterApply.contains("Standup (short)") && afterApply.contains("[x] Standup"), "the exception and the completed one keep their titles")
        #expect(afterApply.components(separatedBy: "[ ] Daily standup").count - 1 == 3)

        // Undo the whole propagation, then redo it.
        try session.send("u")
        #expect(session.waitFor { $0.contains("Standup · active") && $0.contains("Undid: edit of template") && !$0.contains("[ ] Daily standup") }.0)
        try session.send("C-r")
        #expect(session.waitFor { $0.contains("Daily standup · active") && $0.components(separatedBy: "[ ] Daily standup").count - 1 == 3 }.0)

        // Reapply the template's title on the excepted occurrence, from its detail.
        try session.send("Escape")
        try session.send("Down")
        try session.send("Enter")
        #expect(session.waitFor { $0.contains("Field customized. Reapply template? r resets this field") }.0)
        try session.send("r")
        #expect(session.waitFor { !$0.contains("Standup (short)") && $0.contains("Follows its template") }.0)
        try session.send("Escape")

        // Skip next, pause, resume, duplicate, archive: each on screen.
        try session.send("Up", "s")
        #expect(session.waitFor { $0.contains("Skipped “") && $0.contains("” on Mon Nov 23. u brings it back.") && !$0.contains("Mon Nov 23 07:30") }.0)
        try session.send("p")
        #expect(session.waitFor { $0.contains("Daily standup · paused") }.0)
        try session.send("p")
        #expect(session.waitFor { $0.contains("Daily standup · active") }.0)
        try session.send("c")
        #expect(session.waitFor { $0.contains("Daily standup (copy) · draft") }.0)
        try session.send("A")
        #expect(session.waitFor { !$0.contains("(copy) · draft") && $0.contains("Templates (+1 archived: z)") }.0)
        try session.send("z")
        #expect(session.waitFor { $0.contains("Daily standup (copy) · archived") }.0)
        try session.send("q")
    }

    /// Several times a day (issue 54) through the form: the Time row takes "8:00, 20:00", the
    /// preview lists each run, and Upcoming shows each run as its own line in time order.
    @Test func aRoutineTwiceADayFromTheTimeRow() throws {
        let board = try BoardFile()
        let session = try TmuxSession(["--db", board.path], now: "2026-11-21T06:00")
        #expect(session.waitFor { $0.contains("Routines (0 runs)") }.0)
        try session.send("t")
        try session.type("Meds")
        for _ in 0..<4 { try session.send("Tab") }
        try session.type("8:00, 20:00")
        let (previewed, form) = session.waitFor { $0.contains("Sat Nov 21 08:00") && $0.contains("Sat Nov 21 20:00") && $0.contains("Sun Nov 22 08:00") }
        #expect(previewed, "\(form)")
        // A bad time is refused on its row, in words, and nothing is saved.
        try session.type(", 25:00")
        #expect(session.waitFor { $0.contains("8:00, 20:00, 25:00") && $0.contains("got '25:00'") }.0)
        for _ in 0..<7 { try session.send("BSpace") }
        // Priority, Duration, Repeat, Starts on, Ends, then Save and activate.
        for _ in 0..<6 { try session.send("Tab") }
        try session.send("Enter")
        let (created, screen) = session.waitFor { $0.contains("Meds · active") && $0.contains("Routines (14 runs)") }
        #expect(created, "\(screen)")
        #expect(screen.contains("Every day at 08:00 and 20:00"), "\(screen)")
        let lines = screen.split(separator: "\n").map(String.init)
        let today = try #require(lines.firstIndex { $0.hasSuffix("Today · Sat Nov 21") })
        let morning = try #require(lines.firstIndex { $0.hasSuffix("08:00 · From Template: Meds") })
        let evening = try #require(lines.firstIndex { $0.hasSuffix("20:00 · From Template: Meds") })
        #expect(today < morning && morning < evening, "08:00 above 20:00 under today")
        #expect(lines[morning - 1].hasSuffix("[ ] Meds") && lines[evening - 1].hasSuffix("[ ] Meds"), "each run its own card")
        try session.send("q")
    }
}
