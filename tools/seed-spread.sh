#!/usr/bin/env bash
# Campaign speed across seeds: a SECONDS-long SQLite :memory: campaign for each of the seeds
# 1..SEEDS, printing per seed the cases/s, the derivations redrawn for their cost and how far
# the campaign overran its budget; then the median and the slowest seed and their ratio (the
# target: the slowest at least a third of the median) and the largest overrun (at most 1 s).
# Usage: tools/seed-spread.sh   (SECONDS_PER_SEED=10 SEEDS=8 JOBS=1; ERIQ_BIN=build/eriq-gen;
#        extra eriq-gen arguments after --, e.g. -- --weight case_cost_max_thousands=0)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${ERIQ_BIN:-build/eriq-gen}
seconds=${SECONDS_PER_SEED:-10}
seeds=${SEEDS:-8}
jobs=${JOBS:-1}
[ "${1:-}" = -- ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for seed in $(seq 1 "$seeds"); do
  "$bin" --time "${seconds}s" --seed "$seed" --jobs "$jobs" --out "$work/$seed" --quiet "$@" \
    >/dev/null 2>"$work/$seed.log" || { echo "seed $seed failed: $(tail -2 "$work/$seed.log")"; exit 1; }
done
python3 - "$work" "$seeds" "$seconds" <<'PY'
import json, statistics, sys
work, seeds, budget = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
rows = []
print(f"{'seed':>4} {'cases':>8} {'cases/s':>9} {'redrawn':>8} {'wall s':>7} {'overrun s':>9}")
for seed in range(1, seeds + 1):
    s = json.load(open(f"{work}/{seed}/summary.json"))
    rate = s["cases"] / s["wall_seconds"]
    overrun = max(0.0, s["wall_seconds"] - budget)
    rows.append((rate, overrun))
    print(f"{seed:>4} {s['cases']:>8} {rate:>9.1f} {s.get('cost_capped', 0):>8} "
          f"{s['wall_seconds']:>7.2f} {overrun:>9.2f}")
rates = [r for r, _ in rows]
median, worst = statistics.median(rates), min(rates)
print(f"median {median:.1f} cases/s, slowest {worst:.1f} ({worst / median:.2f} of the median), "
      f"largest overrun {max(o for _, o in rows):.2f} s")
PY
