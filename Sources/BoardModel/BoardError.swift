/// Bad input anywhere in Board (a rule, a phrase, a card, an id): the field at fault and
/// the rule it broke, in one line a user can act on.
public struct BoardError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The field or RRULE part at fault: `INTERVAL`, `phrase`, `title`, `due`, …
    public let field: String
    /// What is wrong, in words a user can act on.
    public let problem: String

    public init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    /// One line: `FIELD: problem`.
    public var description: String { "\(field): \(problem)" }

    /// A one-time task may not be created in the past (ARCHITECTURE.md §4).
    public static let timeInPast = BoardError("due", "cannot create a card with a time in the past")
}

extension String {
    /// The text as an error quotes it: at most 40 characters as a terminal shows them (a control
    /// character, shown as `\u007F`, counts for its six), then "…", so a refusal of a
    /// megabyte-long value is still one readable line.
    public var echoed: String {
        var shown = 0
        var cut = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            shown += TerminalText.isUnsafe(scalar) ? TerminalText.visible(scalar).count : 1
            guard shown <= 40 else { return String(cut) + "…" }
            cut.append(scalar)
        }
        return self
    }
}
