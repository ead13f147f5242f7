"""Benchmarks/Scripts/watchers.sh's work (issue 43): 1,000 watching devices of 334 people against one
server with PostgreSQL's default max_connections, first the way Board watched before the realtime
channel (a LISTEN connection held per device), then through the channel `board server run
--realtime` serves. Each simulated device speaks the channel's real protocol (GET /watch with a
ticket its person's login fetched, then the event stream) and pulls through the real path (its
person's login, a short connection, the device's pull statement under row-level security).
Run as watchers.py BOARD_BINARY WORK_FOLDER ADMIN_URL PORT."""
import asyncio, multiprocessing, os, random, socket, statistics, subprocess, sys, time, uuid

import asyncpg

from card_change import row_value

board, work, admin, pg_port = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
PEOPLE, DEVICES = 334, 1000
refusals = {"connections": 0}


# Where devices reach the database: PostgreSQL itself, or PgBouncer in front of it (the last part).
through = {"port": pg_port}


def person_url(i):
    return "postgres://p%03d:pw@127.0.0.1:%d/board" % (i, through["port"])


async def short(i, work_on):
    """One short connection as person i, as a device's round makes one; refused for want of slots, try again."""
    while True:
        try:
            # No named statements: a pooler in transaction mode may hand each to another session.
            connection = await asyncpg.connect(person_url(i), statement_cache_size=0)
        except (asyncpg.TooManyConnectionsError, asyncpg.CannotConnectNowError):
            refusals["connections"] += 1
            await asyncio.sleep(random.uniform(0.5, 2))
            continue
        try:
            return await work_on(connection)
        finally:
            await connection.close()


PULL = """WITH top AS (SELECT max(seq) AS seq FROM board.changes)
    SELECT c.seq, c.entity_id, top.seq FROM top LEFT JOIN LATERAL (
        SELECT * FROM board.changes WHERE seq > $1 ORDER BY seq LIMIT 2500) c ON true"""


class Device:
    def __init__(self, n):
        self.n, self.person, self.id = n, n % PEOPLE, str(uuid.uuid4())
        self.through, self.seen, self.pulling, self.again, self.ready = 0, {}, False, False, False

    async def pull(self):
        if self.pulling:
            self.again = True
            return
        self.pulling = True
        while True:
            self.again = False
            rows = await short(self.person, lambda c: c.fetch(PULL, self.through))
            for seq, entity_id, top in rows:
                if seq is not None:
                    self.through = max(self.through, seq)
                    self.seen.setdefault(entity_id, time.monotonic())
                elif top is not None:
                    self.through = max(self.through, top)
            if not self.again:
                break
        self.pulling = False

    async def watch(self, port):
        ticket = await short(self.person, lambda c: c.fetchval("SELECT ticket FROM board.realtime_ticket($1)", self.id))
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(("GET /watch HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n"
                      % (port, ticket)).encode())
        status = await reader.readline()
        if b" 200 " not in status:
            raise SystemExit("device %d refused: %r" % (self.n, status))
        while True:
            line = await reader.readline()
            if not line:
                raise SystemExit("device %d: the channel closed" % self.n)
            if line.startswith(b"event: ready"):
                self.ready = True
                asyncio.ensure_future(self.pull())
            elif line.startswith(b"event: moved"):
                asyncio.ensure_future(self.pull())


async def push(device):
    """A device's round of one new card: who am I, the server's clock, the insert; its time, and when it landed."""
    card = str(uuid.uuid4())

    async def round_(c):
        owner = await c.fetchval("SELECT board.current_owner()::text")
        await c.fetchval("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::int8")
        stamp = "%016d-00000" % int(time.time() * 1000)
        await c.execute("""INSERT INTO board.changes (owner, change_id, entity, entity_id, field, value, stamp, device, origin)
            VALUES ($1::uuid, gen_random_uuid(), 'tasks', $2, 'row', $3, $4, $5, 'user')""", owner, card, row_value(card, owner), stamp, device.id)
    start = time.monotonic()
    await short(device.person, round_)
    landed = time.monotonic()
    return card, landed - start, landed


