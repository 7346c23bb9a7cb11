#!/usr/bin/env bash
# One eriq-gen binary on two SQLite libraries (--driver-library): the system's and the newest
# release, which tools/sqlite-latest.sh builds and tools/test.sh exports as ERIQ_SQLITE_LATEST.
# --version, the summary and the finding reports name the library and version that ran, and
# one replay command tells a bug fixed since the system's release (reproduces there, not on
# the newest) from one still open on the newest (a regression after the system's 3.40.1), one
# line per finding and library.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
if [ -z "${ERIQ_SQLITE_LATEST:-}" ]; then
  echo "skipped: ERIQ_SQLITE_LATEST is not set (tools/test.sh builds the newest SQLite and sets it)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$root" || exit 1

latest=$ERIQ_SQLITE_LATEST
[ -f "$latest" ] || fail "ERIQ_SQLITE_LATEST=$latest is not a file"
# The version the amalgamation's own header names, and the one the system library reports.
latest_version=$(sed -n 's/^#define SQLITE_VERSION  *"\(.*\)"/\1/p' "$(dirname "$latest")/sqlite3.h")
system_version=$(python3 -c 'import sqlite3; print(sqlite3.sqlite_version)')
[ -n "$latest_version" ] || fail "no SQLITE_VERSION in $(dirname "$latest")/sqlite3.h"
[ "$latest_version" != "$system_version" ] || fail "both libraries are SQLite $system_version"
echo "system SQLite $system_version, newest $latest_version ($latest)"

"$bin" --version --driver-library libsqlite3.so.0 --driver-library "$latest" >"$work/version" ||
  fail "--version: $(cat "$work/version")"
grep -q "^SQLite $system_version (" "$work/version" || fail "--version: $(cat "$work/version")"
grep -qF "SQLite $latest_version (" "$work/version" && grep -qF " from $latest" "$work/version" ||
  fail "--version does not name $latest: $(cat "$work/version")"

# Campaigns on each library: summary.json and the printed summary say which one ran.
"$bin" --seed 3 --cases 200 --driver-library "$latest" --out "$work/new" 2>"$work/new.log" ||
  fail "campaign on $latest: $(tail -3 "$work/new.log")"
grep -qF "eriq summary: dialect sqlite (SQLite $latest_version from $latest)" "$work/new.log" ||
  fail "printed summary: $(grep 'eriq summary' "$work/new.log")"
"$bin" --seed 3 --cases 200 --out "$work/system" --quiet || fail "campaign on the system library"

# Findings of a bug fixed since the system's release, on the system library, and of one still
# open on the newest (sqlite-group-by-trusts-cte-order), on the newest, whose report names it.
"$bin" --case tests/data/cases/sqlite_left_join_scalar_subquery.toml --out "$work/fixed" >/dev/null
[ $? = 1 ] || fail "the fixed bug's case is not an inconsistency on the system library"
"$bin" --case tests/data/cases/sqlite_group_by_ordered_cte_twice.toml --out "$work/open" \
  --driver-library "$latest" >/dev/null
[ $? = 1 ] || fail "the open bug's case is not an inconsistency on $latest"

# A known case's exit code on the newest library and, when the system's is 3.40.1, on it
# (0 consistent, 1 inconsistent); with a pattern, the newest library's verdict must name it.
expect_case() {
  local case=$1 on_latest=$2 on_340=$3 pattern=${4:-}
  "$bin" --case "tests/data/cases/$case.toml" --driver-library "$latest" >"$work/$case.txt"
  [ $? = "$on_latest" ] || fail "$case does not exit $on_latest on $latest"
  if [ -n "$pattern" ]; then
    grep -qF "verdict: inconsistent $pattern" "$work/$case.txt" ||
      fail "$case's pattern: $(grep verdict "$work/$case.txt")"
  fi
  if [ "$system_version" = 3.40.1 ]; then
    "$bin" --case "tests/data/cases/$case.toml" >/dev/null
    [ $? = "$on_340" ] || fail "$case does not exit $on_340 on the system's SQLite 3.40.1"
  fi
}
# A regression after 3.40.1 still open in the newest release (known-bugs/sqlite.toml:
# sqlite-group-by-trusts-cte-order), and one fixed in it: the GROUP BY over a sorted subquery
# that ignored DESC (sqlite-group-by-over-ordered-subquery-ignores-desc) is consistent on
# 3.40.1 and on the newest (tests/scripts/version_ladder_test.sh shows it on 3.53.2).
expect_case sqlite_group_by_ordered_cte_twice 1 0 "VIEW=TEMPT=DERIVED=CTE_MAT≠CTE"
expect_case sqlite_group_by_ordered_subquery_desc 0 0
# eriq's former false positive on releases before 3.43 (sqlite-avg-int64-overflow-row-order,
# not a bug): avg() over int64 extremes rounds by row order on 3.40.1, exactly on the newest.
# The release-bounded [[benign]] entry of dialects/sqlite.toml explains it on 3.40.1 only.
expect_case sqlite_avg_int64_overflow_order 0 0
if [ "$system_version" = 3.40.1 ]; then
  "$bin" --case tests/data/cases/sqlite_avg_int64_overflow_order.toml >"$work/avg340.txt"
  grep -q "^verdict: documented difference .*Before SQLite 3.43.0" "$work/avg340.txt" ||
    fail "avg over int64 extremes on 3.40.1: $(grep verdict "$work/avg340.txt")"
