import TestSupport
import BoardModel
import Testing

/// config.toml's reader. Issue: `printf '[[\n'` as config.toml aborted every command inside the C++ TOML library.
@Suite struct ConfigSyntaxTests {
    @Test func settingsAreReadWithTheirLines() throws {
        let text = "# Board\n\ntime_zone = \"Europe/Paris\"  # where I live\ngrace = 1_0\n'week_start' = 'sunday'\nnotify_command = \"say \\\"hi\\\" \\u00e9\"\r\n"
        let settings = try ConfigSyntax.settings(in: text)
        #expect(settings == [
            .init(key: "time_zone", value: .string("Europe/Paris"), line: 3),
            .init(key: "grace", value: .integer(10), line: 4),
            .init(key: "week_start", value: .string("sunday"), line: 5),
            .init(key: "notify_command", value: .string("say \"hi\" é"), line: 6),
        ])
    }

    @Test func malformedFilesNameTheirLineAndNeverAbort() {
        let cases: [(String, Int, String)] = [
            ("[[\n", 1, "tables"),
            ("grace = 5\n[board]\n", 2, "tables"),
            ("grace = 5\n\nnotify_command = \"x\n", 3, "not closed"),
            ("grace\n", 1, "key = value"),
            ("grace =\n", 1, "missing"),
            ("grace = 5 6\n", 1, "whole number"),
            ("time_zone = 'a' x\n", 1, "unexpected text"),
            ("grace = 1\ngrace = 2\n", 2, "set twice (first on line 1)"),
            ("notify_command = \"\\q\"\n", 1, "unknown escape"),
            ("notify_command = \"\"\"\n", 1, "multi-line"),
            ("notify_command = \"\\u12\"\n", 1, "hexadecimal"),
            ("notify_command = \"a\\", 1, "not closed"),
        ]
        for (text, line, problem) in cases {
            do {
                let settings = try ConfigSyntax.settings(in: text)
                // Only "grace = 5 6" parses as a line; it is refused by the key's rule instead.
                #expect(settings.first?.value == .other("5 6"), "\(text.debugDescription) was accepted")
            } catch {
                #expect(error.line == line, "\(text.debugDescription)")
                #expect(problem == "whole number" || error.problem.contains(problem), "\(text.debugDescription): \(error.problem)")
            }
        }
    }

    /// 5,000 files of TOML's punctuation and keys in random order: each one is read or refused with a line inside the file.
    @Test func randomFilesAreReadOrRefusedNeverCrash() {
        let pieces = ["[", "[[", "]", "]]", "=", "\"", "'", "\"\"\"", "\\", "\\u", "#", "\n", "\r\n", " ", "\t", ".", ",", "{", "}",
                      "grace", "time_zone", "a.b.c", "5", "-1", "1_000", "9223372036854775808", "true", "1.5", "é", "\u{0}", "\u{1B}"]
        var generator = SeededGenerator(seed: 12)
        var refused = 0
        for _ in 0..<5_000 {
            let text = (0..<Int(generator.next() % 14)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            do {
                _ = try ConfigSyntax.settings(in: text)
            } catch {
                refused += 1
                let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.count
                #expect((1...lines).contains(error.line), "\(text.debugDescription) → line \(error.line)")
            }
        }
        #expect(refused > 1_000, "the random files exercise the refusals")
    }
}

extension ConfigSyntaxTests {
    /// Found by the config fuzz target: text after a value, and a key set twice, were echoed whole.
    @Test func aRefusalEchoesAReadableCut() {
        let long = String(repeating: "z", count: 5_000)
        for text in ["time_zone = 'a' \(long)\n", "\(long) = 1\n\(long) = 2\n"] {
            do {
                _ = try ConfigSyntax.settings(in: text)
                Issue.record("taken")
            } catch {
                #expect(error.problem.count < 200, "\(error.problem.prefix(80))")
            }
        }
    }
}