def load(pushers, seconds, port, results):
    """In a process of its own (the devices pushing are other machines): each of `pushers` (person,
    device id) pushes a card every second for `seconds`; each push's (device id, card, round time, landed)."""
    through["port"] = port

    async def run():
        out = []

        async def keep_pushing(person, device_id, offset):
            device = Device(0)
            device.person, device.id = person, device_id
            await asyncio.sleep(offset)
            for _ in range(seconds):
                t = time.monotonic()
                card, took, landed = await push(device)
                out.append((device_id, card, took, landed))
                await asyncio.sleep(max(0, t + 1 - time.monotonic()))
        await asyncio.gather(*(keep_pushing(person, device_id, i / len(pushers)) for i, (person, device_id) in enumerate(pushers)))
        return out
    results.put(asyncio.run(run()))


def pushing(pushers, seconds=30):
    """`load` in a process of its own, its results back."""
    spawn = multiprocessing.get_context("spawn")
    results = spawn.Queue()
    worker = spawn.Process(target=load, args=(pushers, seconds, through["port"], results))
    worker.start()
    out = results.get()
    worker.join()
    return out


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


async def lags(devices, pushes):
    """For each push (device id, card, landed), how long each sibling of the pushing device took to see it."""
    await asyncio.sleep(3)
    by_id = {d.id: d for d in devices}
    out = []
    for device_id, card, landed in pushes:
        pusher = by_id[device_id]
        for sibling in devices:
            if sibling.person == pusher.person and sibling is not pusher:
                out.append((sibling.seen[card] - landed) if card in sibling.seen else float("inf"))
    return out


