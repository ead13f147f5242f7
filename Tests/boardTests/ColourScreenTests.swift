import Foundation
import Testing

/// Colour as an extra cue (issue 44), end to end: the real binary in tmux read with `capture-pane
/// -e`. A theme colours the roles; NO_COLOR and `theme = "none"` write no colour at all; a `#hex`
/// colour is shown as the nearest the terminal has. And config.toml's colour settings are checked.
@Suite(.serialized) struct ColourScreenTests {
    /// A board with an overdue card, and a config folder holding `config`.
    func board(config: String?) throws -> (BoardFile, String) {
        let board = try BoardFile()
        #expect(try board.run(["add", "Call the bank", "--due", "2026-11-21", "--time", "10:00"], now: "2026-11-21T09:00").status == 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("board-colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("board"), withIntermediateDirectories: true)
        if let config { try config.write(to: folder.appendingPathComponent("board/config.toml"), atomically: true, encoding: .utf8) }
        return (board, folder.path)
    }

    /// The screen's first lines with their colour codes, once the overdue card shows.
    func screen(_ board: BoardFile, config: String, environment: [String] = [], term: String = "screen-256color") throws -> String {
        // The test runner may itself run under NO_COLOR: each test says whether the board does.
        let session = try TmuxSession(["env", "-u", "NO_COLOR", "XDG_CONFIG_HOME=\(config)"] + environment + [BoardBinary.url.path, "--db", board.path],
                                      command: true, now: "2026-11-21T11:00", term: term)
        let (shown, plain) = session.waitFor { $0.contains("! Overdue") }
        #expect(shown, "\(plain)")
        return session.screenWithAttributes
    }

    @Test func theDefaultThemeColoursHeadersAndTheOverdue() throws {
        let (board, config) = try board(config: nil)
        let text = try screen(board, config: config)
        #expect(text.contains("\u{1B}[36mThis Week"), "headers in cyan: \(text.prefix(300).debugDescription)")
        #expect(text.contains("\u{1B}[91m"), "the overdue line in bright red")
    }

    @Test func noColorAndThemeNoneWriteNoColour() throws {
        let (board, config) = try board(config: nil)
        for text in [try screen(board, config: config, environment: ["NO_COLOR=1"])] {
            #expect(!text.contains("\u{1B}[36m") && !text.contains("\u{1B}[91m") && !text.contains("38;5;"), "\(text.prefix(300).debugDescription)")
            #expect(text.contains("\u{1B}[1m"), "attributes are kept")
        }
        let (themed, themedConfig) = try self.board(config: "theme = \"none\"\n")
        let text = try screen(themed, config: themedConfig)
        #expect(!text.contains("\u{1B}[36m") && !text.contains("\u{1B}[91m"), "\(text.prefix(300).debugDescription)")
    }

    @Test func aHexColourIsTheNearestTheTerminalHas() throws {
        let (board, config) = try board(config: "color_overdue = \"#ff8800\"\n")
        let wide = try screen(board, config: config)
        #expect(wide.contains("38;5;208"), "on 256 colours: index 208")
        let narrow = try screen(board, config: config, term: "screen")
        #expect(!narrow.contains("38;5;") && !narrow.contains("38;2;"), "no 256-colour or truecolor code on an 8-colour terminal")
        #expect(narrow.contains("\u{1B}[33m"), "orange on eight colours is yellow: \(narrow.prefix(400).debugDescription)")
        let direct = try screen(board, config: config, environment: ["COLORTERM=truecolor"])
        let coloured = direct.components(separatedBy: "38;2;255;136;0m").dropFirst().map { $0.prefix { $0 != "\u{1B}" } }
        #expect(coloured.contains { $0.contains("! Overdue") }, "as itself where the terminal has 24-bit colour: \(direct.debugDescription)")
        let directNarrow = try screen(board, config: config, environment: ["COLORTERM=truecolor"], term: "screen")
        #expect(!directNarrow.contains("38;2;") && directNarrow.contains("\u{1B}[33m"), "an 8-colour terminal keeps its 8")
    }

    @Test(arguments: [
        ("theme = \"dark\"\n", "line 1: theme must be one of \"default\", \"none\", \"light\", \"high-contrast\", got 'dark'"),
        ("color_overdue = \"orange\"\n", "line 1: color_overdue must be a colour: a name (red, bright-blue), a number 0 to 255 or #rrggbb, got 'orange'"),
        ("week_start = \"monday\"\ncolor_sky = \"blue\"\n", "line 2: color_sky is not a colour setting; the roles are header, overdue, chip, exception, done, key_hint, error, today, planned"),
        ("color_header = 4\n", "line 1: color_header must be a colour in quotes, such as \"red\", \"#ff8800\" or \"244\""),
    ])
    func badColourSettingsAreRefusedWithTheirLine(config: String, message: String) throws {
        let (board, folder) = try board(config: config)
        let r = try BoardBinary.run(["list", "--db", board.path], environment: ["XDG_CONFIG_HOME": folder])
        #expect(r.status == 2 && r.stderr == "error: config: \(folder)/board/config.toml \(message)\n", "\(r.stderr)")
    }
}

