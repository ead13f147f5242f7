/// The command line itself was wrong (an unknown option, a missing argument): one line, status 2
/// (ARCHITECTURE.md §10).
public struct UsageError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// Ends the command with this exit status and nothing more said (the user answered no).
public struct ExitStatus: Error {
    public let code: Int32

    public init(_ code: Int32) { self.code = code }
}
