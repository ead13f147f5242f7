#!/usr/bin/env bash
# `board stats` on a board of 100,000 cards with a history, beside taskwarrior's `task stats` on
# 100,000 tasks, in the same run (README "Stats").
#   Benchmarks/Scripts/stats.sh [BOARD_BINARY]
# Needs: taskwarrior, hyperfine (apt-get install taskwarrior hyperfine). Board: the release build
# of the README (swift build -c release --static-swift-stdlib -Xlinker -no-pie --product board).
set -euo pipefail
board=${1:-.build/release/board}
source "$(dirname "$0")/taskwarrior-env.sh"
python3 "$here/stats_board.py" "$board" "$work/b.db"
python3 "$here/cards.py" 100000 "$work" && mkdir -p "$work/td" && task import "$work/task.json" > /dev/null
hyperfine -N -w 3 -r 20 --export-json "$work/stats.json" \
  "$board stats --db $work/b.db" "$board stats --json --db $work/b.db" "$board stats --csv --db $work/b.db" "task stats"
python3 -c "
import json,sys
r = json.load(open('$work/stats.json'))['results']
task = r[3]['median']
for x in r[:3]: print('%-40s %7.1f ms  task stats / it: %.2fx' % (x['command'].split(' --db')[0].split('/')[-1], x['median'] * 1000, task / x['median']))
print('%-40s %7.1f ms' % ('task stats', task * 1000))"
