#!/usr/bin/env python3
"""Fetches a calendar feed the way a calendar app polls one, and reads it with Python's icalendar
package, expanding each recurring event with python-dateutil: the peer `board feed` is checked
against (ARCHITECTURE.md §22).

feed_client.py URL [IF-NONE-MATCH] prints one JSON object: the status, the response's headers
(names in lower case), and for a calendar its name, its components (UID, SUMMARY, DTSTART as a
local wall time or a date, RRULE, RECURRENCE-ID, SEQUENCE, LAST-MODIFIED, each VALARM's TRIGGER)
and the instances a calendar shows from 31 days back to 366 ahead: each recurring event's
occurrences less its EXDATEs, an instance's own component where one has its RECURRENCE-ID;
else the body.
"""
import json
import sys
import urllib.error
import urllib.request
from datetime import date, datetime, timedelta

import icalendar
from dateutil.rrule import rruleset, rrulestr


def wall(value):
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


def describe(event):
    rule = event.get("RRULE")
    recurrence = event.get("RECURRENCE-ID")
    return {
        "uid": str(event.get("UID")),
        "summary": str(event.get("SUMMARY")),
        "start": wall(event.decoded("DTSTART")),
        "tzid": event.get("DTSTART").params.get("TZID"),
        "rrule": rule.to_ical().decode() if rule is not None else None,
        "recurrence": wall(event.decoded("RECURRENCE-ID")) if recurrence is not None else None,
        "sequence": int(event.get("SEQUENCE")),
        "modified": event.get("LAST-MODIFIED").to_ical().decode(),
        "alarms": [a.get("TRIGGER").to_ical().decode() for a in event.walk("VALARM")],
    }


def exdates(event):
    found = event.get("EXDATE")
    if found is None:
        return []
    lists = found if isinstance(found, list) else [found]
    return [d.dt for item in lists for d in item.dts]


def instances(events):
    today = date.today()
    first, last = today - timedelta(days=31), today + timedelta(days=366)
    overrides = {}
    for event in events:
        if event.get("RECURRENCE-ID") is not None:
            overrides[(str(event.get("UID")), wall(event.decoded("RECURRENCE-ID")))] = event
    shown = []
    for event in events:
        if event.get("RECURRENCE-ID") is not None:
            continue
        if event.get("RRULE") is None:
            shown.append(describe(event))
            continue
        start = event.decoded("DTSTART")
        rules = rruleset()
        rules.rrule(rrulestr(event.get("RRULE").to_ical().decode(), dtstart=start))
        for excluded in exdates(event):
            rules.exdate(excluded)
        timed = isinstance(start, datetime)
        low = datetime.combine(first, datetime.min.time()).replace(tzinfo=start.tzinfo) if timed else datetime.combine(first, datetime.min.time())
        high = datetime.combine(last, datetime.min.time()).replace(tzinfo=start.tzinfo) if timed else datetime.combine(last, datetime.min.time())
        if not timed:
            rules = rruleset()
            rules.rrule(rrulestr(event.get("RRULE").to_ical().decode(), dtstart=datetime.combine(start, datetime.min.time())))
            for excluded in exdates(event):
                rules.exdate(datetime.combine(excluded, datetime.min.time()) if not isinstance(excluded, datetime) else excluded)
        uid = str(event.get("UID"))
        for moment in rules.between(low, high, inc=True):
            key = wall(moment) if timed else moment.date().isoformat()
            own = overrides.get((uid, key))
            one = describe(own if own is not None else event)
            if own is None:
                one["start"] = key
            one["recurrence"] = key
            shown.append(one)
    return shown


def main():
    request = urllib.request.Request(sys.argv[1])
    if len(sys.argv) > 2:
        request.add_header("If-None-Match", sys.argv[2])
    try:
        response = urllib.request.urlopen(request, timeout=20)
        status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    out = {"status": status, "headers": {k.lower(): v for k, v in headers.items()}}
    if status == 200 and headers.get("Content-Type", "").startswith("text/calendar"):
        calendar = icalendar.Calendar.from_ical(body)
        out["name"] = str(calendar.get("X-WR-CALNAME"))
        events = list(calendar.walk("VEVENT"))
        out["components"] = [describe(e) for e in events]
        out["events"] = instances(events)
    else:
        out["body"] = body.decode("utf-8", "replace")
    json.dump(out, sys.stdout)


main()
