import Foundation
import Testing

/// `$XDG_CONFIG_HOME/board/config.toml`, read by the real binary.
@Suite struct ConfigFileTests {
    /// A config home holding `text` as board/config.toml.
    func configHome(_ text: String) throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("board-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("board"), withIntermediateDirectories: true)
        try text.write(to: home.appendingPathComponent("board/config.toml"), atomically: true, encoding: .utf8)
        return home.path
    }

    func run(_ arguments: [String], config home: String, now: String = "2026-11-21T10:00", tz: String? = nil) throws -> BoardBinary.Result {
        var environment = ["XDG_CONFIG_HOME": home, "BOARD_NOW": now]
        environment["BOARD_TZ"] = tz ?? ""
        return try BoardBinary.run(arguments, environment: environment)
    }

    /// Issue 52: `board --help` didn't say where config.toml is read from, and no other file could
    /// be named. `--config FILE` before the command, or BOARD_CONFIG, names one; a named file that
    /// isn't there is refused, the default one missing is no settings.
    @Test func aSettingsFileIsNamedByConfigOrBoardConfig() throws {
        let help = try BoardBinary.run(["--help"])
        #expect(help.stdout.contains("Settings are read from $XDG_CONFIG_HOME/board/config.toml"), "\(help.stdout)")
        let home = try configHome("week_start = \"monday\"\n")
        let other = home + "/other.toml"
        try "week_start = \"sunday\"\nkey_done = \"X\"\n".write(toFile: other, atomically: true, encoding: .utf8)
        let board = try BoardFile()
        #expect(try run(["add", "Card", "--db", board.path], config: home).status == 0)
        // "next sunday" on Saturday Nov 21: Nov 22 with Sunday weeks, Nov 29 with Monday weeks.
        let named = try run(["--config", other, "add", "Sunday", "--due", "next sunday", "--db", board.path], config: home)
        #expect(named.status == 0 && named.stdout.contains("due Sun Nov 22"), "\(named.stdout)\(named.stderr)")
        let byEnvironment = try BoardBinary.run(["add", "Sunday 2", "--due", "next sunday", "--db", board.path],
                                                environment: ["XDG_CONFIG_HOME": home, "BOARD_NOW": "2026-11-21T10:00", "BOARD_CONFIG": other])
        #expect(byEnvironment.stdout.contains("due Sun Nov 22"), "\(byEnvironment.stdout)\(byEnvironment.stderr)")
        #expect(try run(["add", "Monday weeks", "--due", "next sunday", "--db", board.path], config: home).stdout.contains("due Sun Nov 29"))
        let missing = try run(["--config", home + "/nope.toml", "list", "--db", board.path], config: home)
        #expect(missing.status == 2 && missing.stderr == "error: config: \(home)/nope.toml: does not exist\n", "\(missing.stderr)")
        let empty = try run(["--config"], config: home)
        #expect(empty.status == 2 && empty.stderr == "error: config: needs a file, as in --config FILE\n")
    }

    @Test func aMalformedFileIsReportedWithItsLineNumberAndNothingRuns() throws {
        let board = try BoardFile()
        let home = try configHome("grace = 5\n# notify\nnotify_command = \"notify-send\n")
        let r = try run(["add", "Not written", "--db", board.path], config: home)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: config: \(home)/board/config.toml line 3: "))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: board.path), "the program refused to start")
    }

    /// Issue: a config file that is not UTF-8 named no line.
    @Test func aLineThatIsNotUTF8IsNamed() throws {
        let home = try configHome("")
        var bytes = Array("time_zone = \"Europe/Paris\"\n# ok\nremind_before = 5\n".utf8)
        bytes.insert(0xFF, at: bytes.count - 2)
        try Data(bytes).write(to: URL(fileURLWithPath: home + "/board/config.toml"))
        let r = try run(["list", "--db", "/nonexistent/x.sqlite"], config: home)
        #expect(r.status == 2 && r.stderr == "error: config: \(home)/board/config.toml line 3: is not UTF-8 text\n", "\(r.stderr)")
    }

