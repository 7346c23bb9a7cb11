#!/usr/bin/env bash
# Benchmark of eriq's own cost around the DBMS. Runs fixed-seed campaigns on
# SQLite :memory: and on a throwaway MariaDB (tmpfs), and prints per target:
#   cases/s, statements/s, the share of wall time inside the driver,
#   the floor: the same statement stream replayed by eriq-replay, a minimal
#   loop straight through the driver (statements/s), and eriq's share of it,
#   the same SQLite campaign without generator threads, the speedup of --jobs 2 over --jobs 1,
#   and on SQLite the speedup of two separate
#   single-worker processes run at once (what the machine itself allows),
#   resident memory of a longer SQLite campaign (first/last/max sample).
# Every figure is the median of REPEAT runs of the same fixed-seed campaign.
# Usage: tools/bench.sh   (CASES=10000 MARIADB_CASES=3000 REPEAT=3 RSS_MINUTES=3 by default)
#        RSS_MINUTES=30 tools/bench.sh   for the 30-minute memory check
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --server >/dev/null

cases=${CASES:-10000}
mcases=${MARIADB_CASES:-3000}
repeat=${REPEAT:-3}
rss_minutes=${RSS_MINUTES:-3}
seed=${SEED:-7}
work=$(mktemp -d)
assignments=$(tools/start-mariadb.sh) || exit 1
eval "$assignments"
trap 'tools/stop-mariadb.sh "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"; rm -rf "$work"' EXIT
base_url=${ERIQ_MARIADB_URL%/*}

field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
campaign() {  # name, then eriq-gen arguments
  local name=$1; shift
  build/eriq-gen --quiet --seed "$seed" --out "$work/$name" "$@"
}
floor() {  # dialect, url, log: statements/s of the minimal replay loop
  build/eriq-replay "$1" "$2" "$3" | python3 -c "import json,sys; print(json.load(sys.stdin)['statements_per_second'])"
}
# Runs the same fixed-seed campaign $repeat times (interleaved with the floor replay when a
# log is given) and prints one table row from the medians: this machine's timings vary by
# up to a third from run to run.
measure() {  # label, jobs, dialect, url, cases, baseline cases/s or "-", then more eriq-gen arguments
  local label=$1 jobs=$2 dialect=$3 url=$4 n=$5 base=$6 i
  shift 6
  for i in $(seq "$repeat"); do
    local args=(--dialect "$dialect" --connect "$url" --cases "$n" --jobs "$jobs" "$@")
    if [ "$jobs" = 1 ]; then
      campaign "$label-$i" "${args[@]}" --log-statements "$work/$label.log"
      floor "$dialect" "$url" "$work/$label.log" >"$work/$label-$i.floor"
    else
      campaign "$label-$i" "${args[@]}"
    fi
  done
  python3 - "$label" "$work" "$repeat" "$base" <<'PY'
import json, statistics, sys, os
label, work, repeat, base = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
runs = [json.load(open(f"{work}/{label}-{i}/summary.json")) for i in range(1, repeat + 1)]
med = lambda xs: statistics.median(xs)
cps = med([r["cases_per_second"] for r in runs])
sps = med([r["statements"] / r["wall_seconds"] for r in runs])
# driver_seconds sums all workers: compare with the workers' total wall time.
inside = med([r["driver_seconds"] / (r["wall_seconds"] * r["workers"]) for r in runs])
floors = [float(open(f"{work}/{label}-{i}.floor").read()) for i in range(1, repeat + 1)
          if os.path.exists(f"{work}/{label}-{i}.floor")]
name = {"s0": "SQLite :memory:, --generator-thread off", "s1": "SQLite :memory:", "s2": "SQLite :memory:", "m1": "MariaDB " + runs[0]["server_version"].split("-")[0], "m2": "MariaDB"}[label]
line = f"| {name} | {runs[0]['workers']} | {runs[0]['cases']} | {cps:.1f} | {sps:.0f} | {100 * inside:.1f}% | {100 * (1 - inside):.1f}% |"
line += f" {med(floors):.0f} ({100 * sps / med(floors):.0f}%) |" if floors else " - |"
line += f" {cps / float(base):.2f}x |" if base != "-" else " - |"
print(line)
with open(f"{work}/{label}.cps", "w") as f:
    f.write(str(cps))
PY
}

echo "eriq benchmark, seed $seed, $(nproc) cores, $(date -u +%F), medians of $repeat runs"
echo
echo "| target | jobs | cases | cases/s | statements/s | in driver (per worker) | eriq's own share | floor statements/s (eriq's % of it) | speedup |"
echo "|---|---|---|---|---|---|---|---|---|"

measure s1 1 sqlite sqlite::memory: "$cases" -
# The same without generator threads: each worker generates its cases itself.
measure s0 1 sqlite sqlite::memory: "$cases" - --generator-thread off
measure s2 2 sqlite sqlite::memory: "$cases" "$(cat "$work/s1.cps")"
# The ceiling for --jobs 2 on this machine: two independent single-worker processes at once,
# each without a generator thread, as --jobs 2 runs on two cores.
for i in $(seq "$repeat"); do
  campaign "pair-a-$i" --cases "$cases" --generator-thread off & a=$!
  campaign "pair-b-$i" --cases "$cases" --generator-thread off
  wait "$a"
done
python3 - "$work" "$repeat" "$(cat "$work/s1.cps")" "$cases" <<'PY'
import json, statistics, sys
work, repeat, base, cases = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
combined = []
for i in range(1, repeat + 1):
    a = json.load(open(f"{work}/pair-a-{i}/summary.json"))
    b = json.load(open(f"{work}/pair-b-{i}/summary.json"))
    combined.append((a["cases"] + b["cases"]) / max(a["wall_seconds"], b["wall_seconds"]))
c = statistics.median(combined)
print(f"| SQLite, two separate processes at once (this machine's ceiling) | 2x1 | 2x{cases} | {c:.1f} | - | - | - | - | {c / base:.2f}x |")
PY
measure m1 1 mariadb "$base_url/eriq_bench" "$mcases" -
measure m2 2 mariadb "$base_url/eriq_bench" "$mcases" "$(cat "$work/m1.cps")"

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
# The allocator keeps freed heap (src/util/allocator_tuning.hpp), so resident memory climbs to
# its high-water mark in the first minute; flatness is judged from there to the end.
warm = kb[min(5, len(kb) - 1)]
first, last, peak = kb[0], kb[-1], max(kb)
print(f"  first {first} KiB, after 1 minute {warm} KiB, last {last} KiB, max {peak} KiB over "
      f"{len(kb)} samples: {100 * (last - warm) / warm:+.1f}% from 1 minute to the end")
PY
