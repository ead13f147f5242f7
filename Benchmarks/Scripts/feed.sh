#!/usr/bin/env bash
# A calendar feed of 10,000 cards and 1,000 routines, and 500 open sitter pages, served by
# `board server run` (issue 55); beside the same feed's bytes served as a static file by Python.
#   Benchmarks/Scripts/feed.sh [BOARD_BINARY]
# Needs: postgresql; as root (the cluster runs as postgres).
set -euo pipefail
source "$(dirname "$0")/cluster.sh"
ulimit -n 8192
python3 "$here/feed_bench.py" "$board" "$work" "$admin/board" "$here"
