import Foundation
import Testing

/// The readable screen end to end: the real binary in tmux at 80×24.
@Suite(.serialized) struct ReadableScreenE2ETests {
    /// Text with its runs of spaces made one: wrapped lines read back as the sentence they came from.
    func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The inner text of the box on screen (between its ┌ and └ rows, inside its │ sides).
    func boxText(_ screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let top = rows.firstIndex(where: { $0.contains("┌") }) else { return "" }
        var inner: [String] = []
        for row in rows[(top + 1)...] {
            if row.contains("└") { break }
            // A box row is "…│ text │…": the text between the box's sides, whatever the board shows around it.
            guard let open = row.firstIndex(of: "│"), let close = row.lastIndex(of: "│"), open < close else { continue }
            inner.append(String(row[(open + 1)..<close]))
        }
        return words(inner.joined(separator: " ").replacingOccurrences(of: "│", with: " "))
    }

    @Test func theDemoAt80x24HasEveryTitleReadableOnTheBoardOrInItsDetail() throws {
        let board = try BoardFile()
        let demo = try BoardBinary.run(["demo", "--into", board.path, "--now", "2026-11-21T10:00"], environment: ["BOARD_TZ": "Europe/Paris"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let cards = try board.cards()
        #expect(cards.count > 20)
        let session = try TmuxSession(["--db", board.path], width: 80, height: 24)
        #expect(session.waitFor { $0.contains("This Week (") }.0)
        var read = Set<String>()
        let buckets = ["this-week", "weekend", "next-week", "next-month", "routines"]
        var lastRow = 0
        for (column, bucket) in buckets.enumerated() {
            let count = cards.filter { $0["bucket"] as? String == bucket }.count
            // A new column keeps the row (as far as it has one): back up to its first card.
            if column > 0 {
                try session.send("l")
                for _ in 0..<min(lastRow, count - 1) { try session.send("k") }
            }
            lastRow = count - 1
            for row in 0..<count {
                if row > 0 { try session.send("j") }
                let board = session.screen
                try session.send("Enter")
                let (opened, detail) = session.waitFor { $0.contains("Esc clos") || $0.contains("↑↓ field") }
                #expect(opened, "\(bucket) row \(row): no detail\n\(detail)")
                // Read on the board (one line) or in the detail (wrapped, read back as a sentence).
                for card in cards where card["bucket"] as? String == bucket {
                    let title = card["title"] as! String
                    if board.contains(title) || boxText(detail).contains(words(title)) { read.insert(title) }
                }
                try session.send("Escape")
                #expect(session.waitFor(15) { !$0.contains("┌") }.0, "Esc closes the detail (a loaded machine may take seconds)")
            }
        }
        let titles = Set(cards.map { $0["title"] as! String })
        #expect(read == titles, "not readable: \(titles.subtracting(read))")
        try session.send("q")
        #expect(session.waitFor(3) { _ in !session.isRunning }.0)
    }

    @Test func helpReachesItsLastLineAt80x24() throws {
        let board = try BoardFile()
        try board.create()
        let session = try TmuxSession(["--db", board.path], width: 80, height: 24)
        #expect(session.waitFor { $0.contains("This Week (0)") }.0)
        try session.send("?")
        #expect(session.waitFor { $0.contains("Keys") && $0.contains("↓ more") }.0)
        var pages = ""
        for _ in 0..<120 {
            pages += boxText(session.screen) + " "
            if !session.screen.contains("↓ more") { break }
            try session.send("Down")
            Thread.sleep(forTimeInterval: 0.02)
        }
        let (atEnd, last) = session.waitFor { !$0.contains("↓ more") && $0.contains("↑ more") }
        #expect(atEnd, "\(last)")
        pages += boxText(last)
        #expect(last.contains("any other key closes"))
        for line in ["Esc cancel, clear the filter", "? this help", "q quit", "Ctrl-L redraw the screen"] {
            #expect(words(pages).contains(line), "\(line)")
        }
        try session.send("Escape")
        #expect(session.waitFor { !$0.contains("any other key closes") }.0)
        try session.send("q")
        #expect(session.waitFor(3) { _ in !session.isRunning }.0, "q quits once help is closed")
    }

    /// 👨‍👩‍👧‍👦 is one grapheme cluster two cells wide: the column border after it stays in its place.
    @Test func aFamilyEmojiJoinedWithZeroWidthJoinersKeepsTheBorderInPlace() throws {
        let board = try BoardFile()
        try board.run(["add", "👨‍👩‍👧‍👦 dinner"])
        try board.run(["add", "Walk", "--bucket", "weekend"])
        let session = try TmuxSession(["--db", board.path], width: 80, height: 24)
        let (shown, screen) = session.waitFor { $0.contains("dinner") }
        #expect(shown, "\(screen)")
        let rows = screen.split(separator: "\n").map(String.init)
        // Cells before the first border: the cluster counts two, everything else here one.
        func borderColumn(_ row: String) -> Int? {
            guard let border = row.firstIndex(of: "│") else { return nil }
            return row[..<border].reduce(0) { $0 + (($1.unicodeScalars.first!.properties.isEmojiPresentation) ? 2 : 1) }
        }
        let header = try #require(rows.first { $0.hasPrefix("This Week") })
        let family = try #require(rows.first { $0.contains("👨") })
        #expect(borderColumn(family) != nil && borderColumn(family) == borderColumn(header), "\(family)\n\(header)")
        try session.send("q")
        #expect(session.waitFor(3) { _ in !session.isRunning }.0)
    }

    /// A done step is dimmed and struck with the terminal's own attribute, its box kept plain.
    @Test func aDoneStepIsStruckThroughWithTheTerminalsAttribute() throws {
        let board = try BoardFile()
        let added = try board.run(["template", "add", "Evening", "--no-schedule", "--checklist", "Brush teeth", "--checklist", "Read"])
        #expect(added.status == 0, "\(added.stderr)")
        let id = String(added.stdout.split(separator: " ")[2].dropLast())
        #expect(try board.run(["routine", "tick", id, "1"]).status == 0)
        let session = try TmuxSession(["--db", board.path], width: 100, height: 30, term: "tmux-256color")
        #expect(session.waitFor { $0.contains("Evening") }.0)
        for key in ["l", "l", "l", "l", "k", "Enter"] { try session.send(key) }
        #expect(session.waitFor { $0.contains("Brush teeth") && $0.contains("[x]") }.0)
        // The text can show before the frame that strikes it is drawn (a busy machine): wait for it.
        var attributed = session.screenWithAttributes
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, attributed.split(separator: "\n").first(where: { $0.contains("Brush teeth") })?.contains("9m") != true {
            Thread.sleep(forTimeInterval: 0.05)
            attributed = session.screenWithAttributes
        }
        let line = try #require(attributed.split(separator: "\n").first { $0.contains("Brush teeth") })
        // SGR 9 (strike) is set right before the text, and not before the box.
        let text = try #require(line.range(of: "Brush teeth"))
        let box = try #require(line.range(of: "[x]"))
        let beforeText = line[box.upperBound..<text.lowerBound]
        #expect(beforeText.contains(";9m") || beforeText.contains("[9m"), "\(line.debugDescription)")
        #expect(!line[..<box.lowerBound].suffix(12).contains("9m"), "the box is not struck")
        #expect(!session.screen.contains("\u{0336}"), "no combining strokes in the text")
        try session.send("Escape")
        #expect(session.waitFor { !$0.contains("Brush teeth") }.0)
        try session.send("q")
        #expect(session.waitFor(3) { _ in !session.isRunning }.0)
    }
}
