#!/usr/bin/env bash
# On the shared live MariaDB (ERIQ_MARIADB_URL): SIGINT while a statement runs for a
# minute kills that statement (KILL QUERY) and ends the run within about a second with
# a complete summary.json; a wrong password fails at once with exit 2 and a message
# that names authentication and not the password. Exit 77 = no server.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
if [ -z "${ERIQ_MARIADB_URL:-}" ]; then
  echo "SKIPPED: ERIQ_MARIADB_URL is not set (tools/start-mariadb.sh starts a server)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
url=${ERIQ_MARIADB_URL%/*}/eriq_stop
wrong_url=$(sed -E 's#//([^:/]+):[^@]*@#//\1:not-the-password-42@#' <<<"$url")

# Every intermediate query counts a 10^9-row cross join (minutes), never timed out.
"$bin" --dialect mariadb --connect "$url" --grammar "$root/tests/data/grammars/slow_mariadb.toml" \
  --weight slow=1000000 --statement-timeout 0 --time 5m --seed 1 --out "$work/out" >"$work/log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -qs "reports in" "$work/log" && break; sleep 0.05; done
sleep 2.5
kill -0 "$pid" 2>/dev/null || fail "eriq-gen ended early: $(cat "$work/log")"
t0=$(now_ms)
kill -INT "$pid"
wait "$pid"
status=$?
elapsed=$(( $(now_ms) - t0 ))
[ "$status" = 0 ] || fail "SIGINT: exit $status: $(cat "$work/log")"
[ "$elapsed" -lt 1500 ] || fail "SIGINT: the run took $elapsed ms to end"
python3 - "$work/out/summary.json" <<'PY' || fail "bad summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
assert s["run_id"] and s["driver_seconds"] > 1.5, s
assert "interrupted" not in s["discarded"], s["discarded"]
PY
if command -v mariadb >/dev/null; then
  # The killed statement no longer runs on the server.
  python3 - "$url" >"$work/client.cnf" <<'PY'
import sys, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
print(f"[client]\nhost={u.hostname}\nport={u.port}\nuser={u.username}\npassword={u.password}")
PY
  sleep 0.2
  running=$(mariadb --defaults-file="$work/client.cnf" -N -e \
    "SELECT COUNT(*) FROM information_schema.processlist WHERE db LIKE 'eriq_stop%' AND command = 'Query'")
  [ "$running" = 0 ] || fail "$running statement(s) of the run still on the server"
fi
echo "SIGINT: ended $elapsed ms after the signal with a summary; no statement left running"

t0=$(now_ms)
"$bin" --dialect mariadb --connect "$wrong_url" --time 60s --out "$work/auth" >"$work/auth.log" 2>&1
status=$?
elapsed=$(( $(now_ms) - t0 ))
[ "$status" = 2 ] || fail "wrong password: exit $status: $(cat "$work/auth.log")"
[ "$elapsed" -lt 5000 ] || fail "wrong password: took $elapsed ms"
grep -q "^eriq-gen: authentication failed: .*Access denied" "$work/auth.log" ||
  fail "wrong password: unclear message: $(cat "$work/auth.log")"
grep -q "not-the-password-42" "$work/auth.log" && fail "the password was printed"
echo "wrong password: exit 2 after $elapsed ms: $(tail -1 "$work/auth.log")"
echo PASS
