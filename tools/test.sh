#!/usr/bin/env bash
# Sets up (packages incl. mariadb-server, postgresql, chromium, slurm-wlm and munge, the
# newest SQLite as a library: tools/sqlite-latest.sh, exported as ERIQ_SQLITE_LATEST; DuckDB:
# tools/duckdb-latest.sh, exported as ERIQ_DUCKDB_LIBRARY), starts a throwaway MariaDB and
# PostgreSQL (the newest release, from the version ladder) on 127.0.0.1 with their data
# directories on tmpfs, builds, runs the whole test suite with ctest, then the unit and
# engine tests again built with ASan+UBSan (tools/sanitize.sh; ERIQ_SANITIZE=0 skips it), and
# stops the servers. It ends with the ten
# slowest tests of each suite and the time of each phase. CI (.ci/run) calls exactly this.
# Extra arguments go to both ctest runs (e.g. -R fuzz_).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
junit_normal=$PWD/build/ctest-normal.xml
junit_asan=$PWD/build/ctest-asan.xml
rm -f "$junit_normal" "$junit_asan"
phases=()
phase_start=$SECONDS
# Ends the phase that began at phase_start under the name $1 (its time is printed at the end).
end_phase() {
  phases+=("$(printf '%-12s %5d s' "$1" $((SECONDS - phase_start)))")
  phase_start=$SECONDS
}
report_times() {
  local f
  for f in "$junit_normal" "$junit_asan"; do
    [ -f "$f" ] || continue
    echo "eriq test: $( [ "$f" = "$junit_normal" ] && echo suite || echo "ASan suite"):"
    python3 tools/slowest-tests.py "$f" 10 || true
  done
  echo "eriq test: time per phase"
  printf '  %s\n' "${phases[@]}"
  echo "  total        $(printf '%5d' "$SECONDS") s"
}

tools/setup.sh --server --browser --sqlite-latest --slurm --duckdb --ladder --no-build
# The version-ladder tests replay cases on the rungs setup fetched: none may skip here.
export ERIQ_REQUIRE_LADDER=1
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
  report_times
}
trap stop_servers EXIT
# The live PostgreSQL tests run on the newest release (the ladder's top rung, which setup
# fetched above); Debian's older server remains a rung of the ladder.
assignments=$(tools/start-postgres.sh "$(tools/ladder.sh postgres --path)") || exit 1
eval "$assignments"
# The hostile-inputs tests reach the servers as their superuser through these folders.
export ERIQ_MARIADB_URL ERIQ_POSTGRES_URL ERIQ_MARIADB_DIR ERIQ_POSTGRES_DIR
# The live tests must run here: a missing server is a failure, not a skip.
export ERIQ_REQUIRE_MARIADB=1 ERIQ_REQUIRE_POSTGRES=1 ERIQ_REQUIRE_BROWSER=1
# The Slurm job array test (about a minute) runs in CI too.
export ERIQ_SLURM_TEST=1
echo "eriq test: MariaDB on 127.0.0.1:$ERIQ_MARIADB_PORT (pid $ERIQ_MARIADB_PID)," \
  "PostgreSQL on 127.0.0.1:$ERIQ_POSTGRES_PORT (pid $ERIQ_POSTGRES_PID)"
end_phase setup

tools/build.sh build -DCMAKE_BUILD_TYPE=RelWithDebInfo
end_phase build

# Both suites run even when the first fails: a sanitizer report is worth seeing either way.
status=0
ctest --test-dir build -j2 --output-on-failure --output-junit "$junit_normal" "$@" || status=$?
end_phase suite
if [ "${ERIQ_SANITIZE:-1}" != 0 ]; then
  echo "eriq test: the unit and engine tests again with AddressSanitizer and UBSan (build-asan)"
  if tools/sanitize.sh --build-only; then
    end_phase "ASan build"
    tools/sanitize.sh --test-only --output-junit "$junit_asan" "$@" || status=$?
    end_phase "ASan suite"
  else
    status=1
    end_phase "ASan build"
  fi
fi
exit "$status"
