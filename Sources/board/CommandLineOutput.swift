import BoardModel
import Foundation

enum CommandLineOutput {
    /// The exit status for a board file that can't be used; bad input is 2.
    static let fileStatus: Int32 = 3

    /// Prints `error: MESSAGE` on stderr, escaped, and exits with `status` (2: bad input).
    static func fail(_ message: String, status: Int32 = 2) -> Never {
        FileHandle.standardError.write(Data(("error: " + message.escapedForTerminal + "\n").utf8))
        exit(status)
    }
}
