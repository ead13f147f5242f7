import Foundation

/// A problem with what the user typed, reported as one line and exit status 2.
struct InputError: Error, CustomStringConvertible {
    let field: String
    let problem: String
    init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }
    var description: String { "\(field): \(problem)" }
}

enum CommandLineOutput {
    /// Prints `error: MESSAGE` on stderr and exits with status 2.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
        exit(2)
    }
}
