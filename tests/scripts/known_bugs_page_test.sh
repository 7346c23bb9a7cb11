#!/usr/bin/env bash
# docs/known-bugs.md is exactly what tools/known-bugs-table.py prints from known-bugs/*.toml,
# and lists every bug of those files that is not marked not_a_bug.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
python3 tools/known-bugs-table.py >"$fresh" || { echo "FAIL: tools/known-bugs-table.py failed"; exit 1; }
if ! diff -u docs/known-bugs.md "$fresh"; then
  echo "FAIL: docs/known-bugs.md is stale: python3 tools/known-bugs-table.py > docs/known-bugs.md"
  exit 1
fi
listed=$(awk '/^\|---/ { table = 1; next } table && /^\| / { n++ } END { print n + 0 }' docs/known-bugs.md)
expected=$(python3 -c 'import glob, tomllib
print(sum(1 for f in glob.glob("known-bugs/*.toml")
          for b in tomllib.load(open(f, "rb")).get("bug", []) if b["status"] != "not_a_bug"))')
[ "$listed" = "$expected" ] && [ "$listed" -gt 0 ] || {
  echo "FAIL: docs/known-bugs.md lists $listed bugs, known-bugs/ has $expected"
  exit 1
}
echo "PASS: docs/known-bugs.md lists the $listed bugs of known-bugs/"
