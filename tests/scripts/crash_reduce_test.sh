#!/usr/bin/env bash
# Reducing a crash: a MariaDB campaign records a server fault, a supervisor restarts the
# server (as systemd or mysqld_safe would), and `eriq-gen reduce` shrinks the case while the
# server keeps failing on it, waiting for each restart; replay says the reduced case makes the
# server fail again; a campaign reduces its own faults, but not one whose crash site (read from
# the server's log) is a known bug; the first SIGINT ends a crash reduction at once. Runs on
# its own throwaway server, which the cases kill.
# MariaDB 10.11.19 crashes in ST_Distance on seed 4's third case; a server without that bug
# has nothing to reduce and passes with a note. Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
# shellcheck source=lib/own_mariadb.sh
. "$root/tests/scripts/lib/own_mariadb.sh"

start_own_mariadb
work=$(mktemp -d)
echo "$ERIQ_MARIADB_PID" >"$work/pid"
supervise() {
  while [ ! -e "$work/stop" ]; do
    if ! kill -0 "$(cat "$work/pid")" 2>/dev/null; then
      (restart_own_mariadb &&
        echo "$ERIQ_MARIADB_PID" >"$work/pid.new" && mv "$work/pid.new" "$work/pid" &&
        echo restarted >>"$work/restarts") >/dev/null 2>&1
    fi
    sleep 0.2
  done
}
supervise &
supervisor=$!
cleanup() {
  touch "$work/stop"
  wait "$supervisor" 2>/dev/null
  "$root/tools/stop-mariadb.sh" "$(cat "$work/pid")" "$ERIQ_MARIADB_DIR"
  rm -rf "$work"
}
trap cleanup EXIT
# Waits until the (restarted) server accepts connections.
wait_for_server() {
  for _ in $(seq 1 300); do
    (exec 3<>"/dev/tcp/127.0.0.1/$ERIQ_MARIADB_PORT") 2>/dev/null && break
    sleep 0.2
  done
  sleep 1
}
url=${ERIQ_MARIADB_URL%/*}/eriq_crash_reduce

"$bin" --dialect mariadb --connect "$url" --seed 4 --cases 20 --reduce off --out "$work/out" \
  >"$work/campaign.log" 2>&1 || fail "campaign: $(tail -5 "$work/campaign.log")"
faults=$(grep -l "^pattern = 'server_fault'" "$work"/out/0*/finding.toml 2>/dev/null | head -1)
if [ -z "$faults" ]; then
  grep -q "server faults 0" "$work/campaign.log" || fail "a server fault without a report: $(tail -5 "$work/campaign.log")"
  echo "PASS (this server does not crash on seed 4: nothing to reduce)"
  exit 0
fi
finding=$(dirname "$faults")
grep -q "reconnected" "$work/campaign.log" || fail "the campaign did not reconnect: $(tail -5 "$work/campaign.log")"
cp -r "$finding" "$work/unreduced-fault"

"$bin" reduce "$finding" --connect "$url" --reduce-crash-time 60s --quiet >"$work/reduce.log" 2>&1 ||
  fail "reduce exited $?: $(tail -3 "$work/reduce.log")"
grep -q "the server fails on" "$work/reduce.log" || fail "no crash reduction: $(cat "$work/reduce.log")"
[ -f "$finding/reduced/case.toml" ] || fail "no reduced case"
python3 - "$finding" <<'PY' || exit 1
import sys, tomllib
d = sys.argv[1]
orig = tomllib.load(open(f"{d}/finding.toml", "rb"))
red = tomllib.load(open(f"{d}/reduced/finding.toml", "rb"))
assert red["pattern"] == "server_fault" and red["reduced"], red
size = lambda f: f["intermediate_chars"] + f["referencing_chars"]
assert size(red) < size(orig) / 2, (size(orig), size(red))
assert red["statements"] <= orig["statements"], (orig["statements"], red["statements"])
print(f"crash case {size(orig)} -> {size(red)} characters of I and Q, "
      f"{orig['statements']} -> {red['statements']} statements in {red['reduction_tests']} tests")
PY
[ "$(wc -l <"$work/restarts")" -ge 3 ] || fail "the server was restarted only $(wc -l <"$work/restarts") time(s)"

# Replay once the last restart is done: the reduced case makes the server fail again.
for _ in $(seq 1 100); do
  "$bin" replay "$finding/reduced" --connect "$url" >"$work/replay.log" 2>&1 && break
  sleep 0.3
done
grep -q "reproduces: the server fails again" "$work/replay.log" || fail "replay: $(cat "$work/replay.log")"

# A campaign reduces its own server faults (reduction is on by default): the same campaign
# again, and the fault's folder gets a reduced server_fault case less than half its size.
"$bin" --dialect mariadb --connect "$url" --seed 4 --cases 20 --reduce-crash-time 60s \
  --out "$work/out2" >"$work/campaign2.log" 2>&1 || fail "campaign 2: $(tail -5 "$work/campaign2.log")"
