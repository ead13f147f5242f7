#!/usr/bin/env bash
# `board agenda` against calcurse's agenda on the same items, in the same run (Benchmarks/README.md).
#   Benchmarks/Scripts/agenda-vs-calcurse.sh [BOARD_BINARY] [SCREEN_BENCHMARK_BINARY]
# Needs: calcurse, hyperfine (apt-get install calcurse hyperfine).
# The board: 1,000 daily routines at 07:00 and 10,000 plain cards (a third of them dated over 90
# days), written by ScreenBenchmark (CARDS=17000: 7,000 of them the routines' occurrences). calcurse
# gets the same items through iCalendar: `board export ics --events` (each routine one VEVENT with
# its RRULE, each dated card an event), imported with `calcurse -i`. Timed: the 90 days from the
# board's day, `board agenda --days 90` against `calcurse -r90`; the script checks both print the
# 90,000 runs of the routines.
set -euo pipefail
board=${1:-.build/release/board}
bench=${2:-Benchmarks/.build/release/ScreenBenchmark}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TZ=Europe/Paris
day=2026-11-21
CARDS=17000 "$bench" "$work/b.db" > /dev/null
"$board" export ics --events --db "$work/b.db" --now "${day}T09:00" > "$work/board.ics"
mkdir "$work/cc"
calcurse -D "$work/cc" -q -i "$work/board.ics" > /dev/null 2>&1 || true
# calcurse's range from the board's day (-s takes MM/DD/YYYY).
start=$(date -d "$day" +%m/%d/%Y)
runs_board=$("$board" agenda --days 90 --db "$work/b.db" --now "${day}T09:00" | grep -c 'Routine ')
runs_calcurse=$(calcurse -D "$work/cc" -s"$start" -r90 | grep -c 'Routine ')
echo "routine runs in 90 days: board $runs_board, calcurse $runs_calcurse"
hyperfine -N --warmup 2 --runs 10 --export-json "$work/h.json" \
  "$board agenda --days 90 --db $work/b.db --now ${day}T09:00" \
  "calcurse -D $work/cc -s$start -r90"
python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results']; b,c=r[0]['median'],r[1]['median']; print('board %.3f s, calcurse %.3f s, ratio (calcurse ÷ board) %.2f×' % (b,c,c/b))" "$work/h.json"
