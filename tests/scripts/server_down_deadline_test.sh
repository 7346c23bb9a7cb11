#!/usr/bin/env bash
# A server that goes away must not hold a campaign past its budget: with --time 8s and
# the MariaDB server killed after 3 s (and not restarted), the run still ends at about
# 8 s with exit 0, the server fault recorded and a complete summary.json; a run whose
# server never answers ends within a second of SIGINT while it waits to reconnect.
# Uses its own server (never the one other tests share). Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
# shellcheck source=lib/own_mariadb.sh
. "$root/tests/scripts/lib/own_mariadb.sh"
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

start_own_mariadb
server_pid=$ERIQ_MARIADB_PID
work=$(mktemp -d)
cleanup() { "$root/tools/stop-mariadb.sh" "$server_pid" "$ERIQ_MARIADB_DIR"; rm -rf "$work"; }
trap cleanup EXIT
url=${ERIQ_MARIADB_URL%/*}/eriq_deadline

t0=$(now_ms)
"$bin" --dialect mariadb --connect "$url" --seed 5 --time 8s --weight family_spatial=0 \
  --out "$work/out" >"$work/log" 2>&1 &
eriq=$!
sleep 3
kill -0 "$eriq" 2>/dev/null || fail "eriq-gen ended early: $(cat "$work/log")"
kill -9 "$server_pid" || fail "the server was not running at the kill"
wait "$eriq"
status=$?
elapsed=$(( $(now_ms) - t0 ))
tail -4 "$work/log"
[ "$status" = 0 ] || fail "eriq-gen exited $status"
[ "$elapsed" -lt 9500 ] || fail "an 8-second run lasted $elapsed ms"
grep -q "retrying" "$work/log" || fail "no reconnect attempt in the log"
python3 - "$work/out/summary.json" <<'PY' || fail "bad summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["server_faults"] >= 1 and s["cases"] > 0 and s["wall_seconds"] < 9, s
PY
echo "server killed: the 8-second run ended after $elapsed ms"

# The port of the dead server: every connection attempt is refused.
"$bin" --dialect mariadb --connect "$url" --time 5m --out "$work/never" >"$work/never.log" 2>&1 &
eriq=$!
for _ in $(seq 60); do grep -qs "retrying" "$work/never.log" && break; sleep 0.1; done
grep -q "retrying" "$work/never.log" || fail "no retry: $(cat "$work/never.log")"
t0=$(now_ms)
kill -INT "$eriq"
wait "$eriq"
status=$?
elapsed=$(( $(now_ms) - t0 ))
[ "$status" = 0 ] || fail "SIGINT while reconnecting: exit $status: $(cat "$work/never.log")"
[ "$elapsed" -lt 1000 ] || fail "SIGINT while reconnecting: took $elapsed ms"
[ -f "$work/never/summary.json" ] || fail "SIGINT while reconnecting: no summary.json"
echo "SIGINT while reconnecting: ended after $elapsed ms"
echo PASS
