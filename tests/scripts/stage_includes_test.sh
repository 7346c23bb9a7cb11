#!/usr/bin/env bash
# tools/check_stage_includes.py: the real tree passes; a copy of src/ with one wrong-way
# include (oracle -> exec) fails, naming the file, the line and the forbidden stage; a folder
# missing from the graph fails too.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
check=("python3" "$ROOT/tools/check_stage_includes.py" --graph "$ROOT/tools/stage_graph.txt")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"${check[@]}" --src "$ROOT/src" 2>"$work/real.err" || fail "real tree: $(cat "$work/real.err")"
[ ! -s "$work/real.err" ] || fail "real tree printed: $(cat "$work/real.err")"

cp -r "$ROOT/src" "$work/src"
target=$work/src/oracle/classify.cpp
line=$(($(grep -n '^#include "' "$target" | tail -1 | cut -d: -f1) + 1))
sed -i "${line}i #include \"exec/backend.hpp\"" "$target"
if "${check[@]}" --src "$work/src" 2>"$work/bad.err"; then fail "wrong-way include passed"; fi
expected="$target:$line: error: stage 'oracle' may not include 'exec'"
grep -qF "$expected" "$work/bad.err" || fail "want '$expected', got: $(cat "$work/bad.err")"
[ "$(wc -l <"$work/bad.err")" -eq 1 ] || fail "one error expected: $(cat "$work/bad.err")"

# The same include from the engine, which may use every stage, passes.
sed -i "${line}d" "$target"
sed -i '1a #include "exec/backend.hpp"' "$work/src/engine/worker.cpp"
"${check[@]}" --src "$work/src" 2>"$work/engine.err" || fail "engine: $(cat "$work/engine.err")"

mkdir "$work/src/extra"
if "${check[@]}" --src "$work/src" 2>"$work/extra.err"; then fail "unknown folder passed"; fi
grep -qF "folder 'extra' is not a stage" "$work/extra.err" || fail "got: $(cat "$work/extra.err")"
echo "stage includes: checks pass"
