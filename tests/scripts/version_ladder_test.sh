#!/usr/bin/env bash
# eriq-gen replay --ladder on two SQLite rungs, 3.53.2 and 3.54.1, with known-bug cases that
# tell them apart: the GROUP BY over a sorted subquery that ignores DESC reproduces on 3.53.2
# and is fixed in 3.54.1; the GROUP BY over a twice-referenced ordered CTE reproduces on both.
# A finding folder is replayed from its reduced case. A rung that is not fetched, or whose
# library is another release, is an error on its line (exit 1); a case of another engine or a
# malformed ladder stops with one line (exit 2).
# The rungs come from setup (tools/setup.sh --ladder, tools/ladder.sh sqlite VERSION), never
# from this test: without them it is skipped (77), unless ERIQ_REQUIRE_LADDER is set.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
cd "$root" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

old=3.53.2
new=3.54.1
old_lib=$(tools/ladder.sh sqlite --path "$old")
new_lib=$(tools/ladder.sh sqlite --path "$new")
for lib in "$old_lib" "$new_lib"; do
  if [ ! -f "$lib" ]; then
    [ -n "${ERIQ_REQUIRE_LADDER:-}" ] && fail "$lib is missing (tools/setup.sh --ladder fetches it)"
    echo "skipped: $lib is not fetched (tools/setup.sh --ladder, or tools/ladder.sh sqlite VERSION)"
    exit 77
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Case files: one line per rung, then the range.
desc=tests/data/cases/sqlite_group_by_ordered_subquery_desc.toml
cte=tests/data/cases/sqlite_group_by_ordered_cte_twice.toml
"$bin" replay "$desc" "$cte" --ladder sqlite --rungs "$old,$new" >"$work/cases" 2>&1 ||
  fail "replay --ladder exited $?: $(cat "$work/cases")"
cat "$work/cases"
expect() { grep -qxF "$1" "$2" || fail "no line '$1' in: $(cat "$2")"; }
expect "$desc [$old] reproduces: VIEW=CTE=TEMPT=DERIVED≠CTE_MAT (order)" "$work/cases"
expect "$desc [$new] does not reproduce: every representation agrees" "$work/cases"
expect "$cte [$old] reproduces: VIEW=TEMPT=DERIVED=CTE_MAT≠CTE" "$work/cases"
expect "$cte [$new] reproduces: VIEW=TEMPT=DERIVED=CTE_MAT≠CTE" "$work/cases"
grep -q "^$desc \[range\] since $old (the oldest tried), fixed in $new (2 of 2 rungs ran, [0-9.]* s)$" \
  "$work/cases" || fail "range of the fixed bug"
grep -q "^$cte \[range\] all tried ($old .. $new) (2 of 2 rungs ran, [0-9.]* s)$" "$work/cases" ||
  fail "range of the open bug"
[ "$(wc -l <"$work/cases")" = 6 ] || fail "expected 6 lines"

# A finding folder made on the older rung and reduced there: the ladder runs its reduced case
# and judges it by the groups the finding recorded.
"$bin" --case "$desc" --driver-library "$old_lib" --out "$work/out" >/dev/null
[ $? = 1 ] || fail "the case is not an inconsistency on $old"
finding=$(ls -d "$work"/out/0*)
"$bin" reduce "$finding" --driver-library "$old_lib" --reduce-time 10s --quiet >/dev/null ||
  fail "reduce on $old"
[ -f "$finding/reduced/case.toml" ] || fail "no reduced case"
"$bin" replay "$finding" --ladder sqlite --rungs "$old..$new" >"$work/finding" 2>&1 ||
  fail "replay of the finding exited $?: $(cat "$work/finding")"
expect "$finding [case] $finding/reduced" "$work/finding"
grep -q "^$finding \[$old\] reproduces: " "$work/finding" || fail "finding on $old"
grep -q "^$finding \[$new\] does not reproduce" "$work/finding" || fail "finding on $new"
grep -q "^$finding \[range\] since $old (the oldest tried), fixed in $new " "$work/finding" ||
  fail "finding's range: $(cat "$work/finding")"

# Triage shows the range of a bisected group (the finding's ladder.toml), in text and JSON.
mkdir -p "$work/no-known-bugs"  # an empty list of known bugs
"$bin" triage "$work/out" --known-bugs "$work/no-known-bugs" >"$work/triage" ||
  fail "triage: $(cat "$work/triage")"
grep -qxF "  ladder: sqlite since $old (the oldest tried), fixed in $new" "$work/triage" ||
  fail "triage text: $(cat "$work/triage")"
"$bin" triage "$work/out" --json --known-bugs "$work/no-known-bugs" >"$work/triage.json" ||
  fail "triage --json"
