#!/usr/bin/env bash
# eriq-prove on the 232 Calcite rewrite pairs (tests/data/calcite-pairs): at least MIN_PROVED
# are proved, none of the proved pairs gives different results on SQLite over random databases,
# and none of the deliberately broken copies of the proved pairs (tools/prove_mutants.py: SQLite shows each one differs) is proved.
set -uo pipefail
MIN_PROVED=128
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
