#!/usr/bin/env bash
# Benchmark of eriq's own cost around the DBMS. Runs fixed-seed campaigns on
# SQLite :memory: and on a throwaway MariaDB (tmpfs), and prints per target:
#   cases/s, statements/s, the share of wall time inside the driver,
#   the floor: the same statement stream replayed by eriq-replay, a minimal
#   loop straight through the driver (statements/s), and eriq's share of it,
#   the speedup of --jobs 2 over --jobs 1,
#   resident memory of a longer SQLite campaign (first/last/max sample).
# Usage: tools/bench.sh            (CASES=4000 MARIADB_CASES=3000 RSS_MINUTES=3 by default)
#        RSS_MINUTES=30 tools/bench.sh   for the 30-minute memory check
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --server >/dev/null

cases=${CASES:-4000}
mcases=${MARIADB_CASES:-3000}
rss_minutes=${RSS_MINUTES:-3}
seed=${SEED:-7}
work=$(mktemp -d)
eval "$(tools/start-mariadb.sh)"
trap 'tools/stop-mariadb.sh "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"; rm -rf "$work"' EXIT
base_url=${ERIQ_MARIADB_URL%/*}

field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
campaign() {  # name, then eriq-gen arguments
  local name=$1; shift
  build/eriq-gen --quiet --seed "$seed" --out "$work/$name" "$@"
}
report() {  # label, campaign name, floor statements/s or "-", jobs-1 cases/s or "-"
  local s="$work/$2/summary.json"
  python3 - "$1" "$s" "$3" "$4" <<'PY'
import json, sys
label, path, floor, base = sys.argv[1:5]
s = json.load(open(path))
sps = s["statements"] / s["wall_seconds"]
# driver_seconds sums all workers: compare with the workers' total wall time.
inside = s["driver_seconds"] / (s["wall_seconds"] * s["workers"])
line = f"| {label} | {s['workers']} | {s['cases']} | {s['cases_per_second']:.1f} | {sps:.0f} | {100 * inside:.1f}% | {100 * (1 - inside):.1f}% |"
line += f" {float(floor):.0f} ({100 * sps / float(floor):.0f}%) |" if floor != "-" else " - |"
line += f" {s['cases_per_second'] / float(base):.2f}x |" if base != "-" else " - |"
print(line)
PY
}

echo "eriq benchmark, seed $seed, $(nproc) cores, $(date -u +%F)"
echo
echo "| target | jobs | cases | cases/s | statements/s | in driver (per worker) | eriq's own share | floor statements/s (eriq's % of it) | speedup |"
echo "|---|---|---|---|---|---|---|---|---|"

campaign s1 --cases "$cases" --log-statements "$work/s1.log"
floor=$(build/eriq-replay sqlite sqlite::memory: "$work/s1.log" | python3 -c "import json,sys; print(json.load(sys.stdin)['statements_per_second'])")
report "SQLite :memory:" s1 "$floor" -
campaign s2 --cases "$cases" --jobs 2
report "SQLite :memory:" s2 - "$(field "$work/s1/summary.json" cases_per_second)"

campaign m1 --dialect mariadb --connect "$base_url/eriq_bench" --cases "$mcases" --log-statements "$work/m1.log"
floor=$(build/eriq-replay mariadb "$base_url/eriq_bench" "$work/m1.log" | python3 -c "import json,sys; print(json.load(sys.stdin)['statements_per_second'])")
report "MariaDB $(field "$work/m1/summary.json" server_version | cut -d- -f1)" m1 "$floor" -
campaign m2 --dialect mariadb --connect "$base_url/eriq_bench" --cases "$mcases" --jobs 2
report "MariaDB" m2 - "$(field "$work/m1/summary.json" cases_per_second)"

echo
echo "Resident memory of a ${rss_minutes}-minute SQLite campaign (sampled every 10 s):"
build/eriq-gen --quiet --seed "$seed" --time "${rss_minutes}m" --out "$work/rss" &
pid=$!
samples=()
while kill -0 "$pid" 2>/dev/null; do
  sleep 10
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$rss" ] && samples+=("$rss")
done
wait "$pid" || true
python3 - "${samples[@]}" <<'PY'
import sys
kb = [int(x) for x in sys.argv[1:]]
if not kb:
    print("no samples"); sys.exit()
first, last, peak = kb[0], kb[-1], max(kb)
print(f"  first {first} KiB, last {last} KiB, max {peak} KiB over {len(kb)} samples: "
      f"{100 * (last - first) / first:+.1f}% from first to last")
PY
