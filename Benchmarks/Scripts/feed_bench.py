#!/usr/bin/env python3
"""feed.sh's work (issue 55): a board of 10,000 dated cards and 1,000 routines pushed to a
throwaway server, `board server run` serving it; then its calendar feed fetched whole and with
If-None-Match (304), beside the same bytes served as a static file by Python's http.server; and
500 sitter pages holding their event streams (each from a loopback address of its own, as 500
phones would be), the time from the owner's edit to the last page told, and the server's memory.
"""
import http.client, http.server, json, os, socket, statistics, subprocess, sys, threading, time, urllib.request

board, work, admin, here = sys.argv[1:5]


def run(*args, env=None):
    return subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port


def timed(fetch, n):
    times = []
    for _ in range(n):
        start = time.perf_counter(); fetch(); times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]


url = run(board, "server", "add-user", "ann", "--server", admin, "--password", "pw").strip().splitlines()[-1]
db = f"{work}/ann.sqlite"
env = dict(os.environ, BOARD_SYNC_URL=url, BOARD_DB=db, BOARD_TZ="Europe/Paris")
run("python3", f"{here}/cards.py", "10000", work)
run(board, "import", f"{work}/board.json", env=env)
rules = ["every day", "every other day", "every weekday", "every week on monday and thursday", "every month on the 31st"]
for i in range(1000):
    run(board, "template", "add", f"Routine {i}", "--every", rules[i % len(rules)], "--time", f"{6 + i % 14:02d}:{(i * 7) % 60:02d}", env=env)
start = time.perf_counter(); run(board, "sync", env=env); push = time.perf_counter() - start

listen = free_port()
server = subprocess.Popen([board, "server", "run", "--server", admin, "--state", f"{work}/state", "--realtime", f"127.0.0.1:{listen}"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    base = f"http://127.0.0.1:{listen}"
    for _ in range(600):
        try:
            if urllib.request.urlopen(base + "/healthz", timeout=5).status == 200 and b"ok" in urllib.request.urlopen(base + "/healthz").read():
                break
        except Exception:
            pass
        time.sleep(0.1)
    feed = [l for l in run(board, "feed", "create", env=env).splitlines() if l.startswith("http")][0]
    # The replica takes the push in over a few passes: the feed is measured once its ETag holds still.
    tag, since = None, time.time()
    while time.time() - since < 3:
        now = urllib.request.urlopen(feed)
        if now.headers["ETag"] != tag:
            tag, body, since = now.headers["ETag"], now.read(), time.time()
        time.sleep(0.2)
    events = body.count(b"BEGIN:VEVENT")

    def whole():
        assert len(urllib.request.urlopen(feed).read()) == len(body)

    def unchanged():
        try:
            urllib.request.urlopen(urllib.request.Request(feed, headers={"If-None-Match": tag}))
        except urllib.error.HTTPError as e:
            assert e.code == 304
    full = timed(whole, 15)
    cached = timed(unchanged, 50)

    # The peer: the same bytes as a static file.
    os.makedirs(f"{work}/static", exist_ok=True)
    open(f"{work}/static/feed.ics", "wb").write(body)
    handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=f"{work}/static", **k)
    http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None
    static = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=static.serve_forever, daemon=True).start()
    peer_url = f"http://127.0.0.1:{static.server_address[1]}/feed.ics"
    peer = timed(lambda: urllib.request.urlopen(peer_url).read(), 15)

    # 500 sitter pages, each holding its event stream.
    template = run(board, "template", "list", env=env).split()[0]
    page = [l for l in run(board, "share", template, "--link", env=env).splitlines() if l.startswith("http")][0]
    path = page.split(str(listen), 1)[1] + "/events"
    # `board` hands `server run` to `board-sync`, its child: the server's memory is the child's.
    serving = int(open(f"/proc/{server.pid}/task/{server.pid}/children").read().split()[0])
    rss = lambda: int([l for l in open(f"/proc/{serving}/status") if l.startswith("VmRSS")][0].split()[1])
    rss_before = rss()
    told, ready = [], threading.Barrier(501)
    lock = threading.Lock()

    def sitter(i):
        c = http.client.HTTPConnection("127.0.0.1", listen, timeout=120, source_address=(f"127.0.{1 + i // 250}.{1 + i % 250}", 0))
        c.request("GET", path)
        r = c.getresponse()
        assert r.status == 200, r.status
        while b"ready" not in r.fp.readline():
            pass
        ready.wait()
        while True:
            line = r.fp.readline()
            if not line or b"moved" in line:
                with lock:
                    told.append(time.perf_counter())
                return
    threads = [threading.Thread(target=sitter, args=(i,), daemon=True) for i in range(500)]
    for t in threads:
        t.start()
    ready.wait()
    rss_open = rss()
    edited = time.perf_counter()
    run(board, "template", "edit", template, "--title", "Renamed", "--yes", env=env)
    run(board, "sync", env=env)
    for t in threads:
        t.join(60)
    last = (max(told) - edited) * 1000 if len(told) == 500 else float("nan")
    print(f"push of the board: {push:.2f} s; feed: {len(body) / 1e6:.2f} MB, {events} events")
    print(f"feed, whole: median {full[0]:.1f} ms, p90 {full[1]:.1f} ms; static file of the same bytes: median {peer[0]:.1f} ms, p90 {peer[1]:.1f} ms ({full[0] / peer[0]:.2f}x)")
    print(f"feed, unchanged (304): median {cached[0]:.2f} ms, p90 {cached[1]:.2f} ms")
    print(f"500 open pages: {len(told)} told of the edit, the last {last:.0f} ms after it (its sync included); server memory {rss_before / 1024:.0f} MiB, with the pages open {rss_open / 1024:.0f} MiB")
finally:
    server.terminate()
    server.wait(10)
