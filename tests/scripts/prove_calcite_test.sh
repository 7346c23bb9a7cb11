#!/usr/bin/env bash
# eriq-prove on the 232 Calcite rewrite pairs (tests/data/calcite-pairs): at least MIN_PROVED
# are proved, none of the proved pairs gives different results on SQLite over random databases,
# and none of the deliberately broken copies of the proved pairs (tools/prove_mutants.py: SQLite shows each one differs) is proved.
set -uo pipefail
MIN_PROVED=131
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
prove=${ERIQ_PROVE:-$ROOT/build/eriq-prove}
pairs_dir=$ROOT/tests/data/calcite-pairs
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
schema=$pairs_dir/schema.sql
"$prove" --schema "$schema" --pairs "$pairs_dir/calcite_tests.json" --json >"$work/results.json" ||
  { echo "FAIL: eriq-prove exited $?"; exit 1; }
proved=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["proved"])' \
  "$work/results.json")
echo "proved $proved of 232 (floor $MIN_PROVED)"
[ "$proved" -ge "$MIN_PROVED" ] || { echo "FAIL: fewer than $MIN_PROVED proved"; exit 1; }

python3 "$ROOT/tools/prove_crosscheck.py" "$schema" "$pairs_dir/calcite_tests.json" \
  "$work/results.json" --rounds 20 || { echo "FAIL: a proved pair differs on SQLite"; exit 1; }

# Pairs refuted: each counterexample, loaded into Python's SQLite, shows the difference.
python3 - "$ROOT/tools" "$schema" "$pairs_dir/calcite_tests.json" "$work/results.json" <<'PY' ||
import importlib.util, json, sqlite3, sys
spec = importlib.util.spec_from_file_location("crosscheck", sys.argv[1] + "/prove_crosscheck.py")
crosscheck = importlib.util.module_from_spec(spec)
spec.loader.exec_module(crosscheck)
schema_sql = open(sys.argv[2]).read()
pairs = {p["name"]: p for p in json.load(open(sys.argv[3]))}
refuted = [r for r in json.load(open(sys.argv[4]))["pairs"] if r["result"] == "not equivalent"]
for r in refuted:
    db = sqlite3.connect(":memory:")
    db.executescript(schema_sql)
    for statement in r["counterexample"]["sql"]:
        db.execute(statement)
    p = pairs[r["name"]]
    if crosscheck.bag(db, p["q1"]) == crosscheck.bag(db, p["q2"]):
        sys.exit(f"FAIL: the counterexample of {r['name']} does not reproduce")
print(f"refuted pairs: {len(refuted)}, every counterexample reproduces")
if len(refuted) < 20:
    sys.exit("FAIL: fewer than 20 Calcite pairs refuted")
PY
  exit 1

python3 "$ROOT/tools/prove_mutants.py" "$schema" "$pairs_dir/calcite_tests.json" \
  "$work/results.json" >"$work/mutants.json"
"$prove" --schema "$schema" --pairs "$work/mutants.json" --json >"$work/mutant_results.json" ||
  { echo "FAIL: eriq-prove exited $? on the mutants"; exit 1; }
python3 - "$work/mutant_results.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
wrong = [p["name"] for p in r["pairs"] if p["result"] == "proved"]
refuted = [p for p in r["pairs"] if p["result"] == "not equivalent"]
print(f"broken copies: {r['total']}, proved: {len(wrong)}, refuted with a counterexample: "
      f"{len(refuted)}")
if r["total"] < 50:
    sys.exit("FAIL: too few broken copies to mean anything")
if wrong:
    sys.exit("FAIL: proved broken copies: " + ", ".join(wrong))
if any(not p["counterexample"]["sql"] and p["counterexample"]["rows"] for p in refuted):
    sys.exit("FAIL: a counterexample without its rows")
# Each copy differs from its original on some small random database (prove_mutants.py checked),
# so the search should find one for nearly all of them.
if len(refuted) < 0.9 * r["total"]:
    sys.exit("FAIL: fewer than 90% of the broken copies refuted")
PY
