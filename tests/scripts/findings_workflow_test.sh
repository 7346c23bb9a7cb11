#!/usr/bin/env bash
# The reduce -> triage -> replay workflow on embedded SQLite: a seeded campaign reduces its
# findings (same groups, small cases), replay says they reproduce and that a case without
# the bug does not, triage groups them (text, JSON, HTML page) and marks the repository's
# known bugs, whose cases still reduce to the signatures known-bugs/sqlite.toml lists.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$root" || exit 1

"$bin" --seed 1 --cases 8000 --out "$work/out" >"$work/log" 2>&1 || fail "campaign: $(tail -3 "$work/log")"
# The campaign ends with its groups as triage prints them; findings by pattern only with --verbose.
"$bin" triage "$work/out" >"$work/campaign-triage" 2>/dev/null || fail "triage of the campaign's folder"
sed -n '/^eriq groups in /,$p' "$work/log" | tail -n +2 >"$work/campaign-groups"
diff "$work/campaign-triage" "$work/campaign-groups" >/dev/null ||
  fail "the campaign's groups differ from triage: $(diff "$work/campaign-triage" "$work/campaign-groups")"
grep -q "status: fixed (known: sqlite-right-join-union-all-flattening)" "$work/campaign-groups" ||
  fail "the campaign's groups do not mark the known bug: $(cat "$work/campaign-groups")"
grep -q "findings by pattern" "$work/log" && fail "findings by pattern printed without --verbose"
python3 - "$work/out" <<'PY' || exit 1
import json, os, statistics, sys, tomllib
out = sys.argv[1]
summary = json.load(open(os.path.join(out, "summary.json")))
findings = [d for d in sorted(os.listdir(out)) if os.path.isfile(os.path.join(out, d, "finding.toml"))]
assert len(findings) == summary["findings"], (len(findings), summary["findings"])
assert 1 <= len(findings) <= summary["cases"] / 200, ("findings per case out of bounds", len(findings), summary["cases"])
before, after, i_chars, q_chars = [], [], [], []
for d in findings:
    orig = tomllib.load(open(os.path.join(out, d, "finding.toml"), "rb"))
    red_path = os.path.join(out, d, "reduced", "finding.toml")
    assert os.path.isfile(red_path), f"{d} was not reduced"
    red = tomllib.load(open(red_path, "rb"))
    assert red["reduced"] and red["groups"] == orig["groups"], d
    before.append(orig["statements"]); after.append(red["statements"])
    i_chars.append(red["intermediate_chars"]); q_chars.append(red["referencing_chars"])
print(f"{len(findings)} findings; median statements {statistics.median(before)} -> {statistics.median(after)}; "
      f"median I {statistics.median(i_chars)} and Q {statistics.median(q_chars)} characters after")
assert statistics.median(after) <= 6 and statistics.median(i_chars) < 150 and statistics.median(q_chars) < 150
PY

for d in "$work"/out/0*/reduced; do
  "$bin" replay "$d" >"$work/replay" 2>&1 || fail "replay of $d: $(cat "$work/replay")"
  grep -q "reproduces:" "$work/replay" || fail "replay did not say reproduces: $(cat "$work/replay")"
done

# A finding whose bug is absent: the same folder with a case every representation agrees on.
absent=$(ls -d "$work"/out/0* | head -1)
cp -r "$absent" "$work/absent"
cp tests/data/cases/sqlite_consistent.toml "$work/absent/case.toml"
"$bin" replay "$work/absent" >"$work/replay" 2>&1 || fail "replay of a case without the bug did not exit 0"
grep -q "does not reproduce" "$work/replay" || fail "no 'does not reproduce': $(cat "$work/replay")"

# The repository's known bugs and known non-bug, from their case files.
for c in sqlite_right_join_union_exists sqlite_right_join_union_all_where \
  sqlite_left_join_scalar_subquery sqlite_compound_affinity sqlite_on_clause_right_join_view \
  sqlite_rowid_seek_real_int64_min; do
  "$bin" --case "tests/data/cases/$c.toml" --out "$work/known" >/dev/null 2>&1
  [ $? = 1 ] || fail "$c is no longer an inconsistency"
done
"$bin" reduce "$work"/known/0* >"$work/reduce" 2>&1 || fail "reduce: $(cat "$work/reduce")"

# A folder that does not load is reported and skipped; the others in the call are reduced.
mkdir "$work/broken"
cp "$absent/case.toml" "$work/broken/case.toml"
echo 'intermediate = 7' >>"$work/broken/case.toml"
cp -r "$absent" "$work/retry"
rm -rf "$work/retry/reduced"
status=0
"$bin" reduce "$work/broken" "$work/retry" >"$work/reduce-mixed" 2>"$work/reduce-mixed-err" ||
  status=$?
