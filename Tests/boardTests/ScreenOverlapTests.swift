import Foundation
import Testing

/// Nothing on the screen overlaps, through the real binary in tmux at the sizes people use.
@Suite struct ScreenOverlapTests {
    /// `count` cards titled "PREFIX N" in `bucket`, imported in one go.
    static func cards(_ count: Int, bucket: String, prefix: String = "Card") -> String {
        let cards = (0..<count).map { i in
            """
            {"id": "\(UUID().uuidString.lowercased())", "title": "\(prefix) \(i)", "bucket": "\(bucket)", "position": \(i),
             "description": "", "labels": [], "priority": 0, "due_date": null, "due_time": null, "duration": null,
             "completed": false, "checklist": [], "exceptions": [], "occurrence_date": null, "series_id": null, "template_id": null}
            """
        }
        return "[" + cards.joined(separator: ",\n") + "]"
    }

    /// The cells a line takes up to (not including) `index`, for the text these tests hold:
    /// CJK ideographs are two cells, everything else one.
    static func column(of index: String.Index, in line: String) -> Int {
        line[..<index].reduce(0) { $0 + (("\u{4E00}"..."\u{9FFF}").contains($1) ? 2 : 1) }
    }

    /// Issue: "↑ 9 more" was drawn over the first card's text (`[ ] Card 32 gamma↑ 9 more`), and
    /// over "Upcoming" in Routines. Now it takes its own line.
    @Test(arguments: [(120, 40), (80, 24)])
    func theMoreMarkerTakesALineOfItsOwn(width: Int, height: Int) throws {
        let board = try BoardFile()
        #expect(try board.run(["import", "-"], stdin: Self.cards(60, bucket: "this-week")).status == 0)
        let session = try TmuxSession(["--db", board.path], width: width, height: height)
        #expect(session.waitFor { $0.contains("This Week (60)") }.0)
        for _ in 0..<45 { try session.send("j") }
        let (scrolled, screen) = session.waitFor { $0.contains("↑ ") }
        #expect(scrolled, "\(screen)")
        for line in screen.split(separator: "\n") where line.contains("↑ ") {
            let cell = line.split(separator: "│", omittingEmptySubsequences: false)[0]
            #expect(cell.trimmingCharacters(in: .whitespaces).hasPrefix("↑ ") && !cell.contains("Card"), "\(line)")
        }
        try session.send("q")
    }

    /// Issue: at 80×24 the header of a column of 2,503 cards read `Weekend (250…`, at 60×15
    /// `This Week …`: a count is never cut (2.5k when the full count doesn't fit).
    @Test(arguments: [(80, 24), (60, 15)])
    func columnCountsAreNeverCut(width: Int, height: Int) throws {
        let board = try BoardFile()
        #expect(try board.run(["import", "-"], stdin: Self.cards(2_503, bucket: "weekend")).status == 0)
        try board.run(["add", "Dentist"])
        try board.run(["add", "Plan the trip", "--bucket", "next-month"])
        let session = try TmuxSession(["--db", board.path], width: width, height: height)
        let (shown, screen) = session.waitFor { $0.contains("Routines") || $0.contains("(0)") }
        #expect(shown, "\(screen)")
        let header = screen.split(separator: "\n")[1]
        let cells = header.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells.count == 5, "\(header)")
        for cell in cells { #expect(cell.range(of: #"\((\d+|\d+(\.\d)?k)( runs?)?\)$"#, options: .regularExpression) != nil, "\(cell) in \(header)") }
        #expect(header.contains("(2503)") || header.contains("(2.5k)"), "\(header)")
        // Issue: at 60×15 "Dentist" broke mid-word ("[ ] Dentis" / "t") where the column fits it.
        #expect(!screen.contains("Dentis\n") && !screen.contains("Dentis "), "\(screen)")
        #expect(screen.contains("Dentist"))
        try session.send("q")
    }

    /// Issue: under a box the board's own "›" still marked a row beside the box's, and a box edge
    /// over a CJK title left half a character and pushed the rest of the line one cell right.
    @Test func aBoxCoversWhatIsUnderItAndOnlyItsFocusShows() throws {
        let board = try BoardFile()
        try board.run(["add", "旅行の計画を立てて予約する旅行の計画を立てて予約する", "--bucket", "this-week"])
        try board.run(["add", "会議の資料を準備して印刷する会議の資料", "--bucket", "next-week"])
        let session = try TmuxSession(["--db", board.path], width: 80, height: 24)
        #expect(session.waitFor { $0.contains("This Week (1)") }.0)
        try session.send("?")
        // The whole box: its title and its bottom corners (a capture can land mid-draw).
        let (open, screen) = session.waitFor { $0.contains("Keys") && $0.contains("└") && $0.contains("┘") }
        #expect(open, "\(screen)")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = try #require(lines.firstIndex { $0.contains("┌") })
        let bottom = try #require(lines.lastIndex { $0.contains("└") })
        let left = Self.column(of: lines[top].firstIndex(of: "┌")!, in: lines[top])
        let right = Self.column(of: lines[top].firstIndex(of: "┐")!, in: lines[top])
        for line in lines[top...bottom] {
            // Each row of the box has its two edges where the corners are.
            let edges = line.indices.filter { "│┌┐└┘".contains(line[$0]) }.map { Self.column(of: $0, in: line) }
            #expect(edges.contains(left) && edges.contains(right), "\(line)")
        }
        #expect(!screen.contains("›"), "only the box's focus (its cursor) shows:\n\(screen)")
        try session.send("Escape")
        #expect(session.waitFor { $0.contains("›") }.0, "the board's focus is back")
        try session.send("q")
    }
}
