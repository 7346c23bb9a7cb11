#!/usr/bin/env bash
# Every ctest test carries exactly one of the labels unit, engine, script, lint (slurm may be
# added to script) and a timeout of at most 600 s: tools/sanitize.sh selects its tests by
# label (-LE 'lint|script'), and one hung test must not eat the CI budget. Reads the test list
# of the build that runs this test (the folder of ERIQ_BIN).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
build=$(dirname "${ERIQ_BIN:-$ROOT/build/eriq-gen}")
[ -f "$build/CTestTestfile.cmake" ] || { echo "FAIL: no ctest build folder at $build"; exit 1; }
ctest --test-dir "$build" --show-only=json-v1 >"$build/test-list.json" || {
  echo "FAIL: ctest --show-only=json-v1 failed"
  exit 1
}
python3 - "$build/test-list.json" <<'PY'
import json, sys
tests = json.load(open(sys.argv[1]))["tests"]
kinds = {"unit", "engine", "script", "lint"}
problems, count = [], {}
for t in tests:
    props = {p["name"]: p["value"] for p in t.get("properties", [])}
    labels = set(props.get("LABELS", []))
    main = labels & kinds
    if len(main) != 1 or labels - kinds - {"slurm"} or ("slurm" in labels and main != {"script"}):
        problems.append(f"{t['name']}: labels {sorted(labels)}")
    timeout = float(props.get("TIMEOUT", 0))
    if not 0 < timeout <= 600:
        problems.append(f"{t['name']}: timeout {timeout:g} s (must be 1 to 600)")
    for k in main:
        count[k] = count.get(k, 0) + 1
for p in problems:
    print("FAIL:", p)
# The selection must not be empty: the test list is what it claims to be.
for kind, least in (("unit", 100), ("engine", 3), ("script", 10), ("lint", 3)):
    if count.get(kind, 0) < least:
        print(f"FAIL: {count.get(kind, 0)} tests labelled {kind}, expected at least {least}")
        problems.append(kind)
if problems:
    sys.exit(1)
print("PASS:", ", ".join(f"{k} {v}" for k, v in sorted(count.items())), f"of {len(tests)} tests")
PY
