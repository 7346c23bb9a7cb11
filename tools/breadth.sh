#!/usr/bin/env bash
# Generation breadth on every live dialect: a campaign of DURATION per dialect with
# --stats, then per dialect the valid share (every variant succeeded), the coverage of
# productions, catalogue functions and type families, what was never generated and what
# the campaign down-weighted. MariaDB and PostgreSQL are throwaway servers started here;
# a MariaDB crash (eriq finds some) is a server-fault finding, and a watchdog restarts the
# server on its data so the campaign goes on.
# Usage: tools/breadth.sh                        (DURATION=10m, DIALECTS="sqlite mariadb postgres")
#        DURATION=2m DIALECTS=sqlite tools/breadth.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh --server >/dev/null

duration=${DURATION:-10m}
dialects=${DIALECTS:-sqlite mariadb postgres}
seed=${SEED:-1}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

cleanup() {
  [ -n "${watchdog:-}" ] && kill "$watchdog" 2>/dev/null || true
  [ -n "${ERIQ_MARIADB_PID:-}" ] && tools/stop-mariadb.sh "$(cat "$out/mariadb.pid")" "$ERIQ_MARIADB_DIR"
  [ -n "${ERIQ_POSTGRES_PID:-}" ] && tools/stop-postgres.sh "$ERIQ_POSTGRES_PID" "$ERIQ_POSTGRES_DIR"
  return 0
}
trap cleanup EXIT

for d in $dialects; do
  case $d in
    sqlite) args=() ;;
    mariadb)
      assignments=$(tools/start-mariadb.sh) || exit 1
      eval "$assignments"
      echo "$ERIQ_MARIADB_PID" >"$out/mariadb.pid"
      # Restarts the server whenever it dies; the campaign's workers reconnect with backoff.
      ( while sleep 1; do
          if ! kill -0 "$(cat "$out/mariadb.pid")" 2>/dev/null; then
            echo "breadth: MariaDB died; restarting it" >&2
            if assignments=$(tools/start-mariadb.sh --restart "$ERIQ_MARIADB_DIR" "$ERIQ_MARIADB_PORT"); then
              eval "$assignments"
              echo "$ERIQ_MARIADB_PID" >"$out/mariadb.pid"
            fi
          fi
        done ) &
      watchdog=$!
      args=(--dialect mariadb --connect "${ERIQ_MARIADB_URL%/*}/eriq_breadth") ;;
    postgres)
      assignments=$(tools/start-postgres.sh) || exit 1
      eval "$assignments"
      args=(--dialect postgres --connect "$ERIQ_POSTGRES_URL") ;;
    *) echo "breadth: no live server for dialect $d" >&2; exit 2 ;;
  esac
  echo "breadth: $d for $duration (seed $seed)" >&2
  build/eriq-gen --quiet --seed "$seed" --time "$duration" "${args[@]}" \
    --out "$out/$d" --stats "$out/$d.stats.json"
done

echo "eriq generation breadth, $duration per dialect, seed $seed, $(date -u +%F)"
echo
echo "| dialect | cases | valid share | productions | functions | type families | down-weighted |"
echo "|---|---|---|---|---|---|---|"
for d in $dialects; do
  python3 - "$d" "$out/$d/summary.json" "$out/$d.stats.json" <<'PY'
import json, sys
name, summary, stats = sys.argv[1:4]
s = json.load(open(summary)); t = json.load(open(stats))
def cov(k):
    c = t["coverage"][k]
    return f"{c['generated']}/{c['total']} ({100 * c['generated'] / max(c['total'], 1):.1f}%)"
print(f"| {name} | {s['cases']} | {100 * s['valid_share']:.1f}% | {cov('productions')} | "
      f"{cov('functions')} | {cov('types')} | {len(t['down_weighted'])} |")
PY
done
echo
for d in $dialects; do
  python3 - "$d" "$out/$d.stats.json" "$out/$d/summary.json" <<'PY'
import json, sys
name, stats, summary = sys.argv[1:4]
t = json.load(open(stats)); s = json.load(open(summary))
for k in ("productions", "functions", "types"):
    never = [n for n, c in t[k].items() if c["generated"] == 0]
    if never:
        print(f"{name}: {k} never generated: {', '.join(never)}")
low = [f"{d['kind']} {d['name']} ({d['invalid']}/{d['generated']})" for d in t["down_weighted"]]
if low:
    print(f"{name}: down-weighted: {', '.join(low)}")
print(f"{name}: findings {s['findings']}, server faults {s['server_faults']}, "
      f"{s['cases_per_second']:.0f} cases/s")
PY
done
echo
echo "reports and stats in $out"
