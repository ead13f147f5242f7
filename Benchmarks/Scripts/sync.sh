#!/usr/bin/env bash
# Sync through a throwaway PostgreSQL (README "Sync"): push and pull of 10,000 changes, the first
# sync of a 100,000-card board, and the latency from a write on one watching board to the row on
# another (median of 20), beside psql's COPY of the same rows as the floor of moving them at all.
#   Benchmarks/Scripts/sync.sh [BOARD_BINARY]      (ONLY_LOAD=1: only the replica under 50 pushing boards)
# Needs: postgresql, sqlite3, python3 (as root: the cluster runs as the postgres user).
set -euo pipefail
board=$(realpath "${1:-.build/release/board}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
chown postgres "$work"
runuser -u postgres -- "$bin/initdb" -D "$work/data" -A trust -U postgres --no-sync > /dev/null
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > "$work/data/pg_hba.conf"
runuser -u postgres -- "$bin/pg_ctl" -D "$work/data" -w -l "$work/log" -o "-p $port -k $work -c listen_addresses=127.0.0.1" start < /dev/null > /dev/null
trap 'runuser -u postgres -- "$bin/pg_ctl" -D "$work/data" -m immediate -w stop < /dev/null > /dev/null; rm -rf "$work"' EXIT
admin="postgres://postgres@127.0.0.1:$port"
psql "$admin/postgres" -q -c 'CREATE DATABASE board'
"$board" server init "$admin/board" > /dev/null
[ -n "${ONLY_LOAD:-}" ] || python3 "$here/sync_bench.py" "$board" "$work" "$admin/board"
python3 "$here/replica_load.py" "$board" "$work" "$admin/board"
