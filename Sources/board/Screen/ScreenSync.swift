import BoardCLI
import BoardModel
import BoardTUI
import Foundation

/// The screen's sync: `board-sync sync --watch --screen` beside the screen (ARCHITECTURE.md §13).
/// Each line it prints is where sync stands, in the status line's words, posted to the box the
/// screen reads between keys; closing its input when the screen quits ends it.
final class ScreenSync {
    private let pid: pid_t
    private let input: Int32

    /// Starts the watcher on the board at `path` with the screen's clock options; its words go to `box`.
    init(path: String, clockOptions: ClockOptions, box: SyncStatusBox) throws {
        let executable = SyncHandOff.executablePath
        guard access(executable, X_OK) == 0 else { throw SyncHandOff.missing(executable) }
        var arguments = ["sync", "run", "--watch", "--screen", "--db", path]
        if let now = clockOptions.now { arguments += ["--now", now] }
        if let tz = clockOptions.tz { arguments += ["--tz", tz] }
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw Self.failure("a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        // Nothing it says may land on the screen's terminal but through the status line.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        // Signals as from a shell, whatever this process blocks.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([SyncCommands.executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Self.failure(String(cString: strerror(spawned)))
        }
        // The screen's end of its input stays out of any other process this one starts (a notifier).
        _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
        self.pid = pid
        input = toChild[1]
        let output = fromChild[0]
        Thread.detachNewThread { Self.postLines(from: output, to: box) }
    }

    /// Ends the watcher: its input closes, and it is asked to stop at once in case it is mid-round.
    func stop() {
        close(input)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Each line as it comes (a read returns what the pipe holds; FileHandle's waits for a full buffer).
    private static func postLines(from output: Int32, to box: SyncStatusBox) {
        defer { close(output) }
        var pending: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                box.post(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
    }

    private static func failure(_ what: String) -> BoardError {
        BoardError("sync", "\(SyncCommands.executable) could not be started: \(what)")
    }
}
