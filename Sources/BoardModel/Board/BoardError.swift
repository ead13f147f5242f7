/// Bad input to the board: the field at fault and the rule it broke, in one line.
public struct BoardError: Error, Equatable, CustomStringConvertible, Sendable {
    public let field: String
    public let problem: String

    public init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)" }
}
