#!/usr/bin/env bash
# Sets up (packages incl. mariadb-server, postgresql, chromium, slurm-wlm and munge, build, the
# newest SQLite as a library: tools/sqlite-latest.sh, exported as ERIQ_SQLITE_LATEST; DuckDB:
# tools/duckdb-latest.sh, exported as ERIQ_DUCKDB_LIBRARY), starts a throwaway
# MariaDB and PostgreSQL on 127.0.0.1 with their data directories on tmpfs, runs the
# whole test suite with ctest, then again built with ASan+UBSan (tools/sanitize.sh;
# ERIQ_SANITIZE=0 skips it), and stops the servers. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --server --browser --sqlite-latest --slurm --duckdb
# The tests that compare SQLite versions load it; set here, so they never skip in CI.
ERIQ_SQLITE_LATEST=$(tools/sqlite-latest.sh --path)
export ERIQ_SQLITE_LATEST
# The DuckDB tests load this library and must not skip in CI.
ERIQ_DUCKDB_LIBRARY=$(tools/duckdb-latest.sh --path)
export ERIQ_DUCKDB_LIBRARY ERIQ_REQUIRE_DUCKDB=1

assignments=$(tools/start-mariadb.sh) || exit 1
eval "$assignments"
# A crash of the shared server fails the test that caused it; the supervisor restarts the
# server so the tests after it still run, and the crash report below names the query.
tools/supervise-mariadb.sh "$ERIQ_MARIADB_DIR" "$ERIQ_MARIADB_PORT" 2 60 \
  2>"$ERIQ_MARIADB_DIR/supervise.log" &
supervisor_pid=$!
ERIQ_POSTGRES_PID=
stop_servers() {
  kill "$supervisor_pid" 2>/dev/null || true
  tools/mariadb-crash-report.sh "$ERIQ_MARIADB_DIR" "the shared MariaDB"
  tools/stop-mariadb.sh "$(cat "$ERIQ_MARIADB_DIR/mysqld.pid" 2>/dev/null || echo "$ERIQ_MARIADB_PID")" \
    "$ERIQ_MARIADB_DIR"
  if [ -n "$ERIQ_POSTGRES_PID" ]; then
    tools/stop-postgres.sh "$ERIQ_POSTGRES_PID" "$ERIQ_POSTGRES_DIR"
  fi
}
trap stop_servers EXIT
assignments=$(tools/start-postgres.sh) || exit 1
eval "$assignments"
export ERIQ_MARIADB_URL ERIQ_POSTGRES_URL
# The live tests must run here: a missing server is a failure, not a skip.
export ERIQ_REQUIRE_MARIADB=1 ERIQ_REQUIRE_POSTGRES=1 ERIQ_REQUIRE_BROWSER=1
# The Slurm job array test (about a minute) runs in CI too.
export ERIQ_SLURM_TEST=1
echo "eriq test: MariaDB on 127.0.0.1:$ERIQ_MARIADB_PORT (pid $ERIQ_MARIADB_PID)," \
  "PostgreSQL on 127.0.0.1:$ERIQ_POSTGRES_PORT (pid $ERIQ_POSTGRES_PID)"

# Both suites run even when the first fails: a sanitizer report is worth seeing either way.
status=0
ctest --test-dir build -j2 --output-on-failure "$@" || status=$?
if [ "${ERIQ_SANITIZE:-1}" != 0 ]; then
  echo "eriq test: the suite again with AddressSanitizer and UBSan (build-asan)"
  tools/sanitize.sh "$@" || status=$?
fi
exit "$status"
