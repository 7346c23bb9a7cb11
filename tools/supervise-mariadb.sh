#!/usr/bin/env bash
# Keeps a throwaway MariaDB started by tools/start-mariadb.sh running through a long
# campaign: when the server crashes (eriq writes a server_fault finding and reconnects with
# backoff), it is restarted on its data directory and port. Runs until killed.
#   tools/supervise-mariadb.sh DIR PORT [SECONDS_BETWEEN_CHECKS]
set -uo pipefail
dir=${1:?directory}
port=${2:?port}
every=${3:-2}
cd "$(dirname "$0")/.."
while sleep "$every"; do
  pid=$(cat "$dir/mysqld.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then continue; fi
  echo "supervise-mariadb: server on port $port is down; restarting" >&2
  tools/start-mariadb.sh --restart "$dir" "$port" >/dev/null || echo "supervise-mariadb: restart failed" >&2
done
