import BoardModel
import BoardStore
import Foundation
import GRDB

public enum CommandLineOutput {
    /// The exit status for a board file that can't be used; bad input is 2.
    public static let fileStatus: Int32 = 3

    /// Prints `error: MESSAGE` on stderr, escaped, and exits with `status` (2: bad input).
    public static func fail(_ message: String, status: Int32 = 2) -> Never {
        writeText("error: " + message.escapedForTerminal + "\n", to: .standardError)
        exit(status)
    }

    /// The one line and exit status for an error every Board command may meet (ARCHITECTURE.md §10).
    public static func fail(_ error: Error) -> Never {
        switch error {
        case let error as UsageError: fail(error.description)
        case let error as ExitStatus: exit(error.code)
        case let error as ConfigError:
            for line in error.lines.dropLast() { printErr("error: config: " + line) }
            fail("config: " + (error.lines.last ?? error.path))
        case let error as BoardError: fail(error.description)
        case let error as BoardFileError: fail(error.description, status: fileStatus)
        case let error as DatabaseError:
            fail(BoardFileError.classify(error, path: "the board") ?? BoardFileError.unusable(path: "the board", problem: error.message ?? "\(error)"))
        case let error as CocoaError: fail(error.localizedDescription, status: fileStatus)
        default: fail("\(error)", status: 1)
        }
    }
}

/// Writes to stdout without buffering surprises. Control characters are shown escaped, line
/// breaks kept: stored fields in `text` were escaped already (`escapedForTerminal`), so no stored
/// newline can forge a line.
public func printOut(_ text: String) {
    writeText(text.escapedForTerminalKeepingNewlines + "\n", to: .standardOutput)
}

/// One line on stderr, every control character shown escaped.
public func printErr(_ text: String) {
    writeText(text.escapedForTerminal + "\n", to: .standardError)
}

/// Writes `text`'s bytes to `handle` as they are (escaping is the caller's). Through the bytes in
/// place: `Data(text.utf8)` casts the view at run time, and a process's first such cast scans every
/// conformance of the runtime (Benchmarks/README.md, "Start-up").
public func writeText(_ text: String, to handle: FileHandle) {
    var text = text
    text.withUTF8 { handle.write(Data(buffer: $0)) }
}
