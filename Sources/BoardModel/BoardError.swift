/// Bad input anywhere in Board (a rule, a phrase, a card, an id): the field at fault and
/// the rule it broke, in one line a user can act on.
public struct BoardError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The field or RRULE part at fault: `.title`, `.due`, `INTERVAL`, `line 3`, …
    public let field: Field
    /// What is wrong, in words a user can act on.
    public let problem: String

    public init(_ field: Field, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    /// One line: `FIELD: problem`.
    public var description: String { "\(field): \(problem)" }

    /// A one-time card may not be made for a time already gone (ARCHITECTURE.md §4): said with the
    /// time given and now, "time: 08:00 today has passed (it is 09:00)".
    public static func timeInPast(_ due: LocalDateTime, now: LocalDateTime) -> BoardError {
        let given = due.date == now.date ? "\(due.time) today" : MonthName.due(due.date, due.time, today: now.date)
        let current = due.date == now.date ? "\(now.time)" : MonthName.due(now.date, now.time, today: now.date)
        return BoardError(.time, "\(given) has passed (it is \(current))")
    }
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
