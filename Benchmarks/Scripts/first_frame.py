#!/usr/bin/env python3
"""Time to the first frame in tmux: Board on a board of 100,000 cards and 1,000 templates
against calcurse on 100,000 appointments, alternating runs, in the same tmux server.

first_frame.py BOARD_BINARY BOARD_FILE WORK_DIR [RUNS]
A run starts a 200x60 tmux window with the program and polls the pane until the program's
first screen shows (Board: its column headers with the counts; calcurse: its appointment
panel with the day's first appointment); the time from the start to that poll is the run's.
"""
import os, subprocess, sys, time, statistics, datetime

board, board_file, work = sys.argv[1], sys.argv[2], sys.argv[3]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
socket = f"first-frame-{os.getpid()}"
env = dict(os.environ, BOARD_NOW="2026-11-21T10:00", BOARD_TZ="Europe/Paris", XDG_CONFIG_HOME="/nonexistent", TERM="screen")

# calcurse: 100,000 appointments, 100 a day over the 1,000 days around today, in date order as
# calcurse itself writes its file (unsorted, it takes seconds: it inserts each into a sorted list).
data = os.path.join(work, "calcurse")
os.makedirs(data, exist_ok=True)
today = datetime.date.today()
with open(os.path.join(data, "apts"), "w") as f:
    for i in range(100_000):
        day = today + datetime.timedelta(days=i // 100 - 500)
        hour, minute = 8 + (i % 100) // 10, (i % 10) * 5
        d = day.strftime("%m/%d/%Y")
        f.write(f"{d} @ {hour:02d}:{minute:02d} -> {d} @ {hour:02d}:{minute:02d} |Meeting {i}\n")
open(os.path.join(data, "todo"), "w").close()

def tmux(*args):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, env=env).stdout

def first_frame(command, ready):
    tmux("kill-server")
    # calcurse refuses to start while the lock of the instance killed last run is there.
    if os.path.exists(os.path.join(data, ".calcurse.pid")): os.remove(os.path.join(data, ".calcurse.pid"))
    start = time.perf_counter()
    subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "60", command], env=env)
    while True:
        if ready(tmux("capture-pane", "-p")):
            elapsed = time.perf_counter() - start
            break
        if time.perf_counter() - start > 30:
            raise SystemExit(f"no first frame for {command}")
    tmux("kill-server")
    return elapsed

board_cmd = f"{board} open --db {board_file}"
calcurse_cmd = f"calcurse -D {data} -C {data}"
times = {"board": [], "calcurse": []}
for _ in range(runs):
    times["board"].append(first_frame(board_cmd, lambda s: "This Week (" in s and "Routines (" in s))
    times["calcurse"].append(first_frame(calcurse_cmd, lambda s: "Meeting" in s))
b, c = statistics.median(times["board"]), statistics.median(times["calcurse"])
print(f"first frame, median of {runs}: board {b * 1000:.0f} ms, calcurse {c * 1000:.0f} ms, board / calcurse {b / c:.2f}")
print("  board:", " ".join(f"{t * 1000:.0f}" for t in times["board"]), " calcurse:", " ".join(f"{t * 1000:.0f}" for t in times["calcurse"]))
