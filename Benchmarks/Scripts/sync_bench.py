"""The timings of Benchmarks/Scripts/sync.sh: board sync between boards of one person, and psql's
COPY of as many rows into a table of the same shape, in the same run (the floor)."""
import os, socket, sqlite3, statistics, subprocess, sys, time

from sync_common import admin, board, env, person, run, work


def cards(n, path):
    """The README's benchmark cards (cards.py): n cards as `board list --json` prints them."""
    folder = os.path.join(work, "cards-%d" % n)
    os.makedirs(folder, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "cards.py"), str(n), folder], check=True)
    os.replace(os.path.join(folder, "board.json"), path)


def timed(*args, env):
    """Wall seconds, the last line said, and the peak memory (MiB) of the command and its children."""
    start = time.perf_counter()
    process = subprocess.Popen([board, *args], env=env, stdout=subprocess.PIPE, text=True)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit("%s: exit %d" % (" ".join(args), process.returncode))
    return time.perf_counter() - start, out.strip().splitlines()[-1], usage.ru_maxrss / 1024


COLUMNS = "change_id, entity, entity_id, field, value, stamp, device, origin"


def copy_floors(name, account):
    """psql's COPY of the very rows a push left on the server: into a table of the same shape and
    indexes (the least a push of them costs), and out as their person, through row-level security
    (the least a pull of them costs). Seconds each."""
    path = os.path.join(work, "rows.copy")
    url = account["BOARD_SYNC_URL"]
    subprocess.run(["psql", admin, "-q", "-c", "\\copy (SELECT owner, %s FROM board.changes WHERE owner = (SELECT owner FROM board.people WHERE role = '%s') ORDER BY seq) TO '%s'" % (COLUMNS, name, path)], check=True)
    subprocess.run(["psql", admin, "-q", "-c", """SET client_min_messages = warning; DROP TABLE IF EXISTS floor;
        CREATE TABLE floor (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, owner uuid NOT NULL, change_id uuid NOT NULL UNIQUE,
            entity text NOT NULL, entity_id text NOT NULL, field text NOT NULL, value text, stamp text NOT NULL, device text NOT NULL,
            origin text NOT NULL, received_at timestamptz NOT NULL DEFAULT now());
        CREATE INDEX floor_owner_seq ON floor (owner, seq);"""], check=True)
    start = time.perf_counter()
    subprocess.run(["psql", admin, "-q", "-c", "\\copy floor (owner, %s) FROM '%s'" % (COLUMNS, path)], check=True)
    into = time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run(["psql", url, "-q", "-c", "\\copy (SELECT seq, %s FROM board.changes ORDER BY seq) TO '/dev/null'" % COLUMNS], check=True)
    return into, time.perf_counter() - start


# What a first pull drops while it writes and makes again at its end (ARCHITECTURE.md §13): the
# indexes of BoardStore.indexesBuiltAfterImport and the triggers of Schema.columnCountTriggerNames.
BUILT_AFTER = ["tasks_upcoming", "tasks_shown", "tasks_due", "column_counts_insert", "column_counts_delete", "column_counts_update"]


