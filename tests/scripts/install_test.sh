#!/usr/bin/env bash
# `cmake --install` into a temporary prefix puts eriq-gen and eriq-prove into bin/ and the
# data into share/eriq/; the installed tree works after it is moved elsewhere, run from another
# folder: a campaign of 20 cases, triage with the installed known bugs. It reads its data from
# the installed tree and not from the source tree it was built from: with the source tree
# hidden (a tmpfs over it, where unshare -m is allowed), and by removing an installed file,
# which must then be missing. ERIQ_DATA_DIR points it at another copy.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$ROOT/build/eriq-gen}
build=$(dirname "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ERIQ_CACHE_DIR=$work/cache

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
  fail "cmake --install: $(tail -3 "$work/install.log")"
for f in bin/eriq-gen bin/eriq-prove share/eriq/dialects/sqlite.toml share/eriq/grammars/sqlite.toml \
  share/eriq/rules/repr.toml share/eriq/known-bugs/sqlite.toml; do
  [ -e "$work/prefix/$f" ] || fail "$f not installed"
done
# Every known bug's case is installed where the entry names it.
for c in $(sed -n 's/^case = "\(.*\)"/\1/p' "$work"/prefix/share/eriq/known-bugs/*.toml); do
  [ -f "$work/prefix/share/eriq/$c" ] || fail "known bug case $c not installed"
done
mv "$work/prefix" "$work/moved"
gen=$work/moved/bin/eriq-gen
mkdir "$work/elsewhere"
cd "$work/elsewhere" || exit 1

# Runs a 20-case campaign into $1 and checks that it ran them.
campaign() {
  "$gen" --seed 3 --cases 20 --reduce off --out "$1" --quiet >"$1.log" 2>&1 ||
    fail "campaign into $1 exited $?: $(tail -3 "$1.log")"
  python3 -c 'import json, sys
s = json.load(open(sys.argv[1] + "/summary.json"))
assert s["cases"] >= 20, s["cases"]' "$1" || fail "campaign into $1 ran fewer than 20 cases"
}
campaign out
"$gen" triage out >triage.log 2>&1 || fail "triage of the installed eriq: $(tail -3 triage.log)"

if unshare -m true 2>/dev/null; then
  # The source tree (and the build tree inside it) hidden behind an empty tmpfs.
  unshare -m bash -c "mount -t tmpfs none '$ROOT' && [ ! -e '$ROOT/dialects' ] &&
    '$gen' --seed 3 --cases 20 --reduce off --out hidden --quiet" >hidden.log 2>&1 ||
    fail "the installed eriq-gen failed with the source tree hidden: $(tail -3 hidden.log)"
  grep -q '"cases": *[0-9]' hidden/summary.json 2>/dev/null || fail "no summary with the source tree hidden"
else
  echo "note: unshare -m not allowed here; the source tree stays visible"
fi

# An installed file that is missing is missing: eriq-gen does not fall back to the source tree.
cp -r "$work/moved/share/eriq" "$work/data-copy"
rm "$work/moved/share/eriq/grammars/sqlite.toml"
if "$gen" --seed 3 --cases 20 --out missing --quiet >missing.log 2>&1; then
  fail "a campaign ran without the installed grammars/sqlite.toml"
fi
grep -q "sqlite.toml" missing.log || fail "the error does not name the missing grammar: $(cat missing.log)"

# ERIQ_DATA_DIR overrides the installed folder.
ERIQ_DATA_DIR=$work/data-copy campaign override
echo "PASS: installed into a prefix, moved, ran 20 cases from another folder on its own data"
