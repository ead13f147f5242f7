#!/usr/bin/env bash
# Board against taskwarrior on the same cards, in the same run (README "Bulk in, fast out").
#   Benchmarks/Scripts/vs-taskwarrior.sh [BOARD_BINARY] [SIZES...]
# Needs: taskwarrior, hyperfine, GNU time (apt-get install taskwarrior hyperfine time).
# Board: the release build of the README (swift build -c release --static-swift-stdlib -Xlinker -no-pie --product board). Every number is hyperfine's
# median of alternating runs; peak memory is GNU time's maximum resident set size.
set -euo pipefail
board=${1:-.build/release/board}
shift || true
sizes=${*:-1000 10000 100000}
source "$(dirname "$0")/taskwarrior-env.sh"

median() { python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results']; print(' '.join('%.4f' % x['median'] for x in r))" "$1"; }
peak() { /usr/bin/time -f %M "$@" > /dev/null 2> "$work/time"; tail -1 "$work/time"; }

printf '%-8s %-22s %12s %12s %8s\n' cards what board taskwarrior ratio
for n in $sizes; do
  python3 "$here/cards.py" "$n" "$work"
  runs=$([ "$n" -ge 100000 ] && echo 3 || echo 10)
  # Import into an empty board / data folder, each run from scratch.
  hyperfine -N -w 1 -r "$runs" --style none --export-json "$work/import.json" \
    --prepare "rm -rf $work/b.db $work/b.db-wal $work/b.db-shm" "$board import --db $work/b.db $work/board.json" \
    --prepare "rm -rf $work/td && mkdir $work/td" "task import $work/task.json" > /dev/null
  read -r b t <<< "$(median "$work/import.json")"
  printf '%-8s %-22s %11.3fs %11.3fs %7.2fx\n' "$n" "import" "$b" "$t" "$(python3 -c "print($t/$b)")"
  # The loaded data, listed.
  hyperfine -N -w 2 -r "$runs" --style none --export-json "$work/list.json" "$board list --db $work/b.db" "task list" > /dev/null
  read -r b t <<< "$(median "$work/list.json")"
  printf '%-8s %-22s %11.3fs %11.3fs %7.2fx\n' "$n" "list / task list" "$b" "$t" "$(python3 -c "print($t/$b)")"
  hyperfine -N -w 2 -r "$runs" --style none --export-json "$work/json.json" "$board list --json --db $work/b.db" "task export" > /dev/null
  read -r b t <<< "$(median "$work/json.json")"
  printf '%-8s %-22s %11.3fs %11.3fs %7.2fx\n' "$n" "list --json / export" "$b" "$t" "$(python3 -c "print($t/$b)")"
  printf '%-8s %-22s %10sK %10sK\n' "$n" "peak memory (json)" "$(peak "$board" list --json --db "$work/b.db")" "$(peak task export)"
done
# A 10-card board: start-up is all there is.
python3 "$here/cards.py" 10 "$work"
rm -rf "$work/b.db"* "$work/td" && mkdir "$work/td"
"$board" import --db "$work/b.db" "$work/board.json" > /dev/null && task import "$work/task.json" > /dev/null
hyperfine -N -w 5 -r 100 --style none --export-json "$work/small.json" "$board list --db $work/b.db" "task list" > /dev/null
read -r b t <<< "$(median "$work/small.json")"
printf '%-8s %-22s %11.4fs %11.4fs %7.2fx\n' 10 "list / task list" "$b" "$t" "$(python3 -c "print($t/$b)")"