[ "$status" = 2 ] || fail "reduce with an unloadable folder exited $status, not 2"
grep -q "^eriq-gen: $work/broken: not reduced, the finding does not load: .*case.toml" \
  "$work/reduce-mixed-err" || fail "no load error for the broken folder on stderr: $(cat "$work/reduce-mixed-err")"
[ -f "$work/retry/reduced/finding.toml" ] || fail "the folder after the broken one was not reduced"

# A finding whose case a [[benign]] entry matches but whose reduction no entry explains is
# kept by reduce as by the campaign (engine/benign_check.hpp): the JSON subtype entry matches
# a json_quote() that only decorates Q of the RIGHT JOIN + EXISTS bug.
"$bin" --case tests/data/cases/sqlite_right_join_union_exists.toml --out "$work/masked" >/dev/null 2>&1
masked=$(ls -d "$work"/masked/0*)
sed -i 's/^referencing = .*/referencing = "SELECT q0.vc_0, json_quote(q0.vc_0) FROM x AS q0 WHERE EXISTS (SELECT 1 FROM t1 WHERE c0 = 7)"/' "$masked/case.toml"
# Running the case and replaying its folder apply the same rule.
"$bin" --case "$masked/case.toml" >"$work/masked-run" 2>&1
grep -q "^note: a \[\[benign\]\] entry matched the case but not its reduction.*JSON" "$work/masked-run" ||
  fail "--case of the masked finding: $(cat "$work/masked-run")"
"$bin" replay "$masked" >"$work/masked-replay" 2>&1
grep -q "reproduces: .*a \[\[benign\]\] entry matched the case but not its reduction" "$work/masked-replay" ||
  fail "replay of the masked finding: $(cat "$work/masked-replay")"
"$bin" reduce "$masked" >"$work/masked-reduce" 2>&1 || fail "reduce of the masked finding: $(cat "$work/masked-reduce")"
grep -q "a \[\[benign\]\] entry matched the case but not its reduction" "$work/masked-reduce" ||
  fail "no note on the entry: $(cat "$work/masked-reduce")"
grep -q "json_quote" "$masked/reduced/case.toml" && fail "the reduction kept json_quote"
grep -q "^groups = \[ \[ 'VIEW', 'CTE', 'DERIVED'" "$masked/reduced/finding.toml" ||
  fail "the reduced finding lost its groups: $(grep '^groups' "$masked/reduced/finding.toml")"

"$bin" triage "$work/out" "$work/known" --json >"$work/triage.json" || fail "triage --json"
"$bin" triage "$work/out" "$work/known" --html "$work/page.html" >"$work/triage.txt" 2>&1 || fail "triage --html"
python3 - "$work/triage.json" "$work/page.html" "$work/out" <<'PY' || exit 1
import json, os, sys
t = json.load(open(sys.argv[1]))
page = open(sys.argv[2]).read()
out_findings = len([d for d in os.listdir(sys.argv[3]) if os.path.isfile(os.path.join(sys.argv[3], d, "finding.toml"))])
assert t["findings"] == out_findings + 6, t["findings"]  # plus the six known cases
assert sum(g["count"] for g in t["groups"]) == t["findings"]
assert len(t["groups"]) <= t["findings"]
for g in t["groups"]:
    assert os.path.isdir(g["smallest"]), g
    for key in ("signature", "count", "pattern", "first_seen", "smallest", "dialect", "version", "status"):
        assert key in g, key
known = {g["known_id"]: g["status"] for g in t["groups"] if g["known_id"]}
# Both fixed in SQLite 3.54.1 (tools/known-bug-versions.py, from the version ladder).
assert known.get("sqlite-right-join-union-all-flattening") == "fixed", known
assert known.get("sqlite-compound-column-affinity") == "not_a_bug", known
assert known.get("sqlite-flattened-right-join-on-clause-error") == "fixed", known
assert known.get("sqlite-left-join-scalar-subquery-null-row") == "fixed", known
assert known.get("sqlite-rowid-seek-real-int64-min") == "fixed", known
titled = [g for g in t["groups"] if g["known_id"] == "sqlite-rowid-seek-real-int64-min"]
assert titled[0]["known_title"].startswith("INTEGER PRIMARY KEY"), titled
assert page.count('<section class="group"') == len(t["groups"]), "page groups"
assert 'id="chart-rate"' in page and 'id="chart-groups"' in page
print(f"triage: {t['findings']} findings in {len(t['groups'])} groups; known: {known}")
PY
echo PASS
