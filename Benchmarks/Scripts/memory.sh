#!/usr/bin/env bash
# Peak memory of the commands that stream a whole board, at 1,000,000 cards (README "Speed").
#   Benchmarks/Scripts/memory.sh [BOARD_BINARY] [CARDS]
# Needs GNU time (apt-get install time). Imports the cards of cards.py from a file, from a pipe
# and as an exported document, then lists and exports them; each command's maximum resident set
# size (GNU time's %M) must stay under 150 MiB whatever the board's size, and the export must
# import back to the same bytes.
set -euo pipefail
board=${1:-.build/release/board}
n=${2:-1000000}
limit_kib=$((150 * 1024))
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/cards.py" "$n" "$work"
rm -f "$work/task.json"
failed=0
measure() { # WHAT COMMAND…: runs it, prints its peak and time, fails past the limit
    local what=$1; shift
    /usr/bin/time -f "%M %e" -o "$work/time" "$@" > "$work/out" || { echo "$what failed" >&2; exit 1; }
    read -r kib seconds < "$work/time"
    printf '%-28s %8.1f MiB %8.2f s\n' "$what" "$(python3 -c "print($kib/1024)")" "$seconds"
    if ((kib > limit_kib)); then echo "  past 150 MiB" >&2; failed=1; fi
}
printf '%s cards, %s MiB of JSON\n' "$n" "$(($(stat -c %s "$work/board.json") >> 20))"
measure "import FILE" "$board" import --db "$work/a.db" "$work/board.json"
measure "import - (a pipe)" bash -c "cat '$work/board.json' | '$board' import --db '$work/b.db' -"
measure "list" "$board" list --db "$work/a.db"
measure "list --json" "$board" list --json --db "$work/a.db"
measure "export" "$board" export --db "$work/a.db" --output "$work/doc.json"
measure "import (an export)" "$board" import --db "$work/c.db" "$work/doc.json"
"$board" export --db "$work/c.db" | cmp -s - "$work/doc.json" || { echo "the export did not import back to the same bytes" >&2; exit 1; }
exit $failed
