#!/usr/bin/env bash
# Queries that crash MariaDB 10.11 (found by eriq, known-bugs/mariadb.toml) are reported as
# server faults, not as logic bugs and not as tool errors: eriq-gen --case exits 4.
# Runs on its own throwaway server, since the case kills it. Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
# shellcheck source=lib/own_mariadb.sh
. "$root/tests/scripts/lib/own_mariadb.sh"
# Each case on a fresh server: the first crash kills it.
# CASE and the function the server's log names as the crash site (--server-log).
check_case() {
  local case=$1 site=$2
  start_own_mariadb
  trap '"$root/tools/stop-mariadb.sh" "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"' EXIT
  out=$("$bin" --case "$root/tests/data/cases/$case.toml" \
    --connect "${ERIQ_MARIADB_URL%/*}/eriq_crash" --statement-timeout 20s \
    --server-log "$ERIQ_MARIADB_DIR/error.log" 2>&1)
  status=$?
  echo "$out" | tail -3
  for _ in $(seq 1 50); do kill -0 "$ERIQ_MARIADB_PID" 2>/dev/null || break; sleep 0.1; done
  if ! kill -0 "$ERIQ_MARIADB_PID" 2>/dev/null && grep -q "signal 11" "$ERIQ_MARIADB_DIR/error.log"; then
    [ "$status" = 4 ] || { echo "FAIL: $case: the server crashed but eriq-gen exited $status"; exit 1; }
    echo "$out" | grep -q "verdict: server fault (connection_lost)" ||
      { echo "FAIL: $case: no server-fault verdict"; exit 1; }
    echo "$out" | grep -q "^crash site: $site " ||
      { echo "FAIL: $case: the crash site is not $site: $out"; exit 1; }
    # tools/test.sh prints this for its shared server: the crashed query must be in it.
    report=$("$root/tools/mariadb-crash-report.sh" "$ERIQ_MARIADB_DIR" "the case's MariaDB")
    echo "$report" | grep -q "crashed 1 time(s)" && echo "$report" | grep -q "^  Query (.*eriq_" ||
      { echo "FAIL: $case: the crash report lacks the count or the query: $report"; exit 1; }
    echo "$case: crashes the server, reported as a server fault"
  else
    # A server without this bug: the case must then run through as a normal case.
    [ "$status" = 0 ] || [ "$status" = 1 ] || { echo "FAIL: $case: exit $status without a crash"; exit 1; }
    echo "$case: this server does not crash on it"
  fi
  "$root/tools/stop-mariadb.sh" "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"
  trap - EXIT
}
# The DISTINCT-over-view case, once thought a site of its own, crashes in ST_Distance too.
check_case mariadb_crash_view_distinct Item_func_distance::val_real
check_case mariadb_crash_view_ref_decimal_in Item_direct_view_ref::val_decimal
check_case mariadb_crash_json_extract_null_safe_equal Item_func_json_extract::read_json
check_case mariadb_crash_distance_vs_view_column Item_func_distance::val_real
check_case mariadb_crash_like_function_of_derived_column_in_having Item_direct_view_ref::val_str
echo PASS