    @Test func aWrongValueOrUnknownKeyNamesTheKeyAndItsLine() throws {
        let cases: [(String, String)] = [
            ("week_start = \"sunday\"\n\ngrace = -5\n", "line 3: grace must be a whole number of minutes, 0 or more"),
            ("time_zone = \"Mars/Olympus\"\n", "line 1: time_zone must be a time zone name such as \"Europe/Paris\""),
            // Foundation took the zone before the NUL and kept the whole text as its name.
            ("time_zone = \"Europe/Paris\\u0000x\"\n", "line 1: time_zone must be a time zone name such as \"Europe/Paris\""),
            ("week_start = \"funday\"\n", "line 1: week_start must be a weekday name such as \"monday\" or \"sunday\""),
            ("remind_before = 2000\n", "line 1: remind_before must be a whole number of minutes from 0 to 1440"),
            ("notify_command = \"\"\n", "line 1: notify_command must be a non-empty string, a command for /bin/sh"),
            ("sync_url = \"http://db.example.org\"\n", "line 1: sync_url must be a server URL such as \"postgres://ann@db.example.org:5432/board\""),
            ("grace = 5\ncolour = \"red\"\n", "line 2: colour is not a setting; the settings are time_zone, week_start, notify_command, grace, remind_before, sync_url, rollover, theme, color_<role> and key_<action>"),
        ]
        for (text, message) in cases {
            let r = try run(["recur", "parse", "daily"], config: try configHome(text))
            #expect(r.status == 2, "\(text)")
            #expect(r.stderr.hasSuffix("config.toml \(message)\n"), "\(r.stderr)")
        }
    }

    @Test func theSettingsAreUsedAndFlagsOverrideThem() throws {
        let board = try BoardFile()
        let out = URL(fileURLWithPath: board.path).deletingLastPathComponent().appendingPathComponent("notified.txt").path
        let home = try configHome("""
            # Board settings
            time_zone = "Asia/Tokyo"
            week_start = "sunday"
            notify_command = "echo \\"$BOARD_TITLE\\" >> '\(out)'"
            grace = 30
            remind_before = 15
            """)
        // 10:00Z is 19:00 in Tokyo: the config's zone decides "today" and the local time.
        #expect(try run(["add", "Call", "--due", "2026-11-21", "--time", "20:00", "--db", board.path], config: home, now: "2026-11-21T10:00Z").status == 0)
        // remind_before 15 → 19:45 Tokyo; grace 30 → still delivered (late) at 20:10; notify_command runs.
        let late = try run(["remind", "--db", board.path], config: home, now: "2026-11-21T11:10Z")
        #expect(late.status == 0 && late.stdout.isEmpty)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "Call\n")
        // --tz and --grace still win over the file.
        let paris = try run(["add", "Paris call", "--due", "2026-11-21", "--time", "13:00", "--db", board.path, "--tz", "Europe/Paris"],
                            config: home, now: "2026-11-21T10:00Z")
        #expect(paris.status == 0)
        let missed = try run(["remind", "--db", board.path, "--tz", "Europe/Paris", "--grace", "0"], config: home, now: "2026-11-21T11:50Z")
        #expect(missed.lines == ["1 reminder missed while not running: Paris call (Sat Nov 21 13:00)"])
        // week_start sunday: "every other week on sunday and monday" pairs Sunday with the Monday after it.
        let next = try run(["recur", "expand", "every other week on sunday and monday", "--start", "2026-11-22", "--count", "4"],
                           config: home, now: "2026-11-21T10:00")
        #expect(next.lines == ["2026-11-22", "2026-11-23", "2026-12-06", "2026-12-07"])
        let mondayWeeks = try run(["recur", "expand", "every other week on sunday and monday", "--start", "2026-11-22", "--count", "4"],
                                  config: try configHome(""), now: "2026-11-21T10:00")
        #expect(mondayWeeks.lines == ["2026-11-22", "2026-11-30", "2026-12-06", "2026-12-14"])
    }
}

/// Issue: a two-byte config.toml (`[[`) aborted every command with a backtrace from the C++ TOML library.
@Suite struct ConfigFileCrashTests {
    @Test func aTableOrDottedKeyIsRefusedWithItsLineNotAnAbort() throws {
        let cases = [("[[\n", "line 1: tables"), ("grace = 5\na.b.c = 1\n", "line 2: a.b.c is not a setting"),
                     ("\"grace\" = 5\n[x]\n", "line 2: tables")]
        for (text, message) in cases {
            let r = try ConfigFileTests().run(["list", "--db", try BoardFile().path], config: try ConfigFileTests().configHome(text))
            #expect(r.status == 2, "\(text.debugDescription): \(r.stderr)")
            #expect(r.stderr.contains("config.toml \(message)"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }
}