/// Keys of one's own end to end (issue 44): a remapped key works on the real screen and `?` and
/// `board help keys` show it; a bad key setting stops every command with its line.
@Suite(.serialized) struct OwnKeysScreenTests {
    @Test func aRemappedKeyWorksAndHelpShowsIt() throws {
        let (board, config) = try ColourScreenTests().board(config: "key_done = \"c\"\nkey_duplicate = \"D\"\n")
        let session = try TmuxSession(["env", "XDG_CONFIG_HOME=\(config)", BoardBinary.url.path, "--db", board.path], command: true,
                                      now: "2026-11-21T09:30")
        #expect(session.waitFor { $0.contains("[ ] Call the bank") && $0.contains("c done") }.0, "\(session.screen)")
        try session.send("l", "x")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(session.screen.contains("[ ] Call the bank"), "x no longer completes")
        try session.send("c")
        #expect(session.waitFor { $0.contains("[x] Call the bank") }.0, "\(session.screen)")
        try session.send("?")
        #expect(session.waitFor { $0.contains("complete / reopen") && $0.contains("│ c ") }.0, "\(session.screen)")
        let keys = try BoardBinary.run(["help", "keys"], environment: ["XDG_CONFIG_HOME": config])
        #expect(keys.stdout.contains("\nc                 complete / reopen\n"), "\(keys.stdout)")
    }

    @Test func aCalendarKeyOfOnesOwnWorksOnTheRealScreen() throws {
        let (board, config) = try ColourScreenTests().board(config: "key_calendar_month_after = \"]\"\nkey_calendar_back = \"b Esc\"\n")
        let session = try TmuxSession(["env", "XDG_CONFIG_HOME=\(config)", BoardBinary.url.path, "--db", board.path], command: true,
                                      now: "2026-11-21T09:30")
        #expect(session.waitFor { $0.contains("[ ] Call the bank") }.0, "\(session.screen)")
        try session.send("v")
        #expect(session.waitFor { $0.contains("Calendar · November 2026") }.0, "\(session.screen)")
        try session.send("]")
        #expect(session.waitFor { $0.contains("Calendar · December 2026") }.0, "] is the month after: \(session.screen)")
        try session.send("?")
        #expect(session.waitFor { $0.contains("the month before / after") && $0.contains("PgUp / ]") }.0, "\(session.screen)")
        try session.send("Escape")
        #expect(session.waitFor { !$0.contains("Keys") }.0, "the help closes")
        try session.send("v")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(session.screen.contains("Calendar · December 2026"), "v no longer leaves it")
        try session.send("b")
        #expect(session.waitFor { !$0.contains("Calendar ·") && $0.contains("This Week") }.0, "b goes back: \(session.screen)")
    }

    @Test func everyFaultOfTheFileIsReportedAtOnceEachWithItsLine() throws {
        let config = "theme = \"dark\"\nweek_start = \"monday\"\nkey_fly = \"f\"\n[colours]\ncolour_header = \"red\"\nkey_done = \"d\"\n"
        let (board, folder) = try ColourScreenTests().board(config: config)
        let before = try Data(contentsOf: URL(fileURLWithPath: board.path))
        let r = try BoardBinary.run(["add", "x", "--db", board.path], environment: ["XDG_CONFIG_HOME": folder])
        let lines = r.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: "error: config: \(folder)/board/config.toml ", with: "") }
        #expect(r.status == 2, "\(r.stderr)")
        #expect(lines.map { $0.prefix(7) } == ["line 1:", "line 3:", "line 4:", "line 5:", "line 6:"], "\(r.stderr)")
        #expect(lines.count == 5 && lines[2].contains("tables") && lines[3].contains("colour_header is not a setting") && lines[4].contains("d is given to both"),
                "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.path)) == before, "nothing written")
    }

    @Test func aFileOfGarbageIsTwentyFaultsAndHowManyMore() throws {
        let config = (1...25).map { "nonsense \($0)" }.joined(separator: "\n") + "\n"
        let (board, folder) = try ColourScreenTests().board(config: config)
        let r = try BoardBinary.run(["list", "--db", board.path], environment: ["XDG_CONFIG_HOME": folder])
        let lines = r.stderr.split(separator: "\n")
        #expect(r.status == 2 && lines.count == 21, "\(r.stderr)")
        #expect(lines.last == "error: config: \(folder)/board/config.toml: and 5 more faults after line 20", "\(lines.last ?? "")")
    }

    @Test func aBadKeySettingStopsEveryCommandWithItsLine() throws {
        let (board, config) = try ColourScreenTests().board(config: "week_start = \"monday\"\nkey_done = \"d\"\n")
        for arguments in [["list"], ["add", "x"]] {
            let r = try BoardBinary.run(arguments + ["--db", board.path], environment: ["XDG_CONFIG_HOME": config])
            #expect(r.status == 2 && r.stderr == "error: config: \(config)/board/config.toml line 2: d is given to both done and delete; give one of them another key\n",
                    "\(r.stderr)")
        }
    }
}