fault2=$(grep -l "^pattern = 'server_fault'" "$work"/out2/0*/finding.toml 2>/dev/null | head -1)
[ -n "$fault2" ] || fail "campaign 2 recorded no server fault: $(tail -5 "$work/campaign2.log")"
[ -f "$(dirname "$fault2")/reduced/finding.toml" ] ||
  fail "the campaign did not reduce its server fault: $(grep -i "fault\|reduc" "$work/campaign2.log" | tail -5)"
python3 - "$(dirname "$fault2")" <<'PY' || exit 1
import sys, tomllib
d = sys.argv[1]
orig = tomllib.load(open(f"{d}/finding.toml", "rb"))
red = tomllib.load(open(f"{d}/reduced/finding.toml", "rb"))
assert red["pattern"] == "server_fault" and red["reduced"], red
size = lambda f: f["intermediate_chars"] + f["referencing_chars"]
assert size(red) < size(orig) / 2, (size(orig), size(red))
print(f"campaign reduced its crash case {size(orig)} -> {size(red)} characters of I and Q")
PY

# The same campaign reading the server's log (--server-log): the fault is grouped by its crash
# site, which known-bugs/mariadb.toml lists, so the campaign records it without reducing it
# (no restarts spent on a known crash) and counts it in summary.json.
wait_for_server
"$bin" --dialect mariadb --connect "$url" --seed 4 --cases 20 --reduce-crash-time 60s \
  --server-log "$ERIQ_MARIADB_DIR/error.log" \
  --out "$work/out3" >"$work/campaign3.log" 2>&1 || fail "campaign 3: $(tail -5 "$work/campaign3.log")"
fault3=$(grep -l "^pattern = 'server_fault'" "$work"/out3/0*/finding.toml 2>/dev/null | head -1)
[ -n "$fault3" ] || fail "campaign 3 recorded no server fault: $(tail -5 "$work/campaign3.log")"
python3 - "$(dirname "$fault3")" "$work/out3/summary.json" <<'PY' || exit 1
import json, os, sys, tomllib
d, summary = sys.argv[1], json.load(open(sys.argv[2]))
orig = tomllib.load(open(f"{d}/finding.toml", "rb"))
assert orig["crash_frames"][0] == "Item_func_distance::val_real", orig.get("crash_frames")
assert orig["group_features"] == ["pattern:server_fault", "crash:Item_func_distance::val_real"], orig
assert not os.path.exists(f"{d}/reduced"), "a known crash was reduced"
assert summary["known_crashes_not_reduced"] >= 1, summary
print(f"campaign 3: {summary['known_crashes_not_reduced']} known crash(es) recorded, not reduced")
PY
grep -q "is the known crash mariadb-crash-distance-compared-with-view-column: not reduced" \
  "$work/campaign3.log" || fail "campaign 3 did not say the crash is known: $(tail -5 "$work/campaign3.log")"
# The crash site's group is a known bug of known-bugs/mariadb.toml.
"$bin" triage --json "$work/out3" >"$work/triage.json" || fail "triage of campaign 3"
python3 - "$work/triage.json" <<'PY' || exit 1
import json, sys
groups = json.load(open(sys.argv[1]))["groups"]
faults = [g for g in groups if g["pattern"] == "server_fault"]
assert faults and all(g["known_id"] == "mariadb-crash-distance-compared-with-view-column"
                      for g in faults), faults
print(f"triage: {len(faults)} server-fault group(s), known as {faults[0]['known_id']}")
PY

# Two folders in one command, last (its crashes must not overlap the campaigns above), once
# the server is back from a replay: the first folder's replay fails the server, and the
# second waits for its restart (the command used to end there with "cannot connect").
for _ in $(seq 1 100); do
  restarts_before=$(wc -l <"$work/restarts")
  "$bin" replay "$finding/reduced" --connect "$url" >"$work/replay.log" 2>&1 && break
  sleep 0.3
done
for _ in $(seq 1 200); do
  [ "$(wc -l <"$work/restarts")" -gt "$restarts_before" ] && break
  sleep 0.3
done
"$bin" replay "$finding/reduced" "$finding/reduced" --connect "$url" >"$work/replay2.log" 2>&1 ||
  fail "replay of two folders exited $?: $(cat "$work/replay2.log")"
[ "$(grep -c "reproduces: the server fails again" "$work/replay2.log")" -eq 2 ] ||
  fail "replay of two folders: $(cat "$work/replay2.log")"

# The first SIGINT ends a crash reduction within a second and a half, whether it is running a
# candidate or waiting for the restarted server; the folder keeps no half-written reduction.
# The last replay crashed the server.
wait_for_server
"$bin" reduce "$work/unreduced-fault" --connect "$url" --reduce-crash-time 60s >"$work/stop.log" 2>&1 &
reducer=$!
sleep 4
kill -0 "$reducer" 2>/dev/null || fail "the crash reduction ended before SIGINT: $(tail -3 "$work/stop.log")"
t0=$(date +%s%N)
kill -INT "$reducer"
wait "$reducer"
status=$?
elapsed_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ "$status" -ne 130 ] || fail "the first SIGINT killed the crash reduction (exit 130)"
[ "$elapsed_ms" -le 1500 ] || fail "the crash reduction took ${elapsed_ms} ms to end after SIGINT"
echo "SIGINT ended the crash reduction in ${elapsed_ms} ms (exit $status)"
echo PASS
