"""The timings of Benchmarks/Scripts/sync.sh: board sync between boards of one person, and psql's
COPY of as many rows into a table of the same shape, in the same run (the floor)."""
import json, os, sqlite3, statistics, subprocess, sys, time

board, work, admin = sys.argv[1], sys.argv[2], sys.argv[3]
env = dict(os.environ, BOARD_NOW="2026-11-21T10:00", BOARD_TZ="Europe/Paris", XDG_CONFIG_HOME="/nonexistent")


def run(*args, **kw):
    return subprocess.run([board, *args], env=kw.get("env", env), check=True, capture_output=True, text=True).stdout


def person(name):
    url = run("server", "add-user", name, "--server", admin, "--password", "pw").strip().splitlines()[-1]
    return dict(env, BOARD_SYNC_URL=url)


def cards(n, path):
    """The README's benchmark cards (cards.py): n cards as `board list --json` prints them."""
    folder = os.path.join(work, "cards-%d" % n)
    os.makedirs(folder, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "cards.py"), str(n), folder], check=True)
    os.replace(os.path.join(folder, "board.json"), path)


def timed(*args, env):
    start = time.perf_counter()
    out = run(*args, env=env)
    return time.perf_counter() - start, out.strip().splitlines()[-1]


def copy_floor(n):
    """psql COPY of n rows shaped like the change log (the least any sync of n changes costs)."""
    path = os.path.join(work, "rows.tsv")
    with open(path, "w") as f:
        for i in range(n):
            f.write("%08x-0000-4000-8000-000000000000\ttasks\tid-%d\trow\t{\"title\":\"\\\\\"card %d\\\\\"\"}\t0001795341600000-%05d\tdevice\tuser\n" % (i, i, i, i % 100000))
    subprocess.run(["psql", admin, "-q", "-c", "SET client_min_messages = warning; CREATE TABLE IF NOT EXISTS floor (change_id uuid, entity text, entity_id text, field text, value text, stamp text, device text, origin text)"], check=True)
    subprocess.run(["psql", admin, "-q", "-c", "TRUNCATE floor"], check=True)
    start = time.perf_counter()
    subprocess.run(["psql", admin, "-q", "-c", "\\copy floor FROM '%s'" % path], check=True)
    return time.perf_counter() - start


def push_and_pull(n, name, joined_first):
    """A board of n imported cards pushed (joined before the import: n changes in its outbox; or a
    first sync that joins it), and another board's first pull of them; with the COPY floor."""
    account = person(name)
    a, b = os.path.join(work, name + "-a.db"), os.path.join(work, name + "-b.db")
    if joined_first:
        run("sync", "--db", a, env=account)
        run("sync", "--db", b, env=account)
    cards(n, os.path.join(work, "%d.json" % n))
    run("import", os.path.join(work, "%d.json" % n), "--db", a, env=account)
    push, said_push = timed("sync", "--db", a, env=account)
    pull, said_pull = timed("sync", "--db", b, env=account)
    floor = copy_floor(n)
    what = "push" if joined_first else "first sync"
    print("%-12s %7s cards %7.0f ms   (%s)   psql COPY of %s rows: %4.0f ms, %.1fx" % (
        what, format(n, ","), push * 1000, said_push, format(n, ","), floor * 1000, push / floor))
    print("%-12s %7s cards %7.0f ms   (%s)" % ("pull", format(n, ","), pull * 1000, said_pull))


# 10,000 changes each way, and the first sync of a board of 100,000 cards.
push_and_pull(10000, "ann", joined_first=True)
push_and_pull(100000, "bob", joined_first=False)

# Write-to-visible latency: both boards watching; a card added on one, polled for on the other.
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
