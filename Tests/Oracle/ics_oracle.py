#!/usr/bin/env python3
"""Reads a calendar file with Python's icalendar package and expands each RRULE with
python-dateutil: the peer `board export ics` is checked against (ARCHITECTURE.md §11).

Prints one JSON object: per UID its summary, categories, priority, DTSTART, the first N
dates of its rule (local wall times, YYYY-MM-DD or YYYY-MM-DDTHH:MM) and its EXDATEs; and
per VTIMEZONE how many of a sample of instants from 2020 to 2040 (the rules in force now) get a different UTC offset
from the VTIMEZONE than from the zone database.
"""
import json
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import icalendar
from dateutil.rrule import rrulestr


def wall(value):
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
    items, zones = {}, {}
    for component in calendar.walk():
        if component.name == "VTIMEZONE":
            tzid = str(component["TZID"])
            # lookup_tzid=False: built from the VTIMEZONE itself, not looked up by its name.
            from_vtimezone, database = component.to_tz(lookup_tzid=False), ZoneInfo(tzid)
            moment = datetime(2020, 1, 1, tzinfo=timezone.utc)
            mismatches = 0
            while moment.year < 2040:
                naive = moment.astimezone(database).replace(tzinfo=None)
                # The same wall time through both: the offsets they give must agree.
                if from_vtimezone.utcoffset(naive) != database.utcoffset(naive):
                    mismatches += 1
                moment += timedelta(hours=37)
            zones[tzid] = mismatches
        if component.name not in ("VTODO", "VEVENT"):
            continue
        start = component.decoded("DTSTART") if "DTSTART" in component else component.decoded("DUE")
        item = {
            "summary": str(component.get("SUMMARY")),
            "categories": [str(c) for cats in ([component["CATEGORIES"]] if "CATEGORIES" in component and not isinstance(component["CATEGORIES"], list) else component.get("CATEGORIES", [])) for c in cats.cats],
            "priority": int(component.get("PRIORITY", 0)),
            "start": wall(start),
            "exdates": [],
            "dates": [],
        }
        exdates = component.get("EXDATE", [])
        for exdate in exdates if isinstance(exdates, list) else [exdates]:
            item["exdates"] += [wall(d.dt) for d in exdate.dts]
        if "RRULE" in component:
            rule = component["RRULE"].to_ical().decode()
            dates = rrulestr(rule, dtstart=start)[:count]
            # An all-day start gives all-day dates (dateutil hands back midnights).
            item["dates"] = [d.date().isoformat() if not isinstance(start, datetime) else wall(d) for d in dates]
        items[str(component["UID"])] = item
    json.dump({"items": items, "zones": zones}, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main()