def empty_like(pulled, path):
    """An empty file of the pulled board's schema at path; returns its (name, sql) objects."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    source = sqlite3.connect(pulled)
    schema = source.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid").fetchall()
    source.close()
    empty = sqlite3.connect(path, isolation_level=None)
    empty.execute("PRAGMA journal_mode = WAL")
    for _, sql in schema:
        empty.execute(sql)
    empty.close()
    return schema


def rows_of(path):
    return sqlite3.connect(path).execute("SELECT (SELECT count(*) FROM tasks), (SELECT count(*) FROM sync_changes)").fetchone()


def write_floors(pulled):
    """SQLite itself (the same library) writing what a first pull wrote: the pulled board's cards and
    log entries copied into an empty file of its schema in one transaction, what the pull drops
    dropped and made again, the pull's pragmas; no parsing, no checks, no network. Set-wise (one
    INSERT … SELECT a table, through Python's sqlite3) and row-wise (one INSERT a row, each value
    bound from the source's column, rowwise_floor.c): the least a pull of these rows writes, and
    the least a client that writes rows as they arrive does. Seconds each."""
    path = os.path.join(work, "floor.db")
    schema = empty_like(pulled, path)
    dropped = [(name, sql) for name, sql in schema if name in BUILT_AFTER]
    drop = "".join("DROP %s %s;" % ("TRIGGER" if sql.startswith("CREATE TRIGGER") else "INDEX", name) for name, sql in dropped)
    build = "".join(sql + ";" for _, sql in dropped)
    floor = sqlite3.connect(path, isolation_level=None)
    start = time.perf_counter()
    floor.executescript("PRAGMA cache_size = -65536; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;")
    floor.execute("ATTACH ? AS pulled", (pulled,))
    floor.executescript("BEGIN;" + drop + "INSERT INTO main.tasks SELECT * FROM pulled.tasks;"
                        "INSERT INTO main.sync_changes SELECT * FROM pulled.sync_changes;" + build + "COMMIT;")
    setwise = time.perf_counter() - start
    floor.close()
    if rows_of(path) != rows_of(pulled):
        raise SystemExit("write floor: wrote %s rows, the pull %s" % (rows_of(path), rows_of(pulled)))
    binary = os.path.join(work, "rowwise_floor")
    if not os.path.exists(binary):
        subprocess.run(["cc", "-O2", os.path.join(os.path.dirname(__file__), "rowwise_floor.c"), "-o", binary, "-lsqlite3"], check=True)
    empty_like(pulled, path)
    rowwise = float(subprocess.run([binary, pulled, path, drop, build], check=True, capture_output=True, text=True).stdout)
    if rows_of(path) != rows_of(pulled):
        raise SystemExit("row-wise floor: wrote %s rows, the pull %s" % (rows_of(path), rows_of(pulled)))
    return setwise, rowwise


def push_and_pull(n, name, joined_first):
    """A board of n imported cards pushed (joined before the import: n changes in its outbox; or a
    first sync that joins it), and another board's first pull of them; beside psql's COPY of the rows."""
    account = person(name)
    a, b = os.path.join(work, name + "-a.db"), os.path.join(work, name + "-b.db")
    if joined_first:
        run("sync", "--db", a, env=account)
        run("sync", "--db", b, env=account)
    cards(n, os.path.join(work, "%d.json" % n))
    run("import", os.path.join(work, "%d.json" % n), "--db", a, env=account)
    before = os.path.getsize(a)
    push, said_push, push_peak = timed("sync", "--db", a, env=account)
    after = os.path.getsize(a)
    pull, said_pull, pull_peak = timed("sync", "--db", b, env=account)
    into, out = copy_floors(name, account)
    setwise, rowwise = write_floors(b)
    what = "push" if joined_first else "first sync"
    print("%-12s %7s cards %7.0f ms, peak %3.0f MiB   (%s)   psql COPY in: %4.0f ms, %.1fx; board file %.1f MB -> %.1f MB (%.2fx)" % (
        what, format(n, ","), push * 1000, push_peak, said_push, into * 1000, push / into, before / 1e6, after / 1e6, after / before))
    print("%-12s %7s cards %7.0f ms, peak %3.0f MiB   (%s)   psql COPY out as the person: %4.0f ms, %.1fx; board file %.1f MB" % (
        "pull", format(n, ","), pull * 1000, pull_peak, said_pull, out * 1000, pull / out, os.path.getsize(b) / 1e6))
    print("%-12s %7s cards %7.0f ms set-wise, %.1fx COPY out; %7.0f ms row-wise, %.1fx COPY out   (SQLite writing the rows the pull wrote, by itself)" % (
        "write floor", format(n, ","), setwise * 1000, setwise / out, rowwise * 1000, rowwise / out))
    return push


def replica_pass(label, people):
    """`board server run --once`: the server's tables brought up to the log, timed; the table size after."""
    seconds, _, peak = timed("server", "run", "--once", "--server", admin, "--state", os.path.join(work, "replica"), env=env)
    size = subprocess.run(["psql", admin, "-tA", "-c", "SELECT pg_total_relation_size('board.tasks')"], check=True,
                          capture_output=True, text=True).stdout.strip()
    cards_in = subprocess.run(["psql", admin, "-tA", "-c", "SELECT count(*) FROM board.tasks"], check=True, capture_output=True, text=True).stdout.strip()
    print("%-12s %7s cards %7.0f ms, peak %3.0f MiB   (%s)   board.tasks %.1f MB for %s cards, %.0f kB per 1,000" % (
        "replica", label, seconds * 1000, peak, people, int(size) / 1e6, cards_in, int(size) / int(cards_in)))
    return seconds


# 10,000 changes each way, and the first sync of a board of 100,000 cards; after each, the
# server's replica brings its tables up to the log (issue 40), beside the push it follows.
push_and_pull(10000, "ann", joined_first=True)
replica_pass("10,000", "ann")
first_sync = push_and_pull(100000, "bob", joined_first=False)
replica = replica_pass("100,000", "bob")
print("first sync of 100,000 end to end (push + the server's tables): %.2f s, %.1fx the push alone" % (
    first_sync + replica, (first_sync + replica) / first_sync))


