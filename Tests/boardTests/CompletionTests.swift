import Foundation
import Testing

/// `board completions`: the scripts run in the real shells, driven as each shell drives them.
@Suite struct CompletionTests {
    let board: BoardFile
    let environment: [String: String]

    init() throws {
        board = try BoardFile()
        try board.run(["add", "Call the bank"])
        try board.run(["template", "add", "Run", "--every", "every monday"])
        let binaries = BoardBinary.url.deletingLastPathComponent().path
        environment = ["PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "BOARD_DB": board.path,
                       "BOARD_NOW": "2026-11-21T10:00"]
    }

    /// What bash offers at the end of `line`, as bash-completion calls the function.
    func bash(_ line: String) throws -> [String] {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        if words.isEmpty { words = ["''"] }
        let script = """
            source <(board completions bash)
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _board; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try BoardBinary.runTool(["bash", "-c", script], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        return r.lines.filter { !$0.isEmpty }
    }

    /// What fish offers for `line`, by its own `complete --do-complete`.
    func fish(_ line: String) throws -> [String] {
        let script = "board completions fish | source; complete --do-complete '\(line)'"
        let r = try BoardBinary.runTool(["fish", "--no-config", "-c", script], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        return r.lines.map { String($0.split(separator: "\t").first ?? "") }
    }

    func ids() throws -> [String] {
        let cards = try board.cards().map { String(($0["id"] as! String).prefix(8)) }
        let templates = try board.run(["template", "list"]).lines.compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0.count == 8 && $0.allSatisfy(\.isHexDigit) }
        return cards + templates
    }

    @Test func bashCompletesCommandsOptionsValuesAndIds() throws {
        #expect(try bash("board te") == ["template"])
        #expect(try bash("board template ed") == ["edit"])
        #expect(try bash("board template edit x --pri") == ["--priority"])
        #expect(try bash("board add Milk --bucket next-") == ["next-week", "next-month"])
        #expect(try bash("board move abc we") == ["weekend"])
        #expect(try bash("board list --tz Europe/Pa") == ["Europe/Paris"])
        #expect(try bash("board completions f") == ["fish"])
        // An id from the board, wherever an id is wanted; the template's too.
        let ids = try ids()
        #expect(ids.count >= 3)
        #expect(Set(try bash("board done ")) == Set(ids))
        #expect(try bash("board template pause \(ids.last!.prefix(5))").contains(ids.last!))
        // A file: nothing listed, so bash completes file names (-o default).
        #expect(Set(try bash("board import ")) == ["document", "taskwarrior", "ics"])
        #expect(try bash("board import ics ").isEmpty)
        // Options before the command, as git takes them.
        #expect(try bash("board --db \(board.path) li") == ["list"])
    }

    @Test func fishCompletesFromTheSameTable() throws {
        #expect(try fish("board te").contains("template"))
        #expect(try fish("board add Milk --bucket wee") == ["weekend"])
        #expect(Set(try fish("board done ")) == Set(try ids()))
        // Where nothing is listed, file names: the board's own folder holds its file.
        let folder = URL(fileURLWithPath: board.path).deletingLastPathComponent().path
        #expect(try fish("board import ics \(folder)/boa").contains("\(folder)/board.sqlite"))
    }

    @Test func zshScriptIsValidZsh() throws {
        let script = try BoardBinary.run(["completions", "zsh"]).stdout
        let r = try BoardBinary.runTool(["zsh", "-n"], stdin: script)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(script.hasPrefix("#compdef board"))
    }

    @Test func completingNeverMakesABoardAndAnUnknownShellIsRefused() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("board-none-\(UUID().uuidString).sqlite").path
        let r = try BoardBinary.run(["completions", "complete", "--", "done", ""], environment: ["BOARD_DB": missing])
        #expect(r.status == 0 && r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing))
        let bad = try BoardBinary.run(["completions", "tcsh"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "error: shell: 'tcsh' is not a shell Board writes completions for; use bash, zsh or fish\n")
    }
}
