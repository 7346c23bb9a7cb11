#!/usr/bin/env bash
# Sets up (packages incl. mariadb-server, build), starts a throwaway MariaDB on
# 127.0.0.1 with its data directory on tmpfs, runs the whole test suite with
# ctest, and stops the server again. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --server

eval "$(tools/start-mariadb.sh)"
trap 'tools/stop-mariadb.sh "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"' EXIT
export ERIQ_MARIADB_URL
# The live tests must run here: a missing server is a failure, not a skip.
export ERIQ_REQUIRE_MARIADB=1
echo "eriq test: MariaDB on 127.0.0.1:$ERIQ_MARIADB_PORT (pid $ERIQ_MARIADB_PID)"

ctest --test-dir build -j2 --output-on-failure "$@"
