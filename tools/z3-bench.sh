#!/usr/bin/env bash
# Predicate sanity (--z3, issue 13 point 2) on embedded SQLite: the share of degenerate
# WHERE/ON/HAVING predicates the generator writes, cases/s of a campaign with and without --z3,
# and the share of cases whose I returns rows (each dry-run case's D and I run by Python's
# sqlite3) with and without --z3. Campaigns run with --reduce off: a finding of a --z3 campaign is
# reduced on replays that check their predicates again, which would dominate the time.
#   tools/z3-bench.sh [CASES] [SEED]   (default 2000 cases, seed 7)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
bin=${ERIQ_BIN:-$ROOT/build/eriq-gen}
cases=${1:-2000}
seed=${2:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$ROOT"

# Classification only (z3_redraw = 0 draws nothing, so the SQL is the plain generator's).
"$bin" --seed "$seed" --cases "$cases" --dry-run --z3 --weight z3_redraw=0 \
  >"$work/off.sql" 2>"$work/classes.txt"
"$bin" --seed "$seed" --cases "$cases" --dry-run --z3 >"$work/on.sql" 2>"$work/redraws.txt"
for mode in off on; do
  flag=$([ "$mode" = on ] && echo --z3 || true)
  "$bin" --seed "$seed" --cases "$cases" --quiet --reduce off --out "$work/out-$mode" $flag
done
python3 - "$work" <<'PY'
import json, re, sqlite3, sys
work = sys.argv[1]

def nonempty_share(path):
    """Share of the dry run's cases (one per Q line) whose I returns at least one row."""
    cases = nonempty = 0
    db, setup, current_i = None, [], None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("-- round "):
            db, setup = sqlite3.connect(":memory:"), []
        elif line.startswith("-- intermediate"):
            if setup:
                try:
                    db.executescript("\n".join(setup))
                except sqlite3.Error:
                    pass
                setup = []
        elif line.startswith("-- I: "):
            try:
                current_i = db.execute(f"SELECT 1 FROM ({line[6:]}) LIMIT 1").fetchone() is not None
            except sqlite3.Error:
                current_i = None
        elif re.match(r"-- Q\d+: ", line):
            if current_i is not None:
                cases += 1
                nonempty += current_i
        elif not line.startswith("--"):
            setup.append(line)
    return nonempty / cases if cases else 0.0, cases

def rate(mode):
    s = json.load(open(f"{work}/out-{mode}/summary.json"))
    return s["cases"] / s["wall_seconds"], s["cases"], s["wall_seconds"]

classes = open(f"{work}/classes.txt").read().strip()
redraws = open(f"{work}/redraws.txt").read().strip()
print("classification (no re-draw):", classes)
print("with re-draws:              ", redraws)
print()
print("| | cases/s (SQLite campaign) | cases with non-empty I |")
print("|---|---|---|")
for mode, label in (("off", "without --z3"), ("on", "with --z3")):
    r, n, secs = rate(mode)
    share, counted = nonempty_share(f"{work}/{mode}.sql")
    print(f"| {label} | {r:.1f} ({n} cases in {secs:.1f} s) | {100 * share:.1f}% of {counted} |")
PY
