#!/usr/bin/env python3
"""Fetches a calendar feed the way a calendar app polls one, and reads it with Python's icalendar
package: the peer `board feed` is checked against (ARCHITECTURE.md §22).

feed_client.py URL [IF-NONE-MATCH] prints one JSON object: the status, the response's headers
(names in lower case), and for a calendar its name and every VEVENT (UID, SUMMARY, DTSTART as a
local wall time or a date, SEQUENCE, LAST-MODIFIED, and each VALARM's TRIGGER); else the body.
"""
import json
import sys
import urllib.error
import urllib.request
from datetime import datetime

import icalendar


def wall(value):
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


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
        events = []
        for event in calendar.walk("VEVENT"):
            alarms = [a.get("TRIGGER").to_ical().decode() for a in event.walk("VALARM")]
            events.append({
                "uid": str(event.get("UID")),
                "summary": str(event.get("SUMMARY")),
                "start": wall(event.decoded("DTSTART")),
                "tzid": event.get("DTSTART").params.get("TZID"),
                "sequence": int(event.get("SEQUENCE")),
                "modified": event.get("LAST-MODIFIED").to_ical().decode(),
                "alarms": alarms,
            })
        out["events"] = events
    else:
        out["body"] = body.decode("utf-8", "replace")
    json.dump(out, sys.stdout)


main()
