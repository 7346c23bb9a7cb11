#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1 with a private data directory on tmpfs.
# Prints shell assignments (ERIQ_POSTGRES_PID, ERIQ_POSTGRES_PORT, ERIQ_POSTGRES_DIR,
# ERIQ_POSTGRES_URL) for `eval`. Stop it with tools/stop-postgres.sh (stops exactly that
# server, removes the directory). initdb refuses to run as root, so as root the server runs
# as the `postgres` user that Debian's postgresql package creates.
#   tools/start-postgres.sh          the newest server Debian installed
#   tools/start-postgres.sh BINDIR   the server binaries in BINDIR (initdb, pg_ctl, postgres):
#                                    a rung of the PostgreSQL version ladder (tools/ladder.sh)
set -euo pipefail

bindir=${1:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "start-postgres: no PostgreSQL server found ${1:-under /usr/lib/postgresql}" >&2
  exit 1
fi
# psql (to create eriq's role) from the same folder, else Debian's client.
psql=$bindir/psql
[ -x "$psql" ] || psql=$(ls -d /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -1)

base=${ERIQ_TMPFS:-/dev/shm}
[ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
dir=$(mktemp -d "$base/eriq-postgres.XXXXXX")

free_port() {
  python3 - <<'PY' 2>/dev/null || echo $((20000 + RANDOM % 20000))
import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()
PY
}
# Always a free port of its own, never an inherited ERIQ_POSTGRES_PORT (a shared server's).
port=$(free_port)

run_as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$dir"
  run_as=(runuser -u postgres --)
fi

# On any failure below, leave no server and no directory behind.
started=
cleanup_on_failure() {
  if [ -n "$started" ]; then
    "${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" stop -m immediate >/dev/null 2>&1
  fi
  rm -rf "$dir"
}
trap 'status=$?; [ "$status" = 0 ] || cleanup_on_failure' EXIT

# The superuser only logs in over the private socket directory (trust); TCP connections
# on 127.0.0.1 always need a password.
"${run_as[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -E UTF8 --locale=C \
  --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2; exit 1; }

server_options="-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=100"
# A throwaway server needs no crash safety.
server_options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
"${run_as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 -o "$server_options" \
  start >/dev/null || { cat "$dir/log" >&2; exit 1; }
started=1
pid=$(head -1 "$dir/data/postmaster.pid")

pass=eriq-test-pw
"${run_as[@]}" "$psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres \
  -d postgres -c "CREATE ROLE eriq LOGIN CREATEDB PASSWORD '$pass'" >/dev/null

echo "ERIQ_POSTGRES_PID=$pid"
echo "ERIQ_POSTGRES_PORT=$port"
echo "ERIQ_POSTGRES_DIR=$dir"
echo "ERIQ_POSTGRES_URL=postgres://eriq:$pass@127.0.0.1:$port/eriq_test"
