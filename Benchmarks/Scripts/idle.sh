#!/usr/bin/env bash
# CPU an idle watch uses (issue 53: nothing that polls): for each build given (a folder holding
# `board` and `board-sync`), a board joined to a throwaway server running `board server run
# --realtime`, then over one minute of nothing happening, the CPU seconds (user + system, from
# /proc/PID/stat, the process and its children summed) of `board sync --watch` and of the open
# screen (in tmux, syncing beside it), and the milliseconds from `board add` on the watching board
# to the card in the server's log (median of 21).
#   Benchmarks/Scripts/idle.sh OLD_BUILD_DIR NEW_BUILD_DIR
set -euo pipefail
first=$1
source "$(dirname "$0")/cluster.sh" "$first/board"

cpu() { # cpu PID: ticks used by PID and its descendants so far
    local total=0 pid
    for pid in $1 $(pgrep -P "$1" || true); do
        [[ -r /proc/$pid/stat ]] || continue
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo "$total"
}
ticks=$(getconf CLK_TCK)

for build in "$@"; do
    b=$build/board
    name=$(basename "$(dirname "$build")")/$(basename "$build")
    person=idle$RANDOM
    url=$("$b" server add-user "$person" --server "$admin/board" --password "pw" | tail -1)
    db=$work/$person.sqlite
    export BOARD_SYNC_URL=$url BOARD_TZ=Europe/Paris XDG_CONFIG_HOME=/nonexistent
    "$b" add "First card" --db "$db" > /dev/null
    "$b" sync --db "$db" > /dev/null
    "$b" server run --server "$admin/board" --state "$work/state-$person" --realtime 127.0.0.1:0 > "$work/server-$person.log" 2>&1 &
    server=$!
    sleep 3

    # `board sync --watch`, idle.
    "$b" sync --watch --db "$db" > "$work/watch-$person.log" 2>&1 &
    watch=$!
    sleep 10
    before=$(cpu $watch); sleep 60; after=$(cpu $watch)
    watch_cpu=$(python3 -c "print(f'{($after - $before) / $ticks:.2f}')")

    # A card added on the watching board, to the server's log.
    latencies=()
    for i in $(seq 21); do
        count=$(psql "$admin/board" -tAq -c 'SELECT count(*) FROM board.changes')
        start=$(date +%s%N)
        "$b" add "Card $i" --db "$db" > /dev/null
        while [[ $(psql "$admin/board" -tAq -c 'SELECT count(*) FROM board.changes') == "$count" ]]; do sleep 0.005; done
        latencies+=($(( ($(date +%s%N) - start) / 1000000 )))
    done
    kill $watch; wait $watch 2>/dev/null || true
    median=$(printf '%s\n' "${latencies[@]}" | sort -n | sed -n 11p)

    # The open screen, syncing beside it, idle.
    tmux -L idle -f /dev/null new-session -d -x 120 -y 40 "env BOARD_SYNC_URL=$url TERM=xterm-256color $b --db $db"
    sleep 10
    screen=$(tmux -L idle list-panes -F '#{pane_pid}')
    before=$(cpu "$screen"); sleep 60; after=$(cpu "$screen")
    screen_cpu=$(python3 -c "print(f'{($after - $before) / $ticks:.2f}')")
    tmux -L idle kill-server
    kill $server; wait $server 2>/dev/null || true

    echo "$build: idle sync --watch ${watch_cpu} s CPU a minute; idle screen ${screen_cpu} s CPU a minute; add to the server's log ${median} ms median"
done