# Write-to-visible latency: both boards watching, told by the realtime channel of `board server run`
# (which also keeps the server's tables, the part after); a card added on one, polled for on the other.
channel = socket.socket()
channel.bind(("127.0.0.1", 0))
channel_port = channel.getsockname()[1]
channel.close()
replicator = subprocess.Popen([board, "server", "run", "--server", admin, "--state", os.path.join(work, "replica"),
                               "--realtime", "127.0.0.1:%d" % channel_port], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
carol = person("carol")
e, f = os.path.join(work, "e.db"), os.path.join(work, "f.db")
run("sync", "--db", e, env=carol)
run("sync", "--db", f, env=carol)
watchers = [subprocess.Popen([board, "sync", "--watch", "--db", p], env=carol, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for p in (e, f)]
time.sleep(1.5)
latencies = []
try:
    for i in range(20):
        title = "latency %d" % i
        start = time.perf_counter()
        run("add", title, "--db", e, env=carol)
        db = sqlite3.connect(f)
        while db.execute("SELECT COUNT(*) FROM tasks WHERE title = ?", (title,)).fetchone()[0] == 0:
            time.sleep(0.005)
            if time.perf_counter() - start > 10:
                raise SystemExit("card %d never arrived" % i)
        latencies.append(time.perf_counter() - start)
        db.close()
        time.sleep(0.3)
finally:
    for w in watchers:
        w.terminate()
        w.wait()
print("write to visible on another board, median of 20: %.0f ms (min %.0f, max %.0f)" % (
    statistics.median(latencies) * 1000, min(latencies) * 1000, max(latencies) * 1000))

# Push to row in board.tasks with `board server run` going: a card added on a watching board, polled for in the table.
watcher = subprocess.Popen([board, "sync", "--watch", "--db", e], env=carol, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(2)
lags = []
try:
    for i in range(20):
        title = "replica lag %d" % i
        start = time.perf_counter()
        run("add", title, "--db", e, env=carol)
        while subprocess.run(["psql", admin, "-tA", "-c", "SELECT count(*) FROM board.tasks WHERE title = '%s'" % title],
                             capture_output=True, text=True).stdout.strip() != "1":
            if time.perf_counter() - start > 10:
                raise SystemExit("row %d never reached board.tasks" % i)
        lags.append(time.perf_counter() - start)
        time.sleep(0.3)
finally:
    for p in (watcher, replicator):
        p.terminate()
        p.wait()
lags.sort()
print("write to row in board.tasks, median of 20: %.0f ms (max %.0f); the other board: %.0f ms" % (
    statistics.median(lags) * 1000, lags[-1] * 1000, statistics.median(latencies) * 1000))


def psql_floor(times):
    """The same figure without Board: a row inserted by a `psql -c` process (as `board add` is one), into a
    table whose trigger notifies, and read by a psql that LISTENs and runs a query every moment it can."""
    subprocess.run(["psql", admin, "-q", "-c", """SET client_min_messages = warning;
        CREATE TABLE IF NOT EXISTS latency_floor (title text);
        CREATE OR REPLACE FUNCTION latency_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('latency', NEW.title); RETURN NULL; END $$;
        DROP TRIGGER IF EXISTS latency_notify ON latency_floor;
        CREATE TRIGGER latency_notify AFTER INSERT ON latency_floor FOR EACH ROW EXECUTE FUNCTION latency_notify();"""], check=True)
    listener = subprocess.Popen(["psql", admin, "-q", "-t", "-A"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    listener.stdin.write("LISTEN latency;\n")

    def notified():  # one query; the notifications psql prints after it
        listener.stdin.write("SELECT 1;\n\\echo polled\n")
        listener.stdin.flush()
        seen = []
        while (line := listener.stdout.readline().strip()) != "polled":
            seen.append(line)
        return [line for line in seen if line.startswith("Asynchronous notification")]

    found = []
    try:
        for i in range(times):
            title = "latency %d" % i
            start = time.perf_counter()
            subprocess.run(["psql", admin, "-q", "-c", "INSERT INTO latency_floor VALUES ('%s')" % title], check=True)
            while not any(title in line for line in notified()):
                if time.perf_counter() - start > 10:
                    raise SystemExit("psql: notification %d never arrived" % i)
            listener.stdin.write("SELECT title FROM latency_floor WHERE title = '%s';\n\\echo polled\n" % title)
            listener.stdin.flush()
            while listener.stdout.readline().strip() != "polled":
                pass
            found.append(time.perf_counter() - start)
            time.sleep(0.3)
    finally:
        listener.stdin.close()
        listener.wait()
    return found


floor = psql_floor(20)
print("psql INSERT read by a LISTENing psql, median of 20: %.0f ms (min %.0f, max %.0f); Board %.1fx" % (
    statistics.median(floor) * 1000, min(floor) * 1000, max(floor) * 1000, statistics.median(latencies) / statistics.median(floor)))
