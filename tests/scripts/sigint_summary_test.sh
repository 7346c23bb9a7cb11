#!/usr/bin/env bash
# SIGINT stops a campaign cleanly: exit 0 and a complete summary.json.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" --seed 2 --time 60s --out "$work/out" >"$work/log" 2>&1 &
pid=$!
sleep 3
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" = 0 ] || { echo "FAIL: exit $status"; cat "$work/log"; exit 1; }
python3 - "$work/out/summary.json" <<'PY' || exit 1
import json, sys
s = json.load(open(sys.argv[1]))
assert s["cases"] > 0, s
assert s["wall_seconds"] < 30, s
print("cases", s["cases"], "wall", round(s["wall_seconds"], 1))
PY
echo PASS
