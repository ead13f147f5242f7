import BoardModel
import Foundation

enum CommandLineOutput {
    /// Prints `error: MESSAGE` on stderr and exits with status 2.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("error: " + message.escapedForTerminal + "\n").utf8))
        exit(2)
    }
}
