import Foundation
import Glibc

/// Runs a program that starts a server (tmux, PostgreSQL) and waits for it to return, the way a
/// shell would: through posix_spawn and waitpid (Foundation's Process would wait for the server's
/// end too), with /dev/null for its input and output, and none of the test runner's blocked
/// signals — a server started with SIGTERM blocked never ends, and holds whatever descriptors it
/// inherited (once, the write end of the dateutil oracle's stdin: that oracle waited for good).
/// Returns the exit status.
@discardableResult
func runDetached(_ argv: [String]) throws -> Int32 {
    var cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in [Int32(0), 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard posix_spawnp(&pid, argv[0], &actions, &attributes, &cArgs, environ) == 0 else { throw CocoaError(.executableNotLoadable) }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (status >> 8) & 0xFF
}
