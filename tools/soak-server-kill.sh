#!/usr/bin/env bash
# Soak test: one eriq-gen campaign against a throwaway MariaDB that is killed with
# SIGKILL and restarted KILLS times. Checks that every finding written before each
# kill is byte-for-byte intact at the end, every report.json and summary.json is
# valid JSON, the summary's counts match the report folders, and the campaign exits 0.
#   tools/soak-server-kill.sh [KILLS] [SECONDS_BETWEEN_KILLS]     default 20 kills, 6 s
# Needs build/eriq-gen (or ERIQ_BIN) and mariadb-server. ERIQ_SOAK_JOBS: workers (2).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
kills=${1:-20}
between=${2:-6}
jobs=${ERIQ_SOAK_JOBS:-2}
fail() { echo "FAIL: $*"; [ -n "${work:-}" ] && tail -20 "$work/log"; exit 1; }
command -v mariadbd >/dev/null || fail "mariadbd not installed"
[ -x "$bin" ] || fail "no eriq-gen at $bin (build first)"

unset ERIQ_MARIADB_PID ERIQ_MARIADB_PORT ERIQ_MARIADB_DIR ERIQ_MARIADB_URL
assignments=$("$root/tools/start-mariadb.sh") || fail "cannot start MariaDB"
eval "$assignments"
server_pid=$ERIQ_MARIADB_PID
work=$(mktemp -d)
eriq=
cleanup() {
  [ -n "$eriq" ] && kill -9 "$eriq" 2>/dev/null
  cp "$ERIQ_MARIADB_DIR/error.log" "$work/mariadb-error.log" 2>/dev/null
  "$root/tools/stop-mariadb.sh" "$server_pid" "$ERIQ_MARIADB_DIR"
  [ -n "${ERIQ_SOAK_KEEP:-}" ] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT
out=$work/out

# Spatial off: ST_Distance crashes MariaDB 10.11 on some plans. Other crashes of its own (seed 7
# meets the <=> JSON_EXTRACT one) are restarted, counted, and reduced by the campaign meanwhile.
"$bin" --dialect mariadb --connect "${ERIQ_MARIADB_URL%/*}/eriq_soak" --seed "${ERIQ_SOAK_SEED:-7}" \
  --jobs "$jobs" --time 2h --weight family_spatial=0 --out "$out" >"$work/log" 2>&1 &
eriq=$!
start=$(date +%s)

# Records "folder/file sha1" of every finished finding folder; checked at the end.
snapshot() {
  (cd "$out" 2>/dev/null && for d in [0-9]*-*; do
    case "$d" in *.tmp | "[0-9]*-*") continue ;; esac
    sha1sum "$d"/*
  done) >>"$work/before.sha1" 2>/dev/null
  # Whole lines: a file whose bytes changed between snapshots keeps both lines, and fails.
  sort -u -o "$work/before.sha1" "$work/before.sha1"
}

# The campaign reduces the crashes it meets, so a query of its own may crash the restarted
# server again before the start script saw it answer: that start counts as done, and the
# loop below finds the server dead and restarts it as after any crash of its own.
restart() {
  local signals_before
  signals_before=$(grep -c "got signal" "$ERIQ_MARIADB_DIR/error.log" 2>/dev/null)
  if assignments=$("$root/tools/start-mariadb.sh" --restart "$ERIQ_MARIADB_DIR" \
                   "$ERIQ_MARIADB_PORT" 2>"$work/start.err"); then
    eval "$assignments"
    server_pid=$ERIQ_MARIADB_PID
    return
  fi
  [ "$(grep -c "got signal" "$ERIQ_MARIADB_DIR/error.log")" -gt "${signals_before:-0}" ] ||
    { cat "$work/start.err"; fail "cannot restart MariaDB ($1)"; }
  server_pid=$(sed -n 's/.* as process \([0-9]*\)$/\1/p' "$ERIQ_MARIADB_DIR/error.log" | tail -1)
  echo "restart ($1): the server crashed again at once"
}

# A generated query may crash MariaDB by itself (a real server bug, reported as a
# server fault like our kills): such a crash is restarted and counted, not a failure.
own_crashes=0
survived=0
for i in $(seq 1 "$kills"); do
  sleep $((between - 1 + RANDOM % 3))
  kill -0 "$eriq" 2>/dev/null || fail "eriq-gen ended before kill $i"
  if ! kill -0 "$server_pid" 2>/dev/null; then
    own_crashes=$((own_crashes + 1))
    restart "after a crash of its own"
    sleep 2
  fi
  snapshot
  # The server may crash on its own while the snapshot is taken: then it is restarted like
  # after a kill.
  kill -9 "$server_pid" 2>/dev/null || own_crashes=$((own_crashes + 1))
  while kill -0 "$server_pid" 2>/dev/null; do sleep 0.1; done
  sleep 1
  restart "after kill $i"
  survived=$i
  echo "kill $i/$kills done ($(($(date +%s) - start)) s)"
done

# Let the workers reconnect and run cases again, then stop the campaign cleanly.
sleep "$between"
if ! kill -0 "$server_pid" 2>/dev/null; then
  own_crashes=$((own_crashes + 1))
  restart "after a crash of its own"
  sleep "$between"
fi
kill -0 "$eriq" 2>/dev/null || fail "eriq-gen ended after the last kill"
kill -INT "$eriq"
wait "$eriq"
status=$?
eriq=
[ "$status" = 0 ] || fail "eriq-gen exited $status"
tail -8 "$work/log"

# sha1sum -c fails on an empty list: a run whose findings all came after the last kill.
if [ -s "$work/before.sha1" ]; then
  (cd "$out" && sha1sum -c --quiet "$work/before.sha1") || fail "a finding written before a kill changed"
fi
reconnects=$(grep -c "reconnected" "$work/log")
figures=$(python3 - "$out" "$(wc -l <"$work/before.sha1")" <<'PY'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
summary = json.loads((out / "summary.json").read_text())
import re
assert not [d for d in out.iterdir() if ".tmp" in d.name], "half-written report folders left behind"
# Finding folders are NNNNNN-<signature>; runs/ holds each run's summary.
folders = sorted(d for d in out.iterdir() if d.is_dir() and re.match(r"\d{6,}-", d.name))
faults = 0
for d in folders:
    report = json.loads((d / "report.json").read_text())
    faults += report.get("verdict") == "server_fault"
index = (out / "index.jsonl").read_text().splitlines() if (out / "index.jsonl").exists() else []
for line in index:
    json.loads(line)
assert len(index) == len(folders), f"index.jsonl has {len(index)} lines, {len(folders)} folders"
assert summary["server_faults"] == faults, f"summary server_faults {summary['server_faults']}, folders {faults}"
assert summary["findings"] + faults == len(folders), \
    f"summary findings {summary['findings']} + faults {faults} != {len(folders)} folders"
print(f"reports {len(folders)} (findings {summary['findings']}, server faults {faults}), "
      f"cases {summary['cases']}, checked files from before kills {sys.argv[2]}")
PY
) || fail "report check"
echo "kills survived: $survived; server crashes of its own: $own_crashes; $figures;" \
  "reconnects logged: $reconnects; $(($(date +%s) - start)) s"
echo PASS
