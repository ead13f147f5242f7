import Foundation
import Testing

/// The horizon columns through the binary at fixed moments (issue 39's week of real use): a card
/// put in Next Week on Friday is This Week's on Monday, a dated card goes where its date says, and
/// `list`, `--json` and `export` agree with each other on every day.
@Suite struct HorizonCommandTests {
    func buckets(_ board: BoardFile, on now: String, config: String? = nil) throws -> [String: String] {
        var environment = ["BOARD_NOW": now]
        if let config { environment["XDG_CONFIG_HOME"] = config }
        let r = try BoardBinary.run(["list", "--json", "--db", board.path], environment: environment)
        let cards = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
        let exported = try BoardBinary.run(["export", "--db", board.path], environment: environment)
        let document = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any]
        let exportedCards = document?["cards"] as? [[String: Any]] ?? []
        var shown: [String: String] = [:]
        for card in cards { shown[card["title"] as! String] = card["bucket"] as? String }
        var inExport: [String: String] = [:]
        for card in exportedCards { inExport[card["title"] as! String] = card["bucket"] as? String }
        #expect(shown == inExport, "list --json and export agree on \(now)")
        return shown
    }

    @Test func aWeekOfRealUse() throws {
        let board = try BoardFile()
        let friday = "2026-11-20T10:00"
        #expect(try board.run(["add", "Plan trip", "--bucket", "next-week"], now: friday).status == 0)
        #expect(try board.run(["add", "Clean bikes", "--bucket", "weekend"], now: friday).status == 0)
        #expect(try board.run(["add", "Taxes", "--bucket", "next-month"], now: friday).status == 0)
        let dentist = try board.run(["add", "Dentist", "--due", "2026-12-02"], now: friday)
        #expect(dentist.stdout.hasPrefix("Added ") && dentist.stdout.contains(" to Next Month: Dentist"), "\(dentist.stdout)")
        #expect(try buckets(board, on: friday) == ["Plan trip": "next-week", "Clean bikes": "weekend", "Taxes": "next-month", "Dentist": "next-month"])
        #expect(try buckets(board, on: "2026-11-23T09:00") == ["Plan trip": "this-week", "Clean bikes": "this-week", "Taxes": "next-week", "Dentist": "next-week"])
        #expect(try buckets(board, on: "2026-11-30T09:00") == ["Plan trip": "this-week", "Clean bikes": "this-week", "Taxes": "this-week", "Dentist": "this-week"])
        // The plain list says the same, under the columns' names and counts.
        let text = try board.run(["list"], now: "2026-11-23T09:00").stdout
        #expect(text.contains("This Week (2)") && text.contains("Next Week (2)") && text.contains("Next Month (0)"), "\(text)")
        // Moved back to Next Week on Monday: there that week, This Week's the next.
        let id = try #require(try board.cards(now: "2026-11-23T09:00").first { $0["title"] as? String == "Plan trip" }?["id"] as? String)
        #expect(try board.run(["move", id, "next-week"], now: "2026-11-23T09:00").status == 0)
        #expect(try buckets(board, on: "2026-11-29T09:00")["Plan trip"] == "next-week")
        #expect(try buckets(board, on: "2026-11-30T09:00")["Plan trip"] == "this-week")
    }

    /// A copy made from an export shows every card where the board does, and moves it on the same days:
    /// a card that follows its date keeps following it (the Saturday picnic is Weekend's on Nov 30).
    @Test func aCopyFromAnExportMovesOnTheSameDays() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "Picnic", "--due", "2026-12-05"], now: "2026-11-20T10:00").status == 0)
        #expect(try board.run(["add", "Plan trip", "--bucket", "next-week"], now: "2026-11-20T10:00").status == 0)
        #expect(try board.run(["add", "Taxes", "--bucket", "next-month"], now: "2026-11-20T10:00").status == 0)
        let exported = try board.run(["export"], now: "2026-11-23T10:00")
        let copy = try BoardFile()
        #expect(try copy.run(["import", "-"], stdin: exported.stdout, now: "2026-11-23T10:00").status == 0)
        for day in ["2026-11-23T10:00", "2026-11-30T10:00", "2026-12-07T10:00"] {
            #expect(try buckets(copy, on: day) == buckets(board, on: day), "\(day)")
        }
        #expect(try buckets(copy, on: "2026-11-30T10:00")["Picnic"] == "weekend")
        // The board's own export imports back changing nothing.
        let again = try board.run(["import", "-"], stdin: exported.stdout, now: "2026-11-23T10:00")
        #expect(again.status == 0 && again.stdout == "Nothing to import; 3 unchanged.\n", "\(again.stdout)")
    }

    /// A Sunday week turns on Sunday; `rollover = "off"` keeps every card where it was put; a bad
    /// value is refused with its line.
    @Test func weekStartAndRolloverOff() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "Plan trip", "--bucket", "next-week"], now: "2026-11-25T10:00").status == 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("horizons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("board"), withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("board/config.toml")
        try "week_start = \"sunday\"\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(try buckets(board, on: "2026-11-28T10:00", config: folder.path)["Plan trip"] == "next-week")
        #expect(try buckets(board, on: "2026-11-29T10:00", config: folder.path)["Plan trip"] == "this-week")
        #expect(try buckets(board, on: "2026-11-29T10:00")["Plan trip"] == "next-week", "weeks from Monday turn on Monday")
        try "rollover = \"off\"\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(try buckets(board, on: "2027-02-01T10:00", config: folder.path)["Plan trip"] == "next-week")
        try "week_start = \"monday\"\nrollover = \"sometimes\"\n".write(to: config, atomically: true, encoding: .utf8)
        let refused = try BoardBinary.run(["list", "--db", board.path], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: config: \(config.path) line 2: rollover must be \"auto\" or \"off\"\n")
    }

    /// A template's next run is its real next date whatever the distance; "paused", "ended" otherwise.
    @Test func aTemplatesNextRunIsItsRealDate() throws {
        let board = try BoardFile()
        let now = "2026-11-25T10:00"
        #expect(try board.run(["template", "add", "Birthday card", "--every", "every year on january 27"], now: now).status == 0)
        #expect(try board.run(["template", "add", "Twice", "--every", "every day", "--times", "2"], now: now).status == 0)
        let list = try board.run(["template", "list"], now: now).stdout
        #expect(list.contains("Birthday card · Every year on January 27 · next Wed Jan 27, 2027 · active"), "\(list)")
        let json = try board.run(["template", "list", "--json"], now: now).stdout
        #expect(json.contains("\"next_run\" : \"2027-01-27\""), "\(json)")
        let later = try board.run(["template", "list"], now: "2026-11-27T10:00").stdout
        #expect(later.contains("Twice · Every day, 2 times · ended"), "\(later)")
        let id = try #require(later.split(separator: "\n").first { $0.contains("Birthday card") }?.split(separator: " ").first.map(String.init))
        #expect(try board.run(["template", "pause", id], now: now).status == 0)
        #expect(try board.run(["template", "list"], now: now).stdout.contains("Birthday card · Every year on January 27 · no new runs until resumed · paused"))
    }
}
