/// A field a person fills in, as an error names it (ARCHITECTURE.md §10): the command line's
/// option, the card form's and the template form's row, and `FieldRules` all say `.time` for the
/// time, so a refusal finds its row by what it is, never by the words a row is labelled with.
/// Fields of other inputs (an RRULE part, a line of a file, a path in a document) are named by
/// their own words: `Field(part)`, or a literal (`"line \\(n)"`).
public struct Field: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The field as errors print it: `time`, `remind-before`, `BYDAY`, `line 3`.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public init(stringInterpolation: DefaultStringInterpolation) { name = String(stringInterpolation: stringInterpolation) }

    public var description: String { name }

    // A card's and a routine's fields, as the forms show them and the command line takes them.
    public static let title: Field = "title"
    public static let description: Field = "description"
    public static let labels: Field = "labels"
    public static let due: Field = "due"
    public static let time: Field = "time"
    public static let priority: Field = "priority"
    public static let duration: Field = "duration"
    public static let bucket: Field = "bucket"
    public static let remindBefore: Field = "remind-before"
    public static let step: Field = "step"
    public static let checklist: Field = "checklist"
    // A routine's schedule.
    public static let every: Field = "every"
    public static let phrase: Field = "phrase"
    public static let start: Field = "start"
    public static let until: Field = "until"
    public static let count: Field = "count"
}
