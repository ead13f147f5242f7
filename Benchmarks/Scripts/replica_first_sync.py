"""The last part of Benchmarks/Scripts/sync.sh: a first sync of 100,000 cards while `board server
run` is going, as on a real server: seconds from the sync's start until it is done, and until the
last of its rows is in board.tasks. Last, so the server's work after it slows no other figure."""
import os, subprocess, time

from sync_common import admin, board, env, person, run, work

n, name = 100000, "dan"
account = person(name)
path = os.path.join(work, name + ".db")
run("import", os.path.join(work, "%d.json" % n), "--db", path, env=account)
replicator = subprocess.Popen([board, "server", "run", "--server", admin, "--state", os.path.join(work, "replica")],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(2)
start = time.perf_counter()
run("sync", "--db", path, env=account)
pushed = time.perf_counter() - start
count = "SELECT count(*) FROM board.tasks WHERE owner_id = (SELECT owner FROM board.people WHERE role = '%s')" % name
while subprocess.run(["psql", admin, "-tA", "-c", count], capture_output=True, text=True).stdout.strip() != str(n):
    time.sleep(0.05)
whole = time.perf_counter() - start
replicator.terminate()
replicator.wait()
print("first sync of %s with `board server run` going: the sync %.2f s, its last row in board.tasks at %.2f s, %.1fx that sync" % (
    format(n, ","), pushed, whole, whole / pushed))
