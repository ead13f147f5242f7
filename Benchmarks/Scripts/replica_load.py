"""Benchmarks/Scripts/sync.sh's last part: the replica with 50 boards pushing at once (issues 40
and 56). Run by sync.sh after sync_bench.py, on the same throwaway server.

1. Each of 25 people's first change: their replica file is made (its schema, the join), once.
2. 50 boards pushing a card ten times a second for 30 s, each through the binary (`board add`, then
   `board sync`): push to row in board.tasks, and the replica's CPU per change.
3. The replica's capacity: changes offered faster than one at a time, each its own statement and
   commit as a device's push is (PostgreSQL notifies the replica at each), inserted straight into
   the log by one process (asyncpg) so the load is not 1,000 processes a second; the replica's CPU
   per change while it keeps up, and how long a change waits for its row."""
import asyncio, multiprocessing, os, random, statistics, subprocess, time, uuid

from card_change import row_value
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


def wait_for_rows(pattern, count, seconds=60):
    deadline = time.perf_counter() + seconds
    while int(psql_value("SELECT count(*) FROM board.tasks WHERE title LIKE '%s'" % pattern)) < count:
        if time.perf_counter() > deadline:
            raise SystemExit("the cards '%s' never all reached board.tasks" % pattern)
        time.sleep(0.1)


def lags(pattern):
    """Each row's time from its change's arrival in the log to its row in board.tasks (the server's clock), sorted, in ms."""
    return sorted(float(x) for x in psql_value("""SELECT extract(epoch FROM l.at - c.received_at) * 1000 FROM landed l
        JOIN board.tasks t ON t.id = l.id AND t.title LIKE '%s'
        JOIN board.changes c ON c.entity = 'tasks' AND c.entity_id = l.id AND c.field = 'row'""" % pattern).split())


def spread(values):
    return "median %.0f ms, p99 %.0f ms, max %.0f ms (%d rows)" % (statistics.median(values), values[int(len(values) * 0.99) - 1], values[-1], len(values))


def offer(rate, seconds, label, devices, done):
    """In a process of its own: `rate` new cards a second for `seconds`, each change its own
    statement and commit, on one connection per person; puts the rate it achieved in `done`."""
    import asyncpg

    async def main():
        connections = {owner: await asyncpg.connect(admin) for owner, _ in devices}
        queues = {owner: asyncio.Queue() for owner, _ in devices}

        async def push(owner, device):
            while (card := await queues[owner].get()) is not None:
                stamp = "%016d-00000" % int(time.time() * 1000)
                await connections[owner].execute("""INSERT INTO board.changes (owner, change_id, entity, entity_id, field, value, stamp, device, origin)
                    VALUES ($1::uuid, gen_random_uuid(), 'tasks', $2, 'row', $3, $4, $5, 'user')""",
                                                 owner, card[0], row_value(card[0], owner, card[1]), stamp, device)
        pushers = [asyncio.ensure_future(push(owner, device)) for owner, device in devices]
        start, total = time.perf_counter(), int(rate * seconds)
        for i in range(total):
            queues[random.choice(devices)[0]].put_nowait((str(uuid.uuid4()), "%s %d" % (label, i)))
            await asyncio.sleep(max(0, start + (i + 1) / rate - time.perf_counter()))
        for queue in queues.values():
            queue.put_nowait(None)
        await asyncio.gather(*pushers)
        done.put(total / (time.perf_counter() - start))
        for connection in connections.values():
            await connection.close()
    asyncio.run(main())


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
random.seed(40)
try:
    time.sleep(3)
    # 1. Each person's first change, one after another: the pass that makes their replica file.
    cpu_before = cpu_seconds(replicator.pid)
    for i, (path, account) in enumerate(loaded[::2]):
        subprocess.run(["sh", "-c", '"$0" add "$1" --db "$2" && "$0" sync --db "$2"', board, "first card %d" % i, path], env=account,
                       stdout=subprocess.DEVNULL, check=True)
        wait_for_rows("first card %d" % i, 1)
    print("a person's first change, their replica file made: %.0f ms of the replica's CPU each (25 people)"
          % ((cpu_seconds(replicator.pid) - cpu_before) * 1000 / 25))

    # 2. 50 boards pushing through the binary, ten cards a second for 30 s.
    first_seq = int(psql_value("SELECT coalesce(max(seq), 0) FROM board.changes"))
    cpu_before, pushes = cpu_seconds(replicator.pid), []
    start = time.perf_counter()
    for i in range(300):
        path, account = random.choice(loaded)
        pushes.append(subprocess.Popen(["sh", "-c", '"$0" add "$1" --db "$2" && "$0" sync --db "$2"', board, "load card %d" % i, path],
                                       env=account, stdout=subprocess.DEVNULL))
        time.sleep(max(0, start + (i + 1) / 10 - time.perf_counter()))
    if any(push.wait() != 0 for push in pushes):
        raise SystemExit("a load push failed")
    wait_for_rows("load card %", 300, seconds=30)
    cpu = cpu_seconds(replicator.pid) - cpu_before
    applied = int(psql_value("SELECT count(*) FROM board.changes WHERE seq > %d" % first_seq))
    print("50 boards pushing, 10 cards a second: push to row in board.tasks " + spread(lags("load card %")))
    print("the replica's CPU: %.2f s for %d changes, %.2f ms a change (one core: %.0f changes a second)" % (
        cpu, applied, cpu * 1000 / applied, applied / cpu))

    # 3. Faster than one at a time: the 25 people's devices, their changes straight into the log.
    devices = [tuple(line.split("|")) for line in psql_value(
        "SELECT DISTINCT ON (owner) owner::text, device FROM board.changes WHERE field = 'row' ORDER BY owner, seq").splitlines()]
    for rate in [int(r) for r in os.environ.get("RATES", "100 400 1600").split()]:
        label, seconds = "offered %d" % rate, 10
        cpu_before, done = cpu_seconds(replicator.pid), multiprocessing.Queue()
        pusher = multiprocessing.Process(target=offer, args=(rate, seconds, label, devices, done))
        pusher.start()
        achieved = done.get()
        pusher.join()
        total = int(rate * seconds)
        wait_for_rows(label + " %", total)
        cpu = cpu_seconds(replicator.pid) - cpu_before
        print("%d changes offered a second (%.0f achieved) for %d s: push to row %s; the replica's CPU %.2f ms a change (one core: %.0f a second)" % (
            rate, achieved, seconds, spread(lags(label + " %")), cpu * 1000 / total, total / cpu))
finally:
    replicator.terminate()
    replicator.wait()
