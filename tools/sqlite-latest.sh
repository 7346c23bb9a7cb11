#!/usr/bin/env bash
# Builds the newest SQLite release eriq tests, the last rung of the SQLite version ladder
# (tools/ladders/sqlite.toml), into a shared library that `eriq-gen --driver-library PATH`
# loads: the amalgamation inside the npm package better-sqlite3, pinned by version and
# sha256, fetched only when not cached yet (tools/ladder.sh does the work).
#   tools/sqlite-latest.sh          fetch (once), verify, build (when missing or stale);
#                                   prints the library's absolute path last
#   tools/sqlite-latest.sh --path   prints where the library is (or will be), nothing else
# tools/setup.sh --sqlite-latest calls it; tools/test.sh exports the path as
# ERIQ_SQLITE_LATEST for the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --path ]; then exec tools/ladder.sh sqlite --path; fi
exec tools/ladder.sh sqlite