fi
grep -q "^verdict: consistent" "$work/sqlite_avg_int64_overflow_order.txt" ||
  fail "avg over int64 extremes on $latest: $(grep verdict "$work/sqlite_avg_int64_overflow_order.txt")"

python3 - "$work" "$latest" "$latest_version" "$system_version" <<'PY' || exit 1
import glob, json, os, sys, tomllib
work, latest, latest_version, system_version = sys.argv[1:]
latest = os.path.normpath(os.path.abspath(latest))
new = json.load(open(f"{work}/new/summary.json"))
assert new["server_version"] == f"SQLite {latest_version}", new["server_version"]
assert new["driver_library"] == latest, new["driver_library"]
assert new["driver_source_id"], new
system = json.load(open(f"{work}/system/summary.json"))
assert system["server_version"] == f"SQLite {system_version}", system["server_version"]
assert os.path.basename(system["driver_library"]).startswith("libsqlite3.so"), system
assert system["driver_library"] != latest
[report] = glob.glob(f"{work}/open/0*/")
assert json.load(open(report + "report.json"))["driver_library"] == latest
finding = tomllib.load(open(report + "finding.toml", "rb"))
assert finding["driver_library"] == latest and finding["server_version"] == f"SQLite {latest_version}", finding
assert f"-- eriq ran it on SQLite {latest_version} from {latest}\n" in open(report + "VIEW.sql").read()
print(f"summaries: {system['server_version']} and {new['server_version']}; the report names {latest}")
PY

# One replay command, both findings, both libraries: one line each; exit 0 whatever reproduced.
fixed=$(ls -d "$work"/fixed/0*)
open=$(ls -d "$work"/open/0*)
"$bin" replay "$fixed" "$open" --driver-library libsqlite3.so.0 --driver-library "$latest" \
  >"$work/replay" 2>&1 || fail "replay exited $?: $(cat "$work/replay")"
cat "$work/replay"
python3 - "$work/replay" "$fixed" "$open" "$latest_version" "$system_version" <<'PY' || exit 1
import re, sys
path, fixed, open_, latest_version, system_version = sys.argv[1:]
lines = open(path).read().splitlines()
assert len(lines) == 4, lines
seen = {}
for line in lines:
    m = re.fullmatch(r"(.*?): (reproduces|does not reproduce|reproduces with other groups)"
                     r"(?::.*)? on SQLite (\S+) from (.+)", line)
    assert m, line
    seen[(m[1], m[3])] = m[2]
# The fixed bug (sqlite-left-join-scalar-subquery-null-row) is gone from 3.41.2 on.
fixed_on_system = tuple(map(int, system_version.split("."))) >= (3, 41, 2)
assert seen[(fixed, system_version)] == ("does not reproduce" if fixed_on_system else "reproduces"), seen
assert seen[(fixed, latest_version)] == "does not reproduce", seen
# The open bug is a regression after 3.40.1: not there on the system's library when it is 3.40.1.
if system_version == "3.40.1":
    assert seen[(open_, system_version)] == "does not reproduce", seen
assert seen[(open_, latest_version)] == "reproduces", seen
PY

# A library that cannot be loaded stops replay with the one-line error and exit code 2.
"$bin" replay "$open" --driver-library "$work/no-such-libsqlite3.so" >"$work/bad" 2>&1
status=$?
[ "$status" = 2 ] || fail "replay with a missing library exited $status: $(cat "$work/bad")"
[ "$(cat "$work/bad")" = "eriq-gen: cannot load the SQLite library $work/no-such-libsqlite3.so: cannot open shared object file: No such file or directory" ] ||
  fail "replay with a missing library said: $(cat "$work/bad")"
echo PASS
