import Foundation
import Testing

/// Long lists page, and Upcoming starts today: through the real binary in tmux.
@Suite struct ScreenPagingTests {
    /// Issue: on a board with twelve weeks of history Upcoming started at its first day
    /// (`Tue Sep 1 / [x] Stretch … ↓ 123 more`), PgDn, End and G did nothing, and within a day
    /// 10:00 came before 07:30.
    @Test func upcomingStartsTodayInTimeOrderAndEveryKeyPages() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Stand-up", "--every", "every day at 10:00"], now: "2026-08-31T06:00")
        try board.run(["template", "add", "Stretch", "--every", "every day at 7:30"], now: "2026-08-31T06:00")
        // A week at a time the occurrences are generated, as a board opened now and then would.
        var day = 0
        while day <= 84 {
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: ISO8601DateFormatter().date(from: "2026-08-31T12:00:00Z")!)!
            let stamp = ISO8601DateFormatter().string(from: date).prefix(10) + "T06:00"
            #expect(try board.run(["generate"], now: String(stamp)).status == 0)
            day += 6
        }
        let session = try TmuxSession(["--db", board.path], width: 120, height: 40)
        #expect(session.waitFor { $0.contains("Routines (") }.0)
        try session.send("l", "l", "l", "l")
        let (today, screen) = session.waitFor { $0.contains("Occurrence of") && $0.contains("earlier") && $0.contains("Today · Sat Nov 21") }
        #expect(today, "\(screen)")
        let lines = screen.split(separator: "\n").map(String.init)
        let routines = lines.map { $0.split(separator: "│", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        let marker = try #require(routines.firstIndex { $0.contains("earlier") }, "\(screen)")
        #expect(routines[marker + 1].contains("Today · Sat Nov 21"), "\(routines[marker + 1])")
        // Today's Stretch (07:30) comes before today's Stand-up (10:00), and the focus is on the first.
        let stretch = try #require(routines[marker...].firstIndex { $0.contains("Stretch") })
        let standUp = try #require(routines[marker...].firstIndex { $0.contains("Stand-up") })
        #expect(stretch < standUp && routines[stretch].contains("›"), "\(routines.joined(separator: "\n"))")
        // PgDn moves a screenful, End and G to the last card, Home to the first (from Sep).
        try session.send("PageDown")
        #expect(session.waitFor { $0.contains("Nov 2") && $0.contains("Occurrence of") && !$0.contains("Today · Sat Nov 21") }.0)
        try session.send("Home")
        #expect(session.waitFor { $0.contains("Mon Aug 31") || $0.contains("Aug 31") }.0, "\(session.screen)")
        try session.send("G")
        let (last, end) = session.waitFor { $0.contains("Fri Nov 27") && !$0.contains("↓ ") }
        #expect(last, "\(end)")
        try session.send("q")
    }

    /// The help and the Stats view page too.
    @Test func helpPagesWithPgDnAndEnd() throws {
        let board = try BoardFile()
        let session = try TmuxSession(["--db", board.path], width: 80, height: 24)
        #expect(session.waitFor { $0.contains("This Week (0)") }.0)
        try session.send("?")
        #expect(session.waitFor { $0.contains("Keys") && $0.contains("↓ more") }.0)
        try session.send("End")
        #expect(session.waitFor { $0.contains("any other key closes") && $0.contains("↑ more") }.0)
        try session.send("g")
        #expect(session.waitFor { $0.contains("│ Keys") }.0)
        try session.send("PageDown")
        #expect(session.waitFor { !$0.contains("│ Keys") && $0.contains("↑ more") }.0)
        try session.send("q")
    }
}
