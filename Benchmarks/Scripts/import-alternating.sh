#!/usr/bin/env bash
# `board import` of two builds beside `task import`, in alternating runs (Benchmarks/README.md
# "Bulk"): each round imports the same cards into empty data with the old build, the new build and
# taskwarrior, one after the other, so the machine's drift falls on all three alike.
#   Benchmarks/Scripts/import-alternating.sh OLD_BOARD NEW_BOARD ROUNDS SIZES...
# Prints, per size, each tool's median wall time and the ratios to taskwarrior.
set -euo pipefail
old=$1 new=$2 rounds=$3
shift 3
source "$(dirname "$0")/taskwarrior-env.sh"

seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N); python3 -c "print($end - $start)"; }
median() { python3 -c "import statistics,sys; print('%.3f' % statistics.median(float(x) for x in sys.argv[1:]))" "$@"; }

printf '%-8s %10s %10s %10s %12s %12s\n' cards old new task 'task÷old' 'task÷new'
for n in "$@"; do
  python3 "$here/cards.py" "$n" "$work"
  o=() w=() t=()
  for _ in $(seq "$rounds"); do
    rm -rf "$work"/b.db*; o+=("$(seconds "$old" import --db "$work/b.db" "$work/board.json")")
    rm -rf "$work"/b.db*; w+=("$(seconds "$new" import --db "$work/b.db" "$work/board.json")")
    rm -rf "$work/td" && mkdir "$work/td"; t+=("$(seconds task import "$work/task.json")")
  done
  mo=$(median "${o[@]}") mw=$(median "${w[@]}") mt=$(median "${t[@]}")
  printf '%-8s %9ss %9ss %9ss %11.2fx %11.2fx\n' "$n" "$mo" "$mw" "$mt" "$(python3 -c "print($mt/$mo)")" "$(python3 -c "print($mt/$mw)")"
done
