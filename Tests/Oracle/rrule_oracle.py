#!/usr/bin/env python3
"""The independent oracle for Board's recurrence engine: python-dateutil's rrule.

Reads lines RULE<TAB>START<TAB>N on stdin (START is YYYY-MM-DD or YYYY-MM-DDTHH:MM)
and prints the first N occurrences of each, comma-separated, in the format of
`board recur expand --batch`. A date-only UNTIL means the whole day, as in Board.
"""
import re
import sys
from datetime import datetime

from dateutil.rrule import rrulestr


def expand(rule, start, n):
    timed = "T" in start
    dtstart = datetime.strptime(start, "%Y-%m-%dT%H:%M" if timed else "%Y-%m-%d")
    rule = re.sub(r"UNTIL=(\d{8})(?=;|$)", r"UNTIL=\1T235959", rule)
    out = []
    for occurrence in rrulestr(rule, dtstart=dtstart):
        if len(out) == n:
            break
        out.append(occurrence.strftime("%Y-%m-%dT%H:%M" if timed else "%Y-%m-%d"))
    return ",".join(out)


for line in sys.stdin:
    rule, start, n = line.rstrip("\n").split("\t")
    try:
        print(expand(rule, start, int(n)))
    except Exception as error:  # one bad line must not stop the batch
        print("error: %s" % error)
sys.stdout.flush()
