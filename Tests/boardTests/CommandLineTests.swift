import Foundation
import Testing

/// The command line as a user meets it through both executables: help for every command, and a
/// mistyped command line refused in one line with nothing written.
struct CommandLineTests {
    /// Every command path, read from the help itself: `board --help`, then each group's.
    private func commandPaths(under path: [String] = []) throws -> [[String]] {
        let help = try BoardBinary.run(["help"] + path)
        #expect(help.status == 0, "board help \(path.joined(separator: " ")): \(help.stderr)")
        guard let section = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [path] }
        let names = section.split(separator: "\n").prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("See ") }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        return try [path] + names.flatMap { try commandPaths(under: path + [$0]) }
    }

    /// The lines of a paragraph (neither indented) that a wrapper could have joined: the first
    /// had room for the next one's first word. Help wrapped twice leaves these ("…send it, so a").
    static func raggedLines(_ text: String, width: Int) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return zip(lines, lines.dropFirst()).compactMap { a, b in
            guard !a.isEmpty, !b.isEmpty, !a.hasPrefix(" "), !b.hasPrefix(" "), let word = b.split(separator: " ").first else { return nil }
            return a.count + 1 + word.count <= width ? a : nil
        }
    }

    @Test func everyCommandHasItsHelpWrappedOnceAtTheWidth() throws {
        let paths = try commandPaths()
        #expect(paths.count > 40, "every command of board and board-sync: \(paths.count)")
        for path in paths {
            for asked in [["help"] + path, path + ["--help"]] {
                let r = try BoardBinary.run(asked)
                let name = (["board"] + path).joined(separator: " ")
                #expect(r.status == 0 && r.stderr.isEmpty, "\(asked): \(r.stderr)")
                #expect(r.stdout.hasPrefix("OVERVIEW: ") && r.stdout.contains("USAGE: \(name)"), "\(asked)")
                #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(asked) passes 80 columns through a pipe")
                #expect(Self.raggedLines(r.stdout, width: 80).isEmpty, "\(asked): \(Self.raggedLines(r.stdout, width: 80))")
            }
            for width in [50, 132] {
                let r = try BoardBinary.run(["help"] + path, environment: ["COLUMNS": "\(width)"])
                // Only a word longer than the width (a URL) may pass it, on a line of its own.
                #expect(r.stdout.split(separator: "\n").allSatisfy { $0.count <= width || !$0.trimmingCharacters(in: .whitespaces).contains(" ") },
                        "\(path) passes \(width) columns")
                #expect(Self.raggedLines(r.stdout, width: width).isEmpty, "\(path) at \(width): \(Self.raggedLines(r.stdout, width: width))")
            }
        }
        #expect(paths.contains(["template", "add"]) && paths.contains(["server", "add-user"]) && paths.contains(["sync", "status"]))
    }

    /// In a real terminal the help takes the terminal's width: a paragraph fills a 100-column
    /// pane, and a 60-column one wraps it within 60.
    @Test func theHelpTakesTheTerminalsWidth() throws {
        for width in [60, 100] {
            let tmux = try TmuxSession(["sh", "-c", "unset COLUMNS; '\(BoardBinary.url.path)' remind --help; sleep 30"], command: true, width: width, height: 60)
            let (shown, screen) = tmux.waitFor { $0.contains("-h, --help") }
            #expect(shown, "\(screen)")
            let lines = screen.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.count <= width })
            let paragraph = try #require(lines.first { $0.hasPrefix("A card with a date") })
            #expect(paragraph.count > width - 12, "the first line fills the pane: \(paragraph)")
            #expect(Self.raggedLines(screen, width: width).isEmpty, "\(Self.raggedLines(screen, width: width))")
        }
    }

    /// `board help --man` is a man page of every command and option of the help, which man renders
    /// and groff reads without a warning.
    @Test func theManualHasEveryCommandAndOption() throws {
        let page = try BoardBinary.run(["help", "--man"])
        #expect(page.status == 0 && page.stderr.isEmpty && page.stdout.hasPrefix(".TH BOARD 1"), "\(page.stderr)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("board-\(UUID().uuidString).1")
        try Data(page.stdout.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let checked = try BoardBinary.runTool(["groff", "-man", "-Tutf8", "-ww", "-z", file.path])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "groff: \(checked.stderr)")
        let rendered = try BoardBinary.runTool(["man", "-l", file.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "man: \(rendered.stderr)")
        let lines = rendered.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("NAME") && lines.contains("SYNOPSIS") && lines.contains("COMMANDS") && lines.contains("ENVIRONMENT"))
        // Issue 52: the environment the board reads, and the screen's keys.
        for name in ["BOARD_CONFIG", "NO_COLOR", "TERM", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
            #expect(lines.contains { $0 == name || $0.hasPrefix(name + " ") }, "ENVIRONMENT names \(name)")
        }
        #expect(lines.contains("KEYS") && lines.contains { $0.hasPrefix("The Calendar (v)") } && lines.contains { $0.hasPrefix("H / L") }, "the screen's keys")
        var leaves = 0
        for path in try commandPaths() where !path.isEmpty {
            let help = try BoardBinary.run(["help"] + path).stdout
            guard !help.contains("SUBCOMMANDS:") else { continue }
            leaves += 1
            let name = (["board"] + path).joined(separator: " ")
            #expect(rendered.stdout.contains("\n   \(name)\n"), "\(name) has its section")
            let options = help.components(separatedBy: "OPTIONS:\n")[1].split(separator: "\n")
                .filter { $0.hasPrefix("  -") && !$0.hasPrefix("  -h, --help") }
                .map { String($0.dropFirst(2).split(separator: " ", maxSplits: 2).prefix { $0.hasPrefix("-") || $0.hasPrefix("<") }.joined(separator: " ")) }
            for option in options { #expect(lines.contains(option) || lines.contains { $0.hasPrefix(option + " ") }, "\(name): \(option)") }
        }
        #expect(leaves > 40)
        #expect(lines.contains("BOARD_DB") && lines.contains("BOARD_NOW") && lines.contains("BOARD_TZ"))
    }

    @Test func aGroupNamedAloneShowsItsCommands() throws {
        let r = try BoardBinary.run(["template"])
        #expect(r.status == 0 && r.stdout.contains("SUBCOMMANDS:") && r.stdout.contains("  skip-next "))
    }

    @Test(arguments: [
        (["add", "Call", "--lable", "home"], "error: --lable: not an option of 'board add' (`board help add` lists them). Did you mean '--label'?"),
        (["add", "--label", "home"], "error: title: missing; 'board add' needs <title> (`board help add` says more)"),
        (["add", "Call", "--due"], "error: --due: needs a value, as in --due <date>"),
        (["add", "Call", "Mum"], "error: 'Mum': unexpected argument; 'board add' takes no more (`board help add` lists them)"),
        (["add", "Call", "--remind-before", "soon"], "error: remind-before: must be a whole number, got 'soon'"),
        (["list", "--json=yes"], "error: --json: takes no value, got '--json=yes'"),
        (["template", "ad", "Stretch"], "error: 'ad': not a command of 'board template' (`board help template` lists them). Did you mean 'add'?"),
        // Issue: `board lst` said "'lst': unexpected argument; 'board open' takes none".
        (["lst"], "error: 'lst': not a command of 'board' (`board help` lists them). Did you mean 'list'?"),
        (["tempalte", "list"], "error: 'tempalte': not a command of 'board' (`board help` lists them). Did you mean 'template'?"),
        // Issue 44: `board --db b.sqlite lsit` said "'lsit': unexpected argument; 'board open' takes none".
        (["--now", "2026-11-21T10:00", "lsit"], "error: 'lsit': not a command of 'board' (`board help` lists them). Did you mean 'list'?"),
        (["--tz=Europe/Paris", "lsit", "--json"], "error: 'lsit': not a command of 'board' (`board help` lists them). Did you mean 'list'?"),
        (["add", "Call", "--prority", "2"], "error: --prority: not an option of 'board add' (`board help add` lists them). Did you mean '--priority'?"),
    ])
    func aMistypedCommandLineIsOneLineStatusTwoAndWritesNothing(arguments: [String], message: String) throws {
        let board = try BoardFile()
        // The board by BOARD_DB, so that nothing follows the words under test.
        let r = try BoardBinary.run(arguments, environment: ["BOARD_DB": board.path])
        #expect(r.status == 2 && r.stdout.isEmpty)
        #expect(r.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: board.path), "no board was made")
    }

    @Test func optionsAttachedRepeatedAndAfterTwoDashesReachTheCard() throws {
        let board = try BoardFile()
        let environment = ["BOARD_DB": board.path, "BOARD_NOW": "2026-11-21T10:00"]
        let refused = try BoardBinary.run(["add", "--", "--not-an-option", "--label"], environment: environment)
        #expect(refused.stderr == "error: '--label': unexpected argument; 'board add' takes no more (`board help add` lists them)\n",
                "after --, --label is a second title word")
        let added = try BoardBinary.run(["add", "--label=home", "--priority=2", "--label", "work", "--", "-5 push-ups"], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let card = try #require(try board.cards().first)
        #expect(card["title"] as? String == "-5 push-ups")
        #expect(card["labels"] as? [String] == ["home", "work"] && card["priority"] as? Int == 2)
    }
}
