#!/usr/bin/env python3
"""A board of 100,000 cards with a history, for `board stats` (README "Stats").

stats_board.py BOARD_BINARY FILE writes FILE: 1,000 daily templates (every tenth ending after
100), each with 97 occurrences from 90 days ago to the end of the generation window (about four
in five of the past ones completed, with their checklist steps ticked), 3,000 plain cards, and the
event log editing leaves: an exception every ninth occurrence, a pause and a resume every
twentieth template (generation counts what it made on the series); 20 habits with a year of
check-ins, nine days in ten. Rows go in with Python's sqlite3 into the schema the binary made.
"""
import datetime, json, os, sqlite3, subprocess, sys, uuid

board, path = sys.argv[1], sys.argv[2]
for suffix in ("", "-wal", "-shm"):
    if os.path.exists(path + suffix): os.remove(path + suffix)
env = dict(os.environ, BOARD_NOW="2026-11-21T10:00", BOARD_TZ="Europe/Paris", XDG_CONFIG_HOME="/nonexistent")
added = subprocess.run([board, "add", "made to create the file", "--db", path], env=env, capture_output=True, text=True, check=True)
db = sqlite3.connect(path)
db.execute("DELETE FROM tasks")
owner = db.execute("SELECT owner_id FROM settings").fetchone()[0]
today = datetime.date(2026, 11, 21)
stamp = "2026-11-21T09:00:00.000Z"
def compact(value): return json.dumps(value, separators=(",", ":"), sort_keys=True)  # as the store writes JSON
steps = compact([{"text": "Warm up", "done": False}, {"text": "Do it", "done": False}, {"text": "Note it", "done": False}])
tasks, events = [], []
for t in range(1000):
    tid, sid = str(uuid.UUID(int=10**9 + t)), str(uuid.UUID(int=2 * 10**9 + t))
    start = today - datetime.timedelta(days=90)
    count = 100 if t % 10 == 0 else None
    db.execute("INSERT INTO templates (id, owner_id, title, checklist, status, created_at, updated_at, end_after_count) VALUES (?,?,?,?,?,?,?,?)",
               (tid, owner, f"Routine {t}", json.dumps([{"text": "Warm up"}, {"text": "Do it"}, {"text": "Note it"}]) if t % 3 == 0 else "[]",
                "active", stamp, stamp, count))
    db.execute("INSERT INTO recurrence_rules (id, template_id, rrule, anchor, month_end_policy, timezone, starts_on) VALUES (?,?,?,?,?,?,?)",
               (str(uuid.UUID(int=3 * 10**9 + t)), tid, "FREQ=DAILY" + (";COUNT=100" if count else ""), "schedule", "skip", "Europe/Paris", start.isoformat()))
    db.execute("INSERT INTO series (id, template_id, owner_id, starts_on, status, generated_through, generated_count) VALUES (?,?,?,?,?,?,?)",
               (sid, tid, owner, start.isoformat(), "active", (today + datetime.timedelta(days=6)).isoformat(), 97))
    for d in range(97):
        day = start + datetime.timedelta(days=d)
        done = day < today and (t + d) % 5 != 0
        checklist = steps if t % 3 == 0 else "[]"
        if done and t % 3 == 0:
            checklist = compact([{"text": "Warm up", "done": True}, {"text": "Do it", "done": d % 2 == 0}, {"text": "Note it", "done": False}])
        mask = '["title"]' if (t + d) % 9 == 0 else "[]"
        tasks.append((str(uuid.UUID(int=4 * 10**9 + t * 1000 + d)), owner, f"Routine {t}", checklist, "ROUTINES", t * 100 + d, day.isoformat(),
                      1 if done else 0, stamp if done else None, stamp, stamp, tid, sid, day.isoformat(), mask))
        if mask != "[]": events.append((stamp, "exception_added", tid, None, json.dumps({"field": "title"})))
    if t % 20 == 0:
        events.append((stamp, "paused", tid, None, "{}"))
        events.append((stamp, "resumed", tid, None, json.dumps({"from": "paused"})))
db.executemany("""INSERT INTO tasks (id, owner_id, title, checklist, bucket, position, due_date, is_completed, completed_at, created_at,
                  updated_at, template_id, series_id, occurrence_date, exception_mask) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""", tasks)
buckets = ["THIS_WEEK", "WEEKEND", "NEXT_WEEK", "NEXT_MONTH"]
db.executemany("INSERT INTO tasks (id, owner_id, title, bucket, position, created_at, updated_at) VALUES (?,?,?,?,?,?,?)",
               [(str(uuid.UUID(int=5 * 10**9 + i)), owner, f"Card {i}", buckets[i % 4], i // 4, stamp, stamp) for i in range(100_000 - len(tasks))])
db.executemany("INSERT INTO events (at, kind, template_id, task_id, detail) VALUES (?,?,?,?,?)", events)
for h in range(20):
    hid = str(uuid.UUID(int=6 * 10**9 + h))
    db.execute("INSERT INTO habits (id, owner_id, name, created_at) VALUES (?,?,?,?)", (hid, owner, f"Habit {h}", stamp))
    db.executemany("INSERT INTO habit_entries (habit_id, day, source, created_at, updated_at) VALUES (?,?,?,?,?)",
                   [(hid, (today - datetime.timedelta(days=d)).isoformat(), "manual", stamp, stamp) for d in range(365) if (d + h) % 10])
db.commit()
print(f"{path}: {db.execute('SELECT COUNT(*) FROM tasks').fetchone()[0]} cards, {db.execute('SELECT COUNT(*) FROM events').fetchone()[0]} events")
