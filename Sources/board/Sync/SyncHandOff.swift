import BoardCLI
import BoardModel
import Foundation

/// Where `board-sync` is, and handing a command over to it.
enum SyncHandOff {
    /// Next to this executable, wherever it was installed.
    static var executablePath: String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(SyncCommands.executable).path
    }

    /// Whether `arguments` (global options already moved after the command) are for `board-sync`:
    /// `sync …`, `server …`, `help sync`.
    static func isHandedOff(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        return SyncCommands.names.contains(first) || (first == "help" && arguments.dropFirst().first.map(SyncCommands.names.contains) == true)
    }

    /// Replaces this process with `board-sync ARGUMENTS`: the same process id, terminal and exit status.
    static func exec(_ arguments: [String]) throws -> Never {
        let path = executablePath
        guard access(path, X_OK) == 0 else { throw missing(path) }
        let argv = ([SyncCommands.executable] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw BoardError("sync", "\(path) could not be started: \(String(cString: strerror(errno)))")
    }

    static func missing(_ path: String) -> BoardError {
        BoardError("sync", "\(path) is missing; build it as board is built (swift build … --product board-sync) and install it beside board")
    }
}
