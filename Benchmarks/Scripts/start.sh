#!/usr/bin/env bash
# A command's start on a 10-card board, beside taskwarrior and calcurse in the same run (issue 56).
#   Benchmarks/Scripts/start.sh BOARD_BINARY [OTHER_BOARD_BINARY]
# Each binary is copied fresh first (a binary's pages as the kernel happens to hold them moved
# figures by a millisecond). Every figure is hyperfine's median of 100 runs (and `list` is run
# again by alternate.py, each command once a round, which the machine's drift can't favour); with
# valgrind, the instructions of `board list` are counted too. Beside them, the floor under any
# `list`: OpenFloor, GRDB opening the same board and counting its cards (FLOOR=its path; built by
# `swift build -c release --static-swift-stdlib --package-path Benchmarks --product OpenFloor`).
# Needs: taskwarrior, calcurse, hyperfine, valgrind (apt-get install taskwarrior calcurse hyperfine valgrind).
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '2,10p' "$0"; exit 2; }
source "$(dirname "$0")/taskwarrior-env.sh"

boards=()
for binary in "$@"; do
  boards+=("$work/board-${#boards[@]}")
  cp "$binary" "${boards[-1]}"
done
python3 "$here/cards.py" 10 "$work"
mkdir -p "$work/td" "$work/cc"
task import "$work/task.json" > /dev/null 2>&1
for i in $(seq 10); do echo "[3] Card $i"; done > "$work/cc/todo"
for i in "${!boards[@]}"; do "${boards[$i]}" import --db "$work/b$i.db" "$work/board.json" > /dev/null; done
floor=${FLOOR:-$here/../.build/release/OpenFloor}
floors=()
if [[ -x $floor ]]; then
  cp "$floor" "$work/floor"; floors=("$work/floor $work/b0.db")
else
  echo "(no floor: $floor is not built; the header says how)" >&2
fi

# Runs hyperfine over COMMAND... and prints each median, the binaries named by their argument.
compare() {
  local title=$1; shift
  hyperfine -N -w 5 -r 100 --style none --export-json "$work/run.json" "$@" > /dev/null
  echo "$title"
  python3 - "$work/run.json" "$work" "$@" <<'PY'
import json, sys
results, work = json.load(open(sys.argv[1]))['results'], sys.argv[2]
for r in results:
    print('  %-48s %7.2f ms' % (r['command'].replace(work + '/', ''), r['median'] * 1000))
PY
}

each() { for i in "${!boards[@]}"; do printf '%s\n' "${boards[$i]} $1 --db $work/b$i.db${2:-}"; done; }
mapfile -t lists < <(each list)
compare "list (a 10-card board)" "${lists[@]}" "${floors[@]}" "task list" "calcurse -D $work/cc -t"
echo "list, each command once a round in turn (300 rounds)"
python3 "$here/alternate.py" 300 "${lists[@]}" "${floors[@]}" "$(command -v task) list" "$(command -v calcurse) -D $work/cc -t"
mapfile -t agendas < <(each agenda)
compare "agenda (7 days)" "${agendas[@]}" "task next" "calcurse -D $work/cc -r7"
# Writes: each run adds a card (the board grows from 10 to about 110, still small).
mapfile -t adds < <(each add " Another")
compare "add" "${adds[@]}" "task add Another"
if command -v valgrind > /dev/null; then
  echo "instructions of list (callgrind)"
  for i in "${!boards[@]}"; do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" "${boards[$i]}" list --db "$work/b$i.db" 2>&1 > /dev/null \
      | sed -n "s/.*Collected : \([0-9]*\)/  board-$i \1/p"
  done
  [[ ${#floors[@]} -eq 0 ]] || valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/floor" "$work/b0.db" 2>&1 > /dev/null \
    | sed -n 's/.*Collected : \([0-9]*\)/  OpenFloor \1/p'
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" task list 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\)/  task list \1/p'
fi
