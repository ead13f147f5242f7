#!/usr/bin/env bash
# 1,000 watching devices of 334 people on one server with PostgreSQL's default settings (issue 43):
# before (a LISTEN connection per device) and through `board server run --realtime`.
#   Benchmarks/Scripts/watchers.sh [BOARD_BINARY]
# Needs: postgresql, pgbouncer, python3 with asyncpg (pip install asyncpg); as root (the cluster runs as postgres).
set -euo pipefail
board=$(realpath "${1:-.build/release/board}")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
chown postgres "$work"
runuser -u postgres -- "$bin/initdb" -D "$work/data" -A trust -U postgres --no-sync > /dev/null
# People log in with a password (SCRAM), as they would over a network: a connection costs what it costs.
printf 'local all all trust\nhost all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n' > "$work/data/pg_hba.conf"
runuser -u postgres -- "$bin/pg_ctl" -D "$work/data" -w -l "$work/log" -o "-p $port -k $work -c listen_addresses=127.0.0.1" start < /dev/null > /dev/null
trap 'runuser -u postgres -- "$bin/pg_ctl" -D "$work/data" -m immediate -w stop < /dev/null > /dev/null; rm -rf "$work"' EXIT
admin="postgres://postgres@127.0.0.1:$port"
psql "$admin/postgres" -q -c 'CREATE DATABASE board'
"$board" server init "$admin/board" > /dev/null
ulimit -n 8192
python3 "$here/watchers.py" "$board" "$work" "$admin/board" "$port"
