/// Text from the board on its way to a terminal. A title holding `ESC ]52;…` would write the
/// clipboard, a newline would forge a line of `board list`, U+202E would reverse what follows;
/// so every control character, C1 code, line separator and bidi control is written as a visible
/// escape (`\e`, `\n`, `\u202E`) in every human-readable output (ARCHITECTURE.md §8).
extension StringProtocol {
    /// The text with every control character written visibly: `\e`, `\n`, `\r`, `\t`, else `\uXXXX`.
    public var escapedForTerminal: String { TerminalText.escape(self, keepingNewlines: false) }

    /// The same, but `\n` stays a line break: for output whose lines Board itself joined,
    /// after each stored field in it was escaped with `escapedForTerminal`.
    public var escapedForTerminalKeepingNewlines: String { TerminalText.escape(self, keepingNewlines: true) }
}

public enum TerminalText {
    /// Whether a terminal would act on `scalar` rather than show it.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true                       // C0, DEL, C1 (0x9B is CSI, 0x9D OSC)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, overrides, isolates
        case 0x2028, 0x2029: true                                // line and paragraph separators
        default: false
        }
    }

    static func escape(_ text: some StringProtocol, keepingNewlines: Bool) -> String {
        guard needsEscaping(text, keepingNewlines: keepingNewlines) else { return String(text) }
        return rewrite(text) { scalar in isUnsafe(scalar) && !(keepingNewlines && scalar == "\n") ? visible(scalar) : nil }
    }

    /// `text` with each scalar `replacement` names replaced, built as UTF-8 bytes and made a string
    /// once: appended to a string piece by piece, a megabyte of line breaks took seconds (the
    /// string's storage was copied for each append).
    private static func rewrite(_ text: some StringProtocol, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let visible = replacement(scalar) { out.append(contentsOf: visible.utf8) } else { out.append(contentsOf: UTF8.encode(scalar)!) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// JSON text with the unsafe scalars JSONSerialization leaves raw (C1, bidi, separators) as `\uXXXX`;
    /// they can only occur inside strings, where the escape means the same character.
    public static func escapeJSON(_ json: String) -> String {
        guard needsEscaping(json, keepingNewlines: true) else { return json }
        return rewrite(json) { scalar in isUnsafe(scalar) && scalar != "\n" ? hex(scalar) : nil }
    }

    /// Whether `text` holds anything to escape (a kept newline is not), read as UTF-8 bytes:
    /// each unsafe scalar of `isUnsafe` has a byte pattern of its own, so no scalar is decoded.
    static func needsEscaping(_ text: some StringProtocol, keepingNewlines: Bool) -> Bool {
        // Over the contiguous bytes: through the generic view each byte was a call of its own,
        // an eighth of listing 1,000 cards.
        if let found = text.utf8.withContiguousStorageIfAvailable({ needsEscaping(bytes: $0, keepingNewlines: keepingNewlines) }) {
            return found
        }
        var copy = String(text)
        return copy.withUTF8 { needsEscaping(bytes: $0, keepingNewlines: keepingNewlines) }
    }

    private static func needsEscaping(bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool) -> Bool {
        var i = 0
        func next() -> UInt8? {
            guard i < bytes.count else { return nil }
            defer { i += 1 }
            return bytes[i]
        }
        while let byte = next() {
            switch byte {
            case 0x0A: if !keepingNewlines { return true }
            case 0x00...0x1F, 0x7F: return true
            case 0xC2: if let next = next(), (0x80...0x9F).contains(next) { return true }  // C1
            case 0xD8: if next() == 0x9C { return true }  // U+061C
            case 0xE2:
                let second = next(), third = next() ?? 0
                if second == 0x80, third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) { return true }  // U+200E/F, U+2028–202E
                if second == 0x81, (0xA6...0xA9).contains(third) { return true }  // U+2066–2069
            default: break
            }
        }
        return false
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\u{1B}": "\\e"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: hex(scalar)
        }
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
