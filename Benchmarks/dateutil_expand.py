#!/usr/bin/env python3
"""The peer of RecurrenceBenchmark: the same expansions with python-dateutil's rrule.

Usage: dateutil_expand.py RULE START RUNS PER_RUN
Expands the first PER_RUN occurrences from START, RUNS times, and prints the best
of 3 timings in seconds and the sum of the dates' ordinals (to compare with Board's).
"""
import sys
import time
from datetime import datetime

from dateutil.rrule import rrulestr

rule, start, runs, per_run = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
dtstart = datetime.strptime(start, "%Y-%m-%d")
best, checksum = None, 0
for _ in range(3):
    begin = time.perf_counter()
    checksum = 0
    for _ in range(runs):
        for i, occurrence in enumerate(rrulestr(rule, dtstart=dtstart)):
            if i == per_run:
                break
            checksum += occurrence.toordinal()
    elapsed = time.perf_counter() - begin
    best = elapsed if best is None else min(best, elapsed)
print("%.6f %d" % (best, checksum))
