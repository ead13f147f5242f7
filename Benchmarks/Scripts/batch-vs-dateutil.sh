#!/usr/bin/env bash
# `board recur expand --batch` against python-dateutil, whole processes on the same input:
# each rule of the README's recurrence benchmark, 10 × its first 100,000 dates from 1600-01-01
# (1,000,000 dates a rule). The two outputs must be the same bytes.
#   Benchmarks/Scripts/batch-vs-dateutil.sh [BOARD_BINARY]
set -euo pipefail
board=${1:-.build/release/board}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-28s %10s %12s %8s\n' rule board dateutil ratio
for rule in 'FREQ=WEEKLY;BYDAY=MO,WE,FR' 'FREQ=MONTHLY;BYDAY=-1FR'; do
  for i in $(seq 10); do printf '%s\t1600-01-01\t100000\n' "$rule"; done > "$work/in"
  "$board" recur expand --batch < "$work/in" > "$work/board.out"
  python3 "$here/batch_dateutil.py" < "$work/in" > "$work/dateutil.out"
  cmp "$work/board.out" "$work/dateutil.out"
  # Through a shell for the redirection; hyperfine subtracts the shell's own start-up.
  hyperfine -w 1 -r 5 --export-json "$work/t.json" \
    "$board recur expand --batch < $work/in > /dev/null" "python3 $here/batch_dateutil.py < $work/in > /dev/null" > /dev/null
  read -r b d <<< "$(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results']; print(' '.join('%.4f' % x['median'] for x in r))" "$work/t.json")"
  printf '%-28s %9.3fs %11.3fs %7.1fx\n' "$rule" "$b" "$d" "$(python3 -c "print($d/$b)")"
done
