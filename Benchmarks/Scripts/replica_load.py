"""Benchmarks/Scripts/sync.sh's last part: the replica's lag with 50 boards pushing at once, and its
CPU per change (issue 40). Run by sync.sh after sync_bench.py, on the same throwaway server."""
import os, random, statistics, subprocess, time

from sync_common import admin, board, env, person, run, work


def cpu_seconds(pid):
    """User and system CPU seconds a process and its children (`board` hands over to `board-sync`) have used so far."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    with open("/proc/%d/task/%d/children" % (pid, pid)) as children:
        return total + sum(cpu_seconds(int(child)) for child in children.read().split())


def psql_value(sql):
    return subprocess.run(["psql", admin, "-tA", "-c", sql], check=True, capture_output=True, text=True).stdout.strip()


# Lag under load: 50 boards (25 people, two boards each) pushing small changes, with `board server
# run` going: a card added and synced on a random board ten times a second for 30 s. Each row is
# stamped by a trigger as it lands in board.tasks, against its change's arrival in the log (both
# the server's clock); the replica's CPU over the run, per change it applied, is what one more
# change of one more person costs the server.
psql_value("""CREATE TABLE landed (id text, at timestamptz);
    CREATE FUNCTION landed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO public.landed VALUES (NEW.id, clock_timestamp()); RETURN NULL; END $$;
    CREATE TRIGGER landed AFTER INSERT ON board.tasks FOR EACH ROW EXECUTE FUNCTION landed()""")
loaded = []
for i in range(25):
    account = person("load%02d" % i)
    for side in "ab":
        path = os.path.join(work, "load%02d%s.db" % (i, side))
        run("sync", "--db", path, env=account)
        loaded.append((path, account))
replicator = subprocess.Popen([board, "server", "run", "--server", admin, "--state", os.path.join(work, "replica")], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(3)
first_seq = int(psql_value("SELECT coalesce(max(seq), 0) FROM board.changes"))
cpu_before, pushes = cpu_seconds(replicator.pid), []
random.seed(40)
try:
    start = time.perf_counter()
    for i in range(300):
        path, account = random.choice(loaded)
        pushes.append(subprocess.Popen(["sh", "-c", '"$0" add "$1" --db "$2" && "$0" sync --db "$2"', board, "load card %d" % i, path],
                                       env=account, stdout=subprocess.DEVNULL))
        time.sleep(max(0, start + (i + 1) / 10 - time.perf_counter()))
    if any(push.wait() != 0 for push in pushes):
        raise SystemExit("a load push failed")
    deadline = time.perf_counter() + 30
    while int(psql_value("SELECT count(*) FROM board.tasks WHERE title LIKE 'load card %'")) < 300:
        if time.perf_counter() > deadline:
            raise SystemExit("the load's cards never all reached board.tasks")
        time.sleep(0.2)
    cpu = cpu_seconds(replicator.pid) - cpu_before
finally:
    replicator.terminate()
    replicator.wait()
applied = int(psql_value("SELECT count(*) FROM board.changes WHERE seq > %d" % first_seq))
lags = sorted(float(x) for x in psql_value("""SELECT extract(epoch FROM l.at - c.received_at) * 1000 FROM landed l
    JOIN board.tasks t ON t.id = l.id AND t.title LIKE 'load card %'
    JOIN board.changes c ON c.entity = 'tasks' AND c.entity_id = l.id AND c.seq > """ + str(first_seq)).split())
print("50 boards pushing, 10 cards a second: push to row in board.tasks median %.0f ms, p99 %.0f ms, max %.0f ms (%d rows)" % (
    statistics.median(lags), lags[int(len(lags) * 0.99) - 1], lags[-1], len(lags)))
print("the replica's CPU: %.2f s for %d changes, %.2f ms a change (one core: %.0f changes a second)" % (
    cpu, applied, cpu * 1000 / applied, applied / cpu))
