#!/usr/bin/env bash
# 1,000 watching devices of 334 people on one server with PostgreSQL's default settings (issue 43):
# before (a LISTEN connection per device) and through `board server run --realtime`.
#   Benchmarks/Scripts/watchers.sh [BOARD_BINARY]
# Needs: postgresql, pgbouncer, python3 with asyncpg (pip install asyncpg); as root (the cluster runs as postgres).
set -euo pipefail
# People log in with a password (SCRAM), as they would over a network: a connection costs what it costs.
PEOPLE_AUTH=scram-sha-256
source "$(dirname "$0")/cluster.sh"
ulimit -n 8192
python3 "$here/watchers.py" "$board" "$work" "$admin/board" "$port"
