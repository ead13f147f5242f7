#!/usr/bin/env bash
# Board against calcurse on the same items, in the same run (README "Speed").
#   Benchmarks/Scripts/vs-calcurse.sh [BOARD_BINARY] [SIZES...]
# Needs: calcurse, hyperfine, GNU time (apt-get install calcurse hyperfine time).
# The N cards of cards.py: in Board, imported; in calcurse, the undated ones as to-dos (with their
# priority) and the dated ones as day events. Listed: `board list` (every card) against
# `calcurse -d 60 -t` (every to-do and the events of the 60 days the cards' dates span), both
# printing every item. hyperfine's median of alternating runs; peak memory by GNU time.
set -euo pipefail
board=${1:-.build/release/board}
shift || true
sizes=${*:-1000 10000 100000}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TZ=UTC

median() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results']; print(' '.join('%.4f' % x['median'] for x in r))" "$1"; }
peak() { /usr/bin/time -f %M "$@" > /dev/null 2> "$work/time"; tail -1 "$work/time"; }

printf '%-8s %-26s %12s %12s %8s\n' items what board calcurse ratio
for n in $sizes; do
  python3 "$here/cards.py" "$n" "$work"
  rm -rf "$work/b.db"* "$work/cc" && mkdir "$work/cc"
  "$board" import --db "$work/b.db" "$work/board.json" > /dev/null
  # The same cards for calcurse: "[P] title" to-dos, "MM/DD/YYYY [1] title" day events; today's date
  # starts the 60 days, so the events are moved to start today as the cards' dates start on Nov 23.
  python3 - "$work" <<'PY'
import datetime, json, sys
work = sys.argv[1]
cards = json.load(open(f"{work}/board.json"))
shift = datetime.date.today() - datetime.date(2026, 11, 23)
with open(f"{work}/cc/todo", "w") as todo, open(f"{work}/cc/apts", "w") as apts:
    for c in cards:
        if c["due_date"]:
            day = datetime.date.fromisoformat(c["due_date"]) + shift
            apts.write(f"{day:%m/%d/%Y} [1] {c['title']}\n")
        else:
            todo.write(f"[{c['priority']}] {c['title']}\n")
PY
  shown_board=$("$board" list --db "$work/b.db" | grep -c '^  ')
  shown_calcurse=$(calcurse -D "$work/cc" -d 60 -t | grep -cE '^[0-9]\. | \* ')
  [ "$shown_board" -eq "$n" ] && [ "$shown_calcurse" -eq "$n" ] || { echo "not the same items: board $shown_board, calcurse $shown_calcurse, of $n" >&2; exit 1; }
  runs=$([ "$n" -ge 100000 ] && echo 5 || echo 10)
  hyperfine -N -w 2 -r "$runs" --style none --export-json "$work/list.json" \
    "$board list --db $work/b.db" "calcurse -D $work/cc -d 60 -t" > /dev/null
  read -r b c <<< "$(median "$work/list.json")"
  printf '%-8s %-26s %11.4fs %11.4fs %7.2fx\n' "$n" "list everything" "$b" "$c" "$(python3 -c "print($c/$b)")"
  printf '%-8s %-26s %10sK %10sK\n' "$n" "peak memory" "$(peak "$board" list --db "$work/b.db")" "$(peak calcurse -D "$work/cc" -d 60 -t)"
done
