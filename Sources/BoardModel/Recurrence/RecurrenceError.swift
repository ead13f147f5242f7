/// Why a rule, a phrase or a date was refused: the field it concerns and the rule it broke.
public struct RecurrenceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The field or RRULE part at fault: `INTERVAL`, `BYMONTHDAY`, `phrase`, `due`, …
    public let field: String
    /// What is wrong, in words a user can act on.
    public let problem: String

    public init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    /// One line: `FIELD: problem`.
    public var description: String { "\(field): \(problem)" }

    /// The one-time task rule of the Halloo document (seed 004).
    public static let timeInPast = RecurrenceError("due", "Cannot create a task with a time in the past")
}
