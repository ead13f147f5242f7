import Foundation
import Testing

/// Issue 52: the README's sample config.toml failed as pasted ("c is given to both done and
/// duplicate") and its `board add "Dentist" --due dec 2` with "'2': unexpected argument". Every
/// config.toml and every `board` command shown in README.md and docs/ is taken from the text and
/// run as written, each command on a fresh demo board.
@Suite struct DocumentedExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every page of docs/, by name.
    static func documents() throws -> [(name: String, text: String)] {
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return try [("README.md", String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))]
            + pages.map { ("docs/" + $0, try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The fenced blocks of `text` (language, lines) and the text outside them.
    static func blocks(_ text: String) -> (fenced: [(language: String, lines: [String])], prose: String) {
        var fenced: [(String, [String])] = [], prose = "", open: (String, [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let block = open { fenced.append(block); open = nil } else { open = (String(line.dropFirst(3)), []) }
            } else if open != nil { open!.1.append(line) } else { prose += line + "\n" }
        }
        return (fenced, prose)
    }

    /// Every `board …` command: lines of the shell blocks (comments cut, continued lines joined) and
    /// code spans in the prose.
    static func commands() throws -> [(place: String, line: String)] {
        var found: [(String, String)] = []
        for (name, text) in try documents() {
            let (fenced, prose) = blocks(text)
            for block in fenced where ["sh", ""].contains(block.language) {
                var pending = ""
                for line in block.lines {
                    let joined = pending + line
                    if joined.hasSuffix("\\") { pending = String(joined.dropLast()); continue }
                    pending = ""
                    let command = (joined.range(of: " #").map { String(joined[..<$0.lowerBound]) } ?? joined).trimmingCharacters(in: .whitespaces)
                    if command.hasPrefix("board ") { found.append((name, command)) }
                }
            }
            var rest = Substring(prose)
            while let start = rest.range(of: "`board ") {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "`") else { break }
                found.append((name, "board " + after[..<end].replacingOccurrences(of: "\n", with: " ")))
                rest = after[after.index(after: end)...]
            }
        }
        return found
    }

    /// A command line's words, as sh reads quotes and backslashes.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false, escaped = false
        for c in line {
            if escaped { word.append(c); escaped = false; continue }
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"" { escaped = true } else { word.append(c) }
            } else if c == "'" || c == "\"" { quote = c; inWord = true }
            else if c == "\\" { escaped = true; inWord = true }
            else if c == " " { if inWord { words.append(word); word = ""; inWord = false } }
            else { word.append(c); inWord = true }
        }
        if inWord { words.append(word) }
        return words
    }

    /// A synopsis rather than an example: placeholders (ID, NAME, X), options in brackets, an ellipsis.
    static func isSynopsis(_ words: [String]) -> Bool {
        words.contains { word in
            word.contains("[") || word.contains("…") || word.contains("<")
                || (word.contains { $0.isLetter } && !word.contains { $0.isLowercase })
                || word.split(separator: "=").last.map { $0.contains { $0.isLetter } && !$0.contains { $0.isLowercase } } == true
        }
    }

    /// Runs `board` with `arguments` for at most `seconds` (a server's run goes on until stopped,
    /// which is no fault); its status, nil if it was still running, and what it said on stderr.
    static func run(_ arguments: [String], environment: [String: String], seconds: Double = 5) throws -> (status: Int32?, stderr: String) {
        let process = BoardBinary.process(arguments, environment: environment)
        // A file an example writes (`--output board.ics`) lands in a folder of its own, not the repository.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        process.currentDirectoryURL = folder
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (running ? nil : process.terminationStatus, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }

    /// Issue 52: the README grew past the 30 KB it is held to; detail goes to docs/.
    @Test func theReadmeStaysAUsersGuide() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size <= 30_000, "README.md is \(size) bytes: move detail into docs/")
    }

    @Test func everyConfigShownIsReadAsWritten() throws {
        var checked = 0
        for (name, text) in try Self.documents() {
            for block in Self.blocks(text).fenced where block.language == "toml" {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-config-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("board"), withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                try block.lines.joined(separator: "\n").write(to: folder.appendingPathComponent("board/config.toml"), atomically: true, encoding: .utf8)
                let board = try BoardFile()
                let r = try BoardBinary.run(["add", "Checks the config", "--db", board.path], environment: ["XDG_CONFIG_HOME": folder.path, "BOARD_SYNC_URL": ""])
                #expect(r.status == 0 && r.stderr.isEmpty, "\(name): its config.toml: \(r.stderr)")
                checked += 1
            }
        }
        #expect(checked >= 1, "the README shows a config.toml")
    }

    @Test func everyCommandShownRunsAsWritten() throws {
        let commands = try Self.commands()
        #expect(commands.count > 50, "\(commands.count) commands found")
        let demo = FileManager.default.temporaryDirectory.appendingPathComponent("doc-demo-\(UUID().uuidString).sqlite").path
        let environment = ["BOARD_NOW": "2026-11-20T10:00", "BOARD_TZ": "Europe/Paris", "XDG_CONFIG_HOME": "/nonexistent", "BOARD_SYNC_URL": ""]
        #expect(try BoardBinary.run(["demo", "--into", demo], environment: environment).status == 0)
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: demo + suffix) } }
        var examples = 0, synopses = 0
        for (place, line) in commands {
            // What a pipe or a redirection does with the output is the shell's: the command runs.
            let words = Self.words(line).prefix { ![">", "|", "2>", ">>"].contains($0) }.map { $0 }
            // The screen and what keeps running are the quick start's and the tmux tests' to drive.
            guard words.count > 1, !["demo", "open"].contains(words[1]), !words.contains("--watch") else { continue }
            if Self.isSynopsis(words) {
                // A synopsis names commands that exist ("pause|resume" two of them): each one's help prints.
                let path = Array(words.dropFirst().prefix { !$0.hasPrefix("-") && !Self.isSynopsis([$0]) }.drop { $0 == "help" })
                for last in (path.last ?? "").split(separator: "|").map(String.init) {
                    let named = path.dropLast() + (path.isEmpty ? [] : [last])
                    let help = try BoardBinary.run(["help"] + named, environment: environment)
                    #expect(help.status == 0, "\(place): `\(line)`: board help \(named.joined(separator: " ")): \(help.stderr)")
                }
                synopses += 1
                continue
            }
            let board = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).sqlite").path
            try FileManager.default.copyItem(atPath: demo, toPath: board)
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: board + suffix) } }
            let (status, said) = try Self.run(Array(words.dropFirst()), environment: environment.merging(["BOARD_DB": board]) { $1 })
            examples += 1
            guard let status, status != 0 else { continue }
            // What a command named on its own, or a file or a server the reader brings, may say;
            // a refusal of the words as written may not.
            let readersPart = ["missing;", "needs a value", "no server given", "can't read '", "is not JSON", "is empty"].contains { said.contains($0) }
                || status == 5
            #expect(readersPart && status != 1, "\(place): `\(line)` exits \(status): \(said)")
        }
        #expect(examples > 40 && synopses > 20, "\(examples) examples, \(synopses) synopses")
    }
}
