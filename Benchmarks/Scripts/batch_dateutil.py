#!/usr/bin/env python3
"""`board recur expand --batch` done by python-dateutil: RULE<TAB>START<TAB>N lines in, each
line's first N occurrences out, comma-separated, YYYY-MM-DD. RRULE text and date starts only."""
import sys, datetime
from dateutil.rrule import rrulestr
from itertools import islice

out = sys.stdout
for line in sys.stdin:
    rule, start, n = line.rstrip("\n").split("\t")
    dtstart = datetime.datetime.strptime(start, "%Y-%m-%d")
    dates = islice(rrulestr(rule, dtstart=dtstart), int(n))
    out.write(",".join(d.strftime("%Y-%m-%d") for d in dates) + "\n")
