#!/usr/bin/env python3
"""The same N cards for Board and for taskwarrior, so both tools load and list the same thing.

cards.py N OUT_DIR writes OUT_DIR/board.json (a `board import` document: a JSON array of cards
as `board list --json` prints them) and OUT_DIR/task.json (`task import`: one task per line).
Titles, tags, priorities and due dates match; ids are derived from the index, so runs repeat.
"""
import json, sys, uuid, datetime

n, out = int(sys.argv[1]), sys.argv[2]
words = ["Renew", "passport", "call", "the", "bank", "about", "fees", "buy", "milk", "plan", "trip", "review", "budget", "write", "report"]
buckets = ["this-week", "weekend", "next-week", "next-month"]
start = datetime.date(2026, 11, 23)
board, tasks = [], []
for i in range(n):
    title = " ".join(words[(i * 7 + k * 3) % len(words)] for k in range(3 + i % 4)) + f" #{i}"
    tags = [["home"], ["work"], ["admin", "money"], []][i % 4]
    priority = i % 4
    due = (start + datetime.timedelta(days=i % 60)) if i % 3 else None
    cid = str(uuid.UUID(int=i + 1))
    board.append({"id": cid, "title": title, "description": "", "labels": tags, "bucket": buckets[i % 4], "position": i // 4,
                  "due_date": due.isoformat() if due else None, "due_time": None, "priority": priority, "duration": None,
                  "completed": False, "template_id": None, "series_id": None, "occurrence_date": None, "exceptions": [], "checklist": []})
    task = {"uuid": cid, "description": title, "status": "pending", "entry": "20261121T090000Z"}
    if tags: task["tags"] = tags
    if priority: task["priority"] = ["", "L", "M", "H"][priority]
    if due: task["due"] = due.strftime("%Y%m%dT090000Z")
    tasks.append(task)
with open(f"{out}/board.json", "w") as f:
    json.dump(board, f)
with open(f"{out}/task.json", "w") as f:
    f.write("\n".join(json.dumps(t) for t in tasks) + "\n")
