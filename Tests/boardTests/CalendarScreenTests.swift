import Foundation
import Testing

/// The time horizons end to end: the real binary in tmux (issue 39). The Calendar as a person uses
/// it, and midnight into a new week with the screen open.
@Suite(.serialized) struct CalendarScreenTests {
    @Test func aPlannedRunFoundInTheCalendarIsCompletedOnce() throws {
        let board = try BoardFile()
        let now = "2026-11-25T10:00"
        #expect(try board.run(["template", "add", "Stretch", "--every", "every day at 7am"], now: now).status == 0)
        #expect(try board.run(["add", "Dentist", "--due", "dec 2", "--time", "9am"], now: now).status == 0)
        let session = try TmuxSession(["--db", board.path], now: now)
        #expect(session.waitFor { $0.contains("Routines") }.0)
        try session.send("v")
        let (opened, openedScreen) = session.waitFor { $0.contains("Calendar · November 2026") && $0.contains("[25]") }
        #expect(opened, "\(openedScreen)")
        try session.send("g")
        try session.type("dec 25")
        try session.send("Enter")
        let (found, foundScreen) = session.waitFor { $0.contains("Fri Dec 25 · 1 item") && $0.contains("07:00 ( ) Stretch · planned run") }
        #expect(found, "\(foundScreen)")
        #expect(foundScreen.contains("Calendar · December 2026") && foundScreen.contains("›25‹"))
        try session.send("Space")
        #expect(session.waitFor { $0.contains("07:00 [x] Stretch · run") }.0)
        try session.send("Escape")
        Thread.sleep(forTimeInterval: 0.2)
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)
        let made = try board.cards(now: now).filter { $0["occurrence_date"] as? String == "2026-12-25" }
        #expect(made.count == 1 && made.first?["completed"] as? Bool == true, "\(made)")
    }

    /// The screen open across Sunday midnight: Monday's board has Next Week's card in This Week, and
    /// says so once.
    @Test func midnightIntoANewWeekWithTheScreenOpen() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "Plan trip", "--bucket", "next-week"], now: "2026-11-27T10:00").status == 0)
        // Ten seconds before midnight, and the first screen waited for whole (its columns, not only
        // its header): on a loaded machine the pane can be captured mid-paint.
        let session = try TmuxSession(["--db", board.path], now: "2026-11-29T23:59:50")
        let (before, beforeScreen) = session.waitFor { $0.contains("Sunday, Nov 29") && $0.contains("Next Week (") }
        #expect(before && beforeScreen.contains("Next Week (1)"), "\(beforeScreen)")
        let (after, afterScreen) = session.waitFor(20) { $0.contains("Monday, Nov 30") }
        #expect(after, "\(afterScreen)")
        #expect(session.waitFor { $0.contains("New week: This Week +1 (from Next Week); H/L moves any back") }.0, "\(session.screen)")
        #expect(session.screen.contains("This Week (1)") && session.screen.contains("Next Week (0)"))
        try session.send("q")
        #expect(session.waitFor { _ in !session.isRunning }.0)
    }
}