def process_usage(pid):
    with open("/proc/%d/status" % pid) as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    with open("/proc/%d/task/%d/children" % (pid, pid)) as children:
        for child in children.read().split():
            child_rss, child_cpu = process_usage(int(child))
            rss, total = rss + child_rss, total + child_cpu
    return rss, total


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_pgbouncer():
    """PgBouncer in transaction mode on a port of its own, knowing each person by their SCRAM secret
    (so it logs them in to PostgreSQL as themselves: row-level security as before)."""
    port = free_port()
    secrets = subprocess.run(["psql", admin, "-tA", "-F", " ", "-c", "SELECT rolname, rolpassword FROM pg_authid WHERE rolname ~ '^p[0-9]{3}$'"],
                             check=True, capture_output=True, text=True).stdout.split("\n")
    with open(os.path.join(work, "userlist.txt"), "w") as users:
        users.write("".join('"%s" "%s"\n' % tuple(line.split(" ", 1)) for line in secrets if line))
    with open(os.path.join(work, "pgbouncer.ini"), "w") as ini:
        ini.write("""[databases]
board = host=127.0.0.1 port=%d dbname=board
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = %d
unix_socket_dir =
auth_type = scram-sha-256
auth_file = %s/userlist.txt
pool_mode = transaction
max_client_conn = 4000
default_pool_size = 2
max_db_connections = 40
log_connections = 0
log_disconnections = 0
""" % (pg_port, port, work))
    bouncer = subprocess.Popen(["runuser", "-u", "postgres", "--", "pgbouncer", os.path.join(work, "pgbouncer.ini")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    return bouncer, port


def database_cpu():
    """CPU seconds PostgreSQL has used: the postmaster, its ended children (short connections) and those running."""
    with open(os.path.join(work, "data", "postmaster.pid")) as pid_file:
        postmaster = int(pid_file.readline())
    with open("/proc/%d/stat" % postmaster) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    total = sum(int(f) for f in fields[11:15])
    with open("/proc/%d/task/%d/children" % (postmaster, postmaster)) as children:
        for child in children.read().split():
            try:
                with open("/proc/%s/stat" % child) as stat:
                    total += sum(int(f) for f in stat.read().rsplit(")", 1)[1].split()[11:13])
            except FileNotFoundError:
                pass
    return total / os.sysconf("SC_CLK_TCK")


async def under_load(devices, pushers, server, label):
    """`pushers` push a card every second for 30 s while `devices` watch: the push rounds, how soon
    the siblings saw each card, and the CPU each part used meanwhile."""
    before = (time.process_time(), database_cpu(), process_usage(server.pid)[1], time.monotonic())
    loaded = await asyncio.get_running_loop().run_in_executor(None, pushing, [(d.person, d.id) for d in pushers])
    spent = [(now - then) / (time.monotonic() - before[3]) * 100
             for now, then in zip((time.process_time(), database_cpu(), process_usage(server.pid)[1]), before)]
    rounds = [took for _, _, took, _ in loaded]
    busy = await lags(devices, [(device_id, card, landed) for device_id, card, _, landed in loaded])
    print("%s: push round median %.0f ms, p99 %.0f ms; seen by siblings median %.0f ms, p99 %.0f ms (%d sightings)"
          % (label, statistics.median(rounds) * 1000, pct(rounds, 0.99) * 1000, statistics.median(busy) * 1000, pct(busy, 0.99) * 1000, len(busy)))
    print("  meanwhile, in %% of a core: the simulated devices (one Python process) %.0f%%, PostgreSQL %.0f%%, board server run %.0f%%" % tuple(spent))


async def main():
    control = await asyncpg.connect(admin)
    max_connections = await control.fetchval("SHOW max_connections")
    await control.execute(";".join("CREATE ROLE p%03d LOGIN PASSWORD 'pw' IN ROLE board_person; INSERT INTO board.people (role) VALUES ('p%03d')"
                                   % (i, i) for i in range(PEOPLE)))

    # Before: each watching device held a connection with LISTEN on its person's channel.
    held, refused = [], 0
    for n in range(DEVICES):
        try:
            c = await asyncpg.connect(person_url(n % PEOPLE))
            await c.add_listener(await c.fetchval("SELECT board.my_channel()"), lambda *args: None)
            held.append(c)
        except (asyncpg.TooManyConnectionsError, asyncpg.CannotConnectNowError):
            refused += 1
    print("max_connections %s; before, one LISTEN connection per device: %d of %d devices watching, %d refused"
          % (max_connections, len(held), DEVICES, refused))
    for c in held:
        await c.close()

    # Now: the channel.
    port = free_port()
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen([board, "server", "run", "--server", admin, "--state", os.path.join(work, "replica"), "--realtime", "127.0.0.1:%d" % port],
                              stdout=log, stderr=log, env=dict(os.environ, XDG_CONFIG_HOME="/nonexistent"))
    try:
        await asyncio.sleep(2)
        devices = [Device(n) for n in range(DEVICES)]
        random.seed(43)
        pushers = random.sample(devices, 50)
        # The peer: the same pushes with no device watching (the replica going, as after).
        alone = [took for _, _, took, _ in pushing([(d.person, d.id) for d in pushers])]
        print("50 devices pushing a card every second, nobody watching: push round median %.0f ms, p99 %.0f ms"
              % (statistics.median(alone) * 1000, pct(alone, 0.99) * 1000))
        start = time.monotonic()
        watching = [asyncio.ensure_future(d.watch(port)) for d in devices]
        while sum(d.ready for d in devices) < DEVICES:
            if time.monotonic() - start > 120:
                raise SystemExit("only %d devices connected in 120 s" % sum(d.ready for d in devices))
            await asyncio.sleep(0.1)
        print("through the channel: %d of %d devices watching after %.1f s (%d connection attempts refused for want of slots on the way)"
              % (DEVICES, DEVICES, time.monotonic() - start, refusals["connections"]))
        await asyncio.sleep(5)

        # Idle: the database's client connections, and the server process's memory and CPU.
        rss, cpu = process_usage(server.pid)
        samples = []
        for _ in range(10):
            samples.append(await control.fetchval("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'"))
            await asyncio.sleep(1)
        rss_after, cpu_after = process_usage(server.pid)
        print("idle for 10 s: client connections to the database %d–%d (this script's own one among them); the server process %.0f MB, CPU %.1f%% of a core"
              % (min(samples), max(samples), rss_after / 1024, (cpu_after - cpu) * 10))

        # One change at a time, on a random device: how soon its siblings see it.
        random.seed(43)
        pushes = []
        for _ in range(30):
            pusher = random.choice(devices)
            card, _, landed = await push(pusher)
            pushes.append((pusher.id, card, landed))
            await asyncio.sleep(0.3)
        quiet = await lags(devices, pushes)
        print("a change on one device, seen by its siblings: median %.0f ms, p99 %.0f ms, max %.0f ms (%d sightings)"
              % (statistics.median(quiet) * 1000, pct(quiet, 0.99) * 1000, max(quiet) * 1000, len(quiet)))

        # The same 50 devices pushing a card every second for 30 s, 1,000 watching; then the same
        # again with the devices reaching the database through PgBouncer in transaction mode.
        await under_load(devices, pushers, server, "the same with 1,000 devices watching")
        bouncer, through["port"] = start_pgbouncer()
        try:
            await under_load(devices, pushers, server, "through PgBouncer (transaction mode, at most 40 server connections)")
        finally:
            bouncer.terminate()
            bouncer.wait()
        for task in watching:
            task.cancel()
    finally:
        server.kill()
        server.wait()
        await control.close()


if __name__ == "__main__":
    asyncio.run(main())
