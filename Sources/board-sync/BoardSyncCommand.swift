import BoardCLI
import BoardSync
import CProcess
import Foundation

/// `board-sync`: the commands `board sync` and `board server` hand over to (ARCHITECTURE.md §13).
/// Sync's network stack lives here alone, so the many short commands of `board` start without it.
@main
enum BoardSyncCommand {
    static let info = CommandInfo(
        group: "board",
        abstract: "Board's sync: the commands `board sync` and `board server` run.",
        subcommands: [SyncCommand.info, ServerCommand.info, ShareCommand.info, Unshare.info, FeedCommand.info])

    /// As `board`'s: bad input exits 2 after one line, an unusable board file 3 (a fault of the
    /// board's own file while sync writes it included), a notifier that failed 4, a server out of
    /// reach or refusing 5 (ARCHITECTURE.md §10).
    static func main() {
        endsWithBoard()
        signal(SIGXFSZ, SIG_IGN)  // as board: a file-size limit is an error of the file, status 3
        do {
            try info.run(Array(CommandLine.arguments.dropFirst()), executable: "board")
        } catch {
            NewBoard.removeAfterFailure()
            if let error = error as? NotifierFailure { CommandLineOutput.fail(error.description, status: 4) }
            if let error = error as? SyncError { CommandLineOutput.fail(error.description, status: error == .local(error.reason) ? 3 : 5) }
            CommandLineOutput.fail(error)
        }
    }

    /// Started by `board` (which names itself in BOARD_SYNC_PARENT), it ends when `board` ends,
    /// however it ends (kill -9 included), as it did when `board` replaced itself with it.
    private static func endsWithBoard() {
        guard let parent = ProcessInfo.processInfo.environment["BOARD_SYNC_PARENT"].flatMap({ Int32($0) }) else { return }
        _ = board_set_parent_death_signal(SIGKILL)
        if getppid() != parent { exit(5) }  // board ended before this line
    }
}
