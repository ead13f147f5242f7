import Foundation
import GRDB
import Testing

/// Issue: text stored in the board reached the terminal raw: `ESC ]52;c;…BEL` wrote the clipboard,
/// `ESC ]0;…BEL` the window title, `ESC [2J` cleared the screen, a newline forged a line of `board list`.
@Suite struct TerminalInjectionTests {
    static let hostile = "Pay\u{1B}]52;c;cm0gLXJm\u{07}\u{1B}[2J\r\u{08}\nforged line\u{202E}txt.exe\u{85}\u{9B}31m"

    /// What a terminal would act on in `text`: C0 but the line feed, DEL, C1, bidi overrides.
    static func unsafe(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { s in
            (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)
        }
    }

    /// A board whose card, template, step, label and habit hold hostile text, as an import or an older Board could leave them.
    func hostileBoard() throws -> BoardFile {
        let board = try BoardFile()
        #expect(try board.run(["add", "Card", "--label", "home", "--due", "2026-11-21", "--time", "10:30", "--bucket", "this-week"]).status == 0)
        #expect(try board.run(["template", "add", "Routine", "--every", "every day at 20:00", "--checklist", "Step"]).status == 0)
        #expect(try board.run(["habit", "add", "Habit"]).status == 0)
        let db = try DatabaseQueue(path: board.path)
        defer { try? db.close() }
        try db.write { db in
            try db.execute(sql: "UPDATE tasks SET title = ?, labels = json_array(?)", arguments: [Self.hostile, Self.hostile])
            try db.execute(sql: "UPDATE templates SET title = ?, checklist = json_array(json_object('text', ?))", arguments: [Self.hostile, Self.hostile])
            try db.execute(sql: "UPDATE habits SET name = ?", arguments: [Self.hostile])
        }
        return board
    }

    @Test func everyHumanReadableOutputShowsControlsEscaped() throws {
        let board = try hostileBoard()
        let outputs = [
            try board.run(["list"]), try board.run(["template", "list"]), try board.run(["habit", "list"]),
            try board.run(["template", "show", try templateId(board)]), try board.run(["remind"], now: "2026-11-21T10:31"),
        ]
        for r in outputs {
            #expect(r.status == 0, "\(r.stderr)")
            // The bell before "Reminder:" is Board's own, not the title's.
            let shown = r.stdout.replacingOccurrences(of: "\u{7}Reminder:", with: "Reminder:") + r.stderr
            #expect(Self.unsafe(shown).isEmpty, "\(r.stdout.debugDescription)")
            #expect(!r.lines.contains { $0.hasPrefix("forged") }, "a stored newline forged a line: \(r.stdout)")
            #expect(r.stdout.contains("Pay\\e]52;c;cm0gLXJm\\u0007\\e[2J\\r\\u0008\\nforged line\\u202Etxt.exe\\u0085\\u009B31m"),
                    "\(r.stdout)")
        }
        // The newline did not forge a line: This Week still has its one card line under its heading.
        let list = try board.run(["list", "--bucket", "this-week"]).lines
        #expect(list.count == 2 && !list.contains { $0.hasPrefix("forged") })
    }

    @Test func aCalendarExportWritesStoredControlsAsVisibleEscapes() throws {
        let board = try hostileBoard()
        let r = try board.run(["export", "ics"])
        #expect(r.status == 0, "\(r.stderr)")
        // The file's own line ends are CRLF; nothing else a terminal acts on.
        let shown = r.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(Self.unsafe(shown).isEmpty, "\(shown.debugDescription)")
        #expect(shown.contains("SUMMARY:Pay\\\\e]52\\;c\\;cm0gLXJm\\\\u0007\\\\e[2J"), "\(shown)")
        #expect(!shown.split(separator: "\n").contains { $0.hasPrefix("forged") })
    }

    @Test func jsonEscapesC1AndBidiToo() throws {
        let board = try hostileBoard()
        for arguments in [["list", "--json"], ["template", "list", "--json"], ["habit", "list", "--json"]] {
            let r = try board.run(arguments)
            #expect(Self.unsafe(r.stdout).isEmpty, "\(arguments)")
            #expect(r.stdout.contains("\\u202E") && r.stdout.contains("\\u0085") && r.stdout.contains("\\u009B"), "\(arguments)")
            // Still the same text once decoded.
            let decoded = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [[String: Any]]
            #expect(decoded.contains { ($0["title"] ?? $0["name"]) as? String == Self.hostile }, "\(arguments)")
        }
    }

    @Test func errorsThatEchoInputEscapeIt() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "A card"]).status == 0)
        for arguments in [["habit", "check", "x\u{1B}]0;owned\u{07}"], ["done", "zz\u{1B}[2Jy"], ["recur", "parse", "every \u{1B}[2J day"]] {
            let r = arguments[0] == "recur" ? try BoardBinary.run(arguments) : try board.run(arguments)
            #expect(r.status == 2)
            #expect(Self.unsafe(r.stderr).isEmpty && r.stderr.contains("\\e"), "\(r.stderr.debugDescription)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func controlCharactersAndOverlongTextAreRefusedOnTheWayIn() throws {
        let board = try BoardFile()
        let cases: [([String], String)] = [
            (["add", "a\nb"], "error: title: must not hold control characters such as \\n; it is one line"),
            (["add", "ok", "--label", "x\u{1B}y"], "error: labels: must not hold control characters such as \\e; it is one line"),
            (["add", String(repeating: "t", count: 201)], "error: title: at most 200 characters, got 201"),
            (["habit", "add", "h\u{202E}"], "error: name: must not hold control characters such as \\u202E; it is one line"),
            (["template", "add", "R", "--every", "daily", "--checklist", String(repeating: "s", count: 201)],
             "error: checklist: at most 200 characters, got 201"),
        ]
        for (arguments, message) in cases {
            let r = try board.run(arguments)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr == message + "\n")
        }
        #expect(try board.run(["add", "Multi-line notes", "--description", "one\ntwo"]).status == 0, "a description may hold line breaks")
    }

    private func templateId(_ board: BoardFile) throws -> String {
        try board.templates().first?["id"] as? String ?? ""
    }
}
