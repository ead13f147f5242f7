#!/usr/bin/env bash
# Sync through a throwaway PostgreSQL (README "Sync"): push and pull of 10,000 changes, the first
# sync of a 100,000-card board, and the latency from a write on one watching board to the row on
# another (median of 20), beside psql's COPY of the same rows as the floor of moving them at all;
# the server's tables after each push, under 50 pushing boards, and during a first sync.
#   Benchmarks/Scripts/sync.sh [BOARD_BINARY]      (ONLY_LOAD=1: only the replica under 50 pushing boards)
# Needs: postgresql, sqlite3, a C compiler and libsqlite3-dev (the row-wise write floor), python3 with asyncpg (pip install asyncpg); as root (the cluster runs as the postgres user).
set -euo pipefail
source "$(dirname "$0")/cluster.sh"
[ -n "${ONLY_LOAD:-}" ] || python3 "$here/sync_bench.py" "$board" "$work" "$admin/board"
python3 "$here/replica_load.py" "$board" "$work" "$admin/board"
[ -n "${ONLY_LOAD:-}" ] || python3 "$here/replica_first_sync.py" "$board" "$work" "$admin/board"
