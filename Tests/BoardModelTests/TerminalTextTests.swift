@testable import BoardModel
import Testing

/// The byte-level check that decides whether text needs escaping agrees with `isUnsafe`, scalar by scalar.
@Suite struct TerminalTextTests {
    @Test func theByteCheckAgreesWithIsUnsafeOnEveryScalarOfTheFirstPlanes() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a" + String(scalar) + "é", "·" + String(scalar)] {
                if TerminalText.needsEscaping(text, keepingNewlines: false) != TerminalText.isUnsafe(scalar) { disagreements.append(value) }
            }
            // A substring's bytes, read in place.
            if TerminalText.needsEscaping(("x" + String(scalar) + "y").dropFirst(), keepingNewlines: false) != TerminalText.isUnsafe(scalar) {
                disagreements.append(value)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
        #expect(!TerminalText.needsEscaping("a\nb", keepingNewlines: true) && TerminalText.needsEscaping("a\nb", keepingNewlines: false))
        #expect(TerminalText.needsEscaping("a\nb\u{85}", keepingNewlines: true))
    }

    @Test func escapingKeepsNewlinesOnlyWhenAsked() {
        #expect("a\nb\u{202E}c".escapedForTerminalKeepingNewlines == "a\nb\\u202Ec")
        #expect("a\nb".escapedForTerminal == "a\\nb")
        #expect(TerminalText.escapeJSON("{\n  \"t\" : \"\u{9B}x\"\n}") == "{\n  \"t\" : \"\\u009Bx\"\n}")
    }
}

/// `isBlank` is `trimmingSpaces.isEmpty` without making the trimmed string.
@Suite struct BlankTextTests {
    @Test func blankMeansOnlyWhiteSpaceAsTrimmingSaysIt() {
        let texts = ["", " ", "\t\n \r", "\u{00A0}", "\u{3000} \u{2003}", "a", " a ", "\u{7F}", "\u{200B}", "\u{0}", "é", " \u{00A0}x", "\u{1F600}"]
        for text in texts { #expect(text.isBlank == text.trimmingSpaces.isEmpty, "\(Array(text.unicodeScalars))") }
        #expect(" \t".isBlank && !"\u{200B}".isBlank && "\u{3000}".isBlank)
    }

    /// Found by the taskwarrior fuzz target: a cut of 40 control characters is 240 on a terminal.
    @Test func anEchoIsFortyCharactersAsShown() {
        #expect("short".echoed == "short")
        #expect(String(repeating: "x", count: 40).echoed == String(repeating: "x", count: 40))
        #expect(String(repeating: "x", count: 41).echoed == String(repeating: "x", count: 40) + "…")
        for text in [String(repeating: "\u{7F}", count: 200), String(repeating: "a\u{202E}", count: 100), String(repeating: "\u{1B}[31m", count: 50)] {
            let shown = text.echoed.escapedForTerminal
            #expect(shown.count <= 41 && shown.hasSuffix("…"), "\(shown)")
        }
    }
}
