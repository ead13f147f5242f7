"""Runs each command once a round, in turn, for ROUNDS rounds (after five to warm up), and prints
the median wall time from spawn to exit of each: the machine's drift then falls on every command
alike, which hyperfine's blocks of one command at a time do not give (start.sh).
    python3 alternate.py ROUNDS "COMMAND ARGS…" "COMMAND ARGS…" …   (each command by its full path)"""
import os, statistics, sys, time

rounds, commands = int(sys.argv[1]), [command.split() for command in sys.argv[2:]]
times = [[] for _ in commands]
quiet = os.open(os.devnull, os.O_WRONLY)
to_null = [(os.POSIX_SPAWN_DUP2, quiet, 1), (os.POSIX_SPAWN_DUP2, quiet, 2)]
for round in range(rounds + 5):
    for command, kept in zip(commands, times):
        start = time.perf_counter()
        _, status = os.waitpid(os.posix_spawn(command[0], command, os.environ, file_actions=to_null), 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("%s: exit %d" % (" ".join(command), os.waitstatus_to_exitcode(status)))
        if round >= 5:
            kept.append(time.perf_counter() - start)
for command, kept in zip(commands, times):
    print("  %-48s %7.2f ms" % (os.path.basename(command[0]) + " " + " ".join(os.path.basename(a) for a in command[1:]), statistics.median(kept) * 1000))
