import CNcurses
import Foundation

/// How many terminal columns text takes: wide characters and emoji take two,
/// combining marks none (wcwidth in a UTF-8 locale).
public enum DisplayWidth {
    /// wcwidth needs a UTF-8 character type; the app sets the user's locale, tests get C.UTF-8.
    private static let utf8Locale: Bool = {
        if let current = setlocale(LC_CTYPE, nil).map({ String(cString: $0) }), current.uppercased().contains("UTF") { return true }
        return setlocale(LC_CTYPE, "C.UTF-8") != nil
    }()

    public static func of(_ character: Character) -> Int {
        _ = utf8Locale
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        // An emoji presentation sequence is as wide as an emoji.
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        let w = Int(board_wcwidth(first.value))
        return w < 0 ? 1 : w
    }

    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `text` broken into lines of at most `width` columns, at spaces where it can, inside a word
    /// only when the word alone is wider than a line.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = [], line = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word), w = of(word)
            if used > 0 && used + 1 + w <= width {
                line += " " + word
                used += 1 + w
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            while w > width {
                var head = "", headWidth = 0
                for c in word where headWidth + of(c) <= width {
                    head.append(c)
                    headWidth += of(c)
                }
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

    /// The longest prefix of `text` that fits `width` columns, ending in "…" when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
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
