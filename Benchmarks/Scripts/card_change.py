"""A new card's `row` change as a device writes it, for the scripts that push straight into the
log (watchers.py, replica_load.py)."""
import json, time


def row_value(card, owner, title="watched card"):
    now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    fields = {"aimed_on": '"2026-11-26"', "bucket": '"THIS_WEEK"', "checklist": '"[]"', "completed_at": None, "created_at": json.dumps(now),
              "description": '""', "due_date": None, "due_time": None, "duration_min": None, "id": json.dumps(card), "is_completed": "0",
              "labels": '"[]"', "occurrence_date": None, "owner_id": json.dumps(owner), "position": "1024", "priority": "0",
              "remind_before_min": "0", "series_id": None, "template_id": None, "title": json.dumps(title), "updated_at": json.dumps(now)}
    return json.dumps(fields, sort_keys=True, separators=(",", ":"))