python3 - "$work/triage.json" "$old" "$new" <<'PY' || fail "triage JSON"
import json, sys
path, old, new = sys.argv[1:]
[group] = json.load(open(path))["groups"]
ladder = group["ladder"]
assert ladder["engine"] == "sqlite", ladder
assert ladder["range"] == f"since {old} (the oldest tried), fixed in {new}", ladder
assert ladder["reproduces_in"] == [old] and ladder["does_not_reproduce_in"] == [new], ladder
assert ladder["not_run"] == [] and ladder["bisected_at"], ladder
PY
rm "$finding/ladder.toml"
"$bin" triage "$work/out" --known-bugs "$work/no-known-bugs" >"$work/triage" || fail "triage"
grep -qxF "  ladder: not bisected (eriq-gen replay $finding --ladder sqlite)" "$work/triage" ||
  fail "triage of a group not bisected: $(cat "$work/triage")"

# A ladder file of its own: a rung not fetched, and one whose library is another release.
cat >"$work/ladder.toml" <<TOML
engine = "sqlite"
build = "sqlite-amalgamation"
directory = "$work/rungs/sqlite-{version}"
library = "libsqlite3.so"
[[rung]]
version = "3.50.0"
package = "better-sqlite3@1.0.0"
sha256 = "$(printf '0%.0s' {1..64})"
[[rung]]
version = "3.54.0"
package = "better-sqlite3@1.0.0"
sha256 = "$(printf '0%.0s' {1..64})"
TOML
mkdir -p "$work/rungs/sqlite-3.54.0"
cp "$new_lib" "$work/rungs/sqlite-3.54.0/libsqlite3.so"
"$bin" replay "$cte" --ladder "$work/ladder.toml" >"$work/own" 2>&1
[ $? = 1 ] || fail "a ladder with rungs that cannot run exits 1: $(cat "$work/own")"
expect "$cte [3.50.0] error: not fetched (tools/ladder.sh sqlite 3.50.0)" "$work/own"
expect "$cte [3.54.0] error: $work/rungs/sqlite-3.54.0/libsqlite3.so is SQLite $new, not 3.54.0" "$work/own"
grep -q "^$cte \[range\] no rung ran (0 of 2 rungs ran" "$work/own" || fail "range with no rung"

# Usage and load errors: one line, exit 2.
one_line_exit_2() { # expected-message command...
  local expected=$1
  shift
  "$@" >"$work/err" 2>&1
  local status=$?
  [ "$status" = 2 ] || fail "$* exited $status: $(cat "$work/err")"
  [ "$(cat "$work/err")" = "$expected" ] || fail "$*: $(cat "$work/err")"
}
one_line_exit_2 "eriq-gen: $PWD/tests/data/cases/duckdb_or_is_distinct_all_null_pruned.toml: the case runs on duckdb (duckdb), the ladder is sqlite's" \
  "$bin" replay "$PWD/tests/data/cases/duckdb_or_is_distinct_all_null_pruned.toml" --ladder sqlite
one_line_exit_2 "eriq-gen: --rungs: the sqlite ladder has no rung 3.0.0 (it has $(tools/ladder.sh sqlite --list | cut -d' ' -f1 | paste -sd, | sed 's/,/, /g'))" \
  "$bin" replay "$cte" --ladder sqlite --rungs 3.0.0
one_line_exit_2 "eriq-gen: --rungs needs --ladder" "$bin" replay "$cte" --rungs "$new"
one_line_exit_2 "eriq-gen: --ladder runs the ladder's libraries: leave out --driver-library" \
  "$bin" replay "$cte" --ladder sqlite --driver-library "$new_lib"
sed -i 's/^sha256 = .*/sha256 = "x"/' "$work/ladder.toml"
one_line_exit_2 "eriq-gen: $work/ladder.toml:8:10: sha256 must be 64 lowercase hexadecimal digits" \
  "$bin" replay "$cte" --ladder "$work/ladder.toml"

# tools/ladder.sh without the network: paths, the list, usage errors.
[ "$(tools/ladder.sh sqlite --path)" = "$(tools/ladder.sh sqlite --path "$(tools/ladder.sh sqlite --list | tail -1 | cut -d' ' -f1)")" ] ||
  fail "--path without a version is not the newest rung"
[ "$(tools/sqlite-latest.sh --path)" = "$(tools/ladder.sh sqlite --path)" ] ||
  fail "tools/sqlite-latest.sh does not follow the ladder's newest rung"
tools/ladder.sh sqlite --list | grep -qxF "$new better-sqlite3@13.2.0 $new_lib" ||
  fail "--list: $(tools/ladder.sh sqlite --list)"
tools/ladder.sh oracle >/dev/null 2>&1
[ $? = 2 ] || fail "tools/ladder.sh with an unknown engine does not exit 2"
tools/ladder.sh sqlite 9.9.9 >"$work/nine" 2>&1
[ $? = 1 ] && grep -q "has no rung 9.9.9" "$work/nine" || fail "tools/ladder.sh sqlite 9.9.9: $(cat "$work/nine")"
echo PASS
