import BoardCLI
import BoardModel
import Foundation

/// The child `board sync` runs, for the signal handlers that pass interrupts on to it.
nonisolated(unsafe) private var handOffChild: pid_t = 0

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

    /// Runs `board-sync ARGUMENTS` as a child on this terminal and ends with its exit status. A
    /// child that dies of a fault (a trap in a library while a server session breaks off) is one
    /// line and exit 5, as any failure to reach the server: what was not pushed waits on this
    /// board, and the same command runs again. Interrupts and terminations pass through to it.
    static func run(_ arguments: [String]) throws -> Never {
        let path = executablePath
        guard access(path, X_OK) == 0 else { throw missing(path) }
        let argv = ([SyncCommands.executable] + arguments).map { strdup($0) } + [nil]
        var environment = ProcessInfo.processInfo.environment
        // The runtime's 80-line backtrace is for a developer; a person gets the line below.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        // So that board-sync ends with this process, however it ends.
        environment["BOARD_SYNC_PARENT"] = String(getpid())
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        // The child starts with no signal blocked or ignored, whatever this process inherited.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, nil, &attributes, argv, envp)
        guard started == 0 else { throw BoardError("sync", "\(path) could not be started: \(String(cString: strerror(started)))") }
        handOffChild = pid
        var passed = sigset_t()
        sigemptyset(&passed)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Foundation.signal(signal) { received in if handOffChild > 0 { kill(handOffChild, received) } }
            sigaddset(&passed, signal)
        }
        // Heard even when this process was started with them blocked (a supervisor's, a test
        // runner's children): otherwise a SIGTERM meant for `board server run` never reaches it.
        pthread_sigmask(SIG_UNBLOCK, &passed, nil)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        guard signalled != 0 else { exit((status >> 8) & 0xFF) }
        if [SIGINT, SIGTERM, SIGHUP].contains(signalled) {
            // Ended as asked: end the same way.
            Foundation.signal(signalled, SIG_DFL)
            raise(signalled)
        }
        printErr("error: sync: board-sync stopped on a fault (signal \(signalled)) before it finished; nothing is lost, what was not pushed waits on this board: run the same command again")
        exit(5)
    }

    static func missing(_ path: String) -> BoardError {
        BoardError("sync", "\(path) is missing; build it as board is built (swift build … --product board-sync) and install it beside board")
    }
}
