#!/usr/bin/env bash
# Kills the MariaDB server in the middle of a campaign and starts it again:
# the campaign must record a server-fault finding, reconnect and go on, and
# every finding written before the kill must still be complete, valid JSON.
# Uses its own server (never the one other tests share). Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
# shellcheck source=lib/own_mariadb.sh
. "$root/tests/scripts/lib/own_mariadb.sh"

start_own_mariadb
server_pid=$ERIQ_MARIADB_PID
cleanup() { "$root/tools/stop-mariadb.sh" "$server_pid" "$ERIQ_MARIADB_DIR"; rm -rf "$work"; }
work=$(mktemp -d)
trap cleanup EXIT
url=${ERIQ_MARIADB_URL%/*}/eriq_kill

# Spatial off: ST_Distance crashes MariaDB 10.11.19 on some plans, and this test's
# fault must be the kill below, not a crash of the server's own.
"$bin" --dialect mariadb --connect "$url" --seed 5 --time 25s --weight family_spatial=0 \
  --out "$work/out" >"$work/log" 2>&1 &
eriq=$!
sleep 8
kill -0 "$eriq" 2>/dev/null || fail "eriq-gen ended early: $(cat "$work/log")"
# Findings complete before the kill; they must survive it unchanged.
before=$(cd "$work/out" && ls -d [0-9]*-* 2>/dev/null | grep -v '\.tmp$' || true)
(cd "$work/out" && for d in $before; do sha1sum "$d"/*; done) >"$work/before.sha1" 2>/dev/null

kill -9 "$server_pid" || fail "the server was not running at the kill: $(tail -5 "$work/log")"
sleep 3
restart_own_mariadb || fail "cannot restart MariaDB"
server_pid=$ERIQ_MARIADB_PID

wait "$eriq"
status=$?
cat "$work/log" | tail -15
[ "$status" = 0 ] || fail "eriq-gen exited $status"
summary="$work/out/summary.json"
python3 -m json.tool "$summary" >/dev/null || fail "summary.json is not valid JSON"
faults=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['server_faults'])" "$summary")
[ "$faults" -ge 1 ] ||
  fail "no server fault recorded: $(grep -E 'reduc|reconnect|fault|lost|reach' "$work/log" | tail -20)"
grep -q "reconnected" "$work/log" || fail "no reconnect in the log"
# Cases after the reconnect: the log shows progress after it.
after=$(sed -n '/reconnected/,$p' "$work/log" | grep -c 'cases ')
[ "$after" -ge 1 ] || fail "no progress after the reconnect"
grep -l '"verdict": "server_fault"' "$work"/out/*/report.json >/dev/null || fail "no server-fault report"
for f in "$work"/out/*/report.json; do python3 -m json.tool "$f" >/dev/null || fail "$f is not valid JSON"; done
# No finding may have been complete at the kill (a slow machine): nothing to compare then, and
# sha1sum -c fails on an empty list.
if [ -s "$work/before.sha1" ]; then
  (cd "$work/out" && sha1sum -c --quiet "$work/before.sha1") || fail "a finding written before the kill changed"
fi
ls "$work/out" | grep -q '\.tmp' && fail "a half-written report was left behind"
echo "server faults: $faults; findings before the kill: $(echo "$before" | grep -c . || true); reports now: $(ls -d "$work"/out/*/ | wc -l)"
echo PASS
