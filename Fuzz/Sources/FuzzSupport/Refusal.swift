import BoardModel

/// What every parser owes a person when it can't take an input (ARCHITECTURE.md §14): a typed
/// refusal that names a place and a rule, in one line short enough to read. Anything else is a
/// finding: the target stops the run, and libFuzzer keeps the input that did it.
public enum Refusal {
    /// The longest refusal a person should have to read: a place, a rule and an echo cut to 40
    /// characters (each of which may then print as an escape such as `\u0000`).
    public static let longestLine = 300

    /// Checks a parser's error; stops the run if it is not a readable refusal.
    public static func check(_ error: any Error, from target: String) {
        guard let refusal = error as? BoardError else { finding(target, "threw \(type(of: error)), not a refusal: \(error)") }
        check(place: refusal.field.name, line: refusal.description, from: target)
    }

    /// Checks a refusal given as its place and its whole line, as `error:` prints it (escaped).
    public static func check(place: String, line: String, from target: String) {
        let printed = line.escapedForTerminal
        if place.isEmpty { finding(target, "a refusal names no place: \(printed.prefix(200))") }
        if line.unicodeScalars.count > longestLine {
            finding(target, "a refusal of \(line.unicodeScalars.count) characters, more than \(longestLine): \(printed.prefix(200))…")
        }
        if printed.unicodeScalars.contains(where: TerminalText.isUnsafe) { finding(target, "a refusal prints raw control characters") }
    }

    /// Stops the run: libFuzzer sees the trap and writes the input out as `crash-…`.
    public static func finding(_ target: String, _ what: String) -> Never {
        fatalError("\(target): \(what)")
    }
}
