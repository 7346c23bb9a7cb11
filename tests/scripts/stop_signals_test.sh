#!/usr/bin/env bash
# SIGINT/SIGTERM on embedded SQLite while a statement runs for a minute: the first
# signal interrupts it, the run ends within a second with exit 0 and a complete
# summary.json; the --time deadline cuts such statements the same way. When a run
# cannot end, a second signal ends the process at once with 130 (SIGINT) or 143 (SIGTERM). The server backends have their own scripts (mariadb_stop_test.sh,
# postgres_stop_test.sh).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# Every intermediate query is a count to 300 million (seconds to minutes), never timed out.
start_slow_run() {
  "$bin" --grammar "$root/tests/data/grammars/slow_sqlite.toml" --weight slow=1000000 \
    --statement-timeout 0 --time 5m --seed 1 --out "$work/$1" >"$work/$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do grep -qs "reports in" "$work/$1.log" && break; sleep 0.05; done
  sleep 1.5  # inside the first slow statement by now
  kill -0 "$pid" 2>/dev/null || fail "$1: eriq-gen ended early: $(cat "$work/$1.log")"
}

# Sends the signals, waits; sets status and elapsed (ms from the first signal to exit).
stop_with() {
  local t0
  t0=$(now_ms)
  for s in "$@"; do kill -s "$s" "$pid"; done
  wait "$pid"
  status=$?
  elapsed=$(( $(now_ms) - t0 ))
}

start_slow_run one-sigint
stop_with INT
[ "$status" = 0 ] || fail "SIGINT: exit $status: $(cat "$work/one-sigint.log")"
[ "$elapsed" -lt 1000 ] || fail "SIGINT: the run took $elapsed ms to end"
python3 - "$work/one-sigint/summary.json" <<'PY' || fail "SIGINT: bad summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["run_id"] and s["wall_seconds"] < 10, s
assert "interrupted" not in s["discarded"], s["discarded"]
PY
echo "SIGINT: ended $elapsed ms after the signal with a summary"

start_slow_run one-sigterm
stop_with TERM
[ "$status" = 0 ] || fail "SIGTERM: exit $status"
[ "$elapsed" -lt 1000 ] || fail "SIGTERM: the run took $elapsed ms to end"
[ -f "$work/one-sigterm/summary.json" ] || fail "SIGTERM: no summary.json"
echo "SIGTERM: ended $elapsed ms after the signal with a summary"

# The --time deadline interrupts statements in flight too: two workers in minute-long
# statements, --time 3s.
t0=$(now_ms)
"$bin" --grammar "$root/tests/data/grammars/slow_sqlite.toml" --weight slow=1000000 \
  --statement-timeout 0 --jobs 2 --time 3s --seed 1 --out "$work/deadline" >"$work/deadline.log" 2>&1
status=$?
elapsed=$(( $(now_ms) - t0 ))
[ "$status" = 0 ] || fail "deadline: exit $status: $(cat "$work/deadline.log")"
[ "$elapsed" -lt 4500 ] || fail "deadline: a 3-second run lasted $elapsed ms"
[ -f "$work/deadline/summary.json" ] || fail "deadline: no summary.json"
echo "deadline: a 3-second run in minute-long statements ended after $elapsed ms"

# A run that cannot end by itself: its worker blocks opening a FIFO nobody reads (as a
# worker stuck in a driver call would). The first signal cannot end it; the second must.
start_stuck_run() {
  mkfifo "$work/$1.fifo"
  "$bin" --seed 1 --time 5m --log-statements "$work/$1.fifo" --out "$work/$1" >"$work/$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do grep -qs "reports in" "$work/$1.log" && break; sleep 0.05; done
  kill -s "$2" "$pid"
  sleep 0.5
  kill -0 "$pid" 2>/dev/null || fail "$1: the stuck run ended on the first signal"
}

start_stuck_run two-sigint INT
stop_with INT
[ "$status" = 130 ] || fail "second SIGINT: exit $status, not 130: $(cat "$work/two-sigint.log")"
[ "$elapsed" -lt 1000 ] || fail "second SIGINT: took $elapsed ms"
grep -q "second signal, exiting now" "$work/two-sigint.log" || fail "second SIGINT: no message"
echo "second SIGINT: exit 130 after $elapsed ms"

start_stuck_run two-sigterm TERM
stop_with TERM
[ "$status" = 143 ] || fail "second SIGTERM: exit $status, not 143"
[ "$elapsed" -lt 1000 ] || fail "second SIGTERM: took $elapsed ms"
echo "second SIGTERM: exit 143 after $elapsed ms"
echo PASS
