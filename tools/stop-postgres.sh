#!/usr/bin/env bash
# Stops the server started by tools/start-postgres.sh (pg_ctl stop -m fast, or kill PID if
# that fails) and removes its directory.
#   tools/stop-postgres.sh PID DIR [BINDIR]   BINDIR: the one the server was started from
set -u
pid=${1:?pid}
dir=${2:?dir}
bindir=${3:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
run_as=()
[ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
if [ -n "$bindir" ] && [ -d "$dir/data" ]; then
  "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" stop -m fast -w -t 30 >/dev/null 2>&1 || true
fi
if kill -0 "$pid" 2>/dev/null; then
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
fi
case "$dir" in */eriq-postgres.*) rm -rf "$dir" ;; esac
