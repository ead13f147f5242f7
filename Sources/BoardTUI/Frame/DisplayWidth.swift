/// How many terminal cells text takes, one extended grapheme cluster at a time: a wide character,
/// an emoji or an emoji sequence (👨‍👩‍👧‍👦, 🇫🇷, ☕️) two, a combining mark or a joiner with what it
/// joins nothing more, a control character none. The widths are the project's own
/// (`WideCharacters`), not the locale's, so the pure view layer never asks the terminal library.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if first.value < 0xA0 { return 0 }
        // An emoji presentation sequence (VS16) or an emoji (a flag's regional indicators) is drawn as a picture.
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        return of(scalar: first)
    }

    /// One scalar's cells: 2 in the wide table, 0 for a mark, a format character or a Hangul vowel or
    /// final consonant (drawn into the syllable before it), else 1.
    static func of(scalar: Unicode.Scalar) -> Int {
        if WideCharacters.contains(scalar.value) { return 2 }
        switch scalar.value {
        case 0x00AD: return 1  // the soft hyphen, drawn as a hyphen
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B: return 0
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII is a cell a byte: most titles, measured many times a frame, are only that.
        isPrintableASCII(text) ? text.utf8.count : text.reduce(0) { $0 + of($1) }
    }

    /// Whether every byte of `text` is printable ASCII, where a character is one byte and one cell.
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `text` broken into lines of at most `width` columns (the first line `firstWidth`), at spaces
    /// where it can, inside a word only when the word alone is wider than a line.
    public static func wrap(_ text: String, to width: Int, firstWidth: Int? = nil) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = [], line = "", used = 0
        var limit: Int { lines.isEmpty ? max(1, firstWidth ?? width) : width }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word), w = of(word)
            if used > 0 && used + 1 + w <= limit {
                line += " " + word
                used += 1 + w
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            // A word too long for a short first line but not for a whole one starts on the next line.
            if lines.isEmpty, w > limit, w <= width, limit < width {
                lines.append("")
                line = String(word)
                used = w
                continue
            }
            while w > limit {
                var head = "", headWidth = 0
                for c in word {
                    guard headWidth + of(c) <= limit else { break }
                    head.append(c)
                    headWidth += of(c)
                }
                if head.isEmpty { head = String(word.prefix(1)) }  // a wide character on a one-cell line
                lines.append(head)
                word = word.dropFirst(head.count)
                w = of(word)
            }
            line = String(word)
            used = w
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// "a · b · c" with as many whole items as fit `width`, and " · …" when some don't: a list
    /// of hints is never cut inside a word.
    public static func list(_ items: [String], fitting width: Int) -> String {
        var out = ""
        for (i, item) in items.enumerated() {
            let next = out.isEmpty ? item : out + " · " + item
            let more = i < items.count - 1 ? 4 : 0  // room for " · …" while items remain
            guard of(next) + more <= width || (i == items.count - 1 && of(next) <= width) else { return out.isEmpty ? "…" : out + " · …" }
            out = next
        }
        return out
    }

    /// How many of `text`'s characters fill at most `width` columns from its start.
    public static func characters(in text: String, fitting width: Int) -> Int {
        var used = 0, count = 0
        for c in text {
            guard used + of(c) <= width else { break }
            used += of(c)
            count += 1
        }
        return count
    }

    /// The longest prefix of `text` that fits `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        if isPrintableASCII(text) { return String(text.utf8.prefix(width - 1))! + "…" }
        var out = "", used = 0
        for c in text {
            let w = of(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }
}
