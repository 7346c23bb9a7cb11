#!/usr/bin/env bash
# Keeps a throwaway MariaDB started by tools/start-mariadb.sh running through a long
# campaign: when the server crashes (eriq writes a server_fault finding and reconnects with
# backoff), it is restarted on its data directory and port. A server whose process lives on
# but has answered no ping for HUNG_SECONDS (seen: a crash whose backtrace hangs, followed by a
# "Normal shutdown" that never ends) is killed and restarted too. Runs until killed.
#   tools/supervise-mariadb.sh DIR PORT [SECONDS_BETWEEN_CHECKS] [HUNG_SECONDS]
set -uo pipefail
dir=${1:?directory}
port=${2:?port}
every=${3:-2}
hung_after=${4:-30}
cd "$(dirname "$0")/.." || exit 1
silent_since=
while sleep "$every"; do
  pid=$(cat "$dir/mysqld.pid" 2>/dev/null || true)
  # A stale pid file may name another process by now: only a mariadbd counts as the server.
  if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mariadbd ]; then
    if mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot --connect-timeout=5 \
         ping >/dev/null 2>&1; then
      silent_since=
      continue
    fi
    now=$(date +%s)
    silent_since=${silent_since:-$now}
    [ $((now - silent_since)) -ge "$hung_after" ] || continue
    echo "supervise-mariadb: server on port $port (pid $pid) answers no ping for" \
         "${hung_after}s; killing it" >&2
    kill -9 "$pid" 2>/dev/null
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  fi
  silent_since=
  echo "supervise-mariadb: server on port $port is down; restarting" >&2
  tools/start-mariadb.sh --restart "$dir" "$port" >/dev/null || echo "supervise-mariadb: restart failed" >&2
done
