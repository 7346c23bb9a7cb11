#!/usr/bin/env bash
# A test that starts a server of its own must never reuse, kill or remove the shared one,
# even when the shared server's variables are exported (as `set -a; . servers.env` does).
# Before the fix, start-mariadb.sh took the inherited ERIQ_MARIADB_PORT, failed to bind it,
# and `eval "$(start)"` left ERIQ_MARIADB_PID/DIR pointing at the shared server, which the
# server-kill tests then killed and removed. Here a sleeping process, a listening socket and
# a marked directory stand in for the shared server. Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=lib/own_mariadb.sh
. "$root/tests/scripts/lib/own_mariadb.sh"

work=$(mktemp -d)
sleep 300 &
shared_pid=$!
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
open(sys.argv[1], "w").write(str(s.getsockname()[1])); sys.stdout.flush(); time.sleep(300)' \
  "$work/port" &
listener=$!
shared_dir=$(mktemp -d /dev/shm/eriq-mariadb.XXXXXX 2>/dev/null || mktemp -d "$work/eriq-mariadb.XXXXXX")
echo keep >"$shared_dir/marker"
cleanup() { kill "$shared_pid" "$listener" 2>/dev/null; rm -rf "$work" "$shared_dir"; }
trap cleanup EXIT
for _ in $(seq 1 50); do [ -s "$work/port" ] && break; sleep 0.1; done
busy_port=$(cat "$work/port")

export ERIQ_MARIADB_PID=$shared_pid ERIQ_MARIADB_PORT=$busy_port ERIQ_MARIADB_DIR=$shared_dir
export ERIQ_MARIADB_URL="mysql://eriq:x@127.0.0.1:$busy_port/eriq_test"
(
  # The tool itself, with the shared variables still exported, picks a port of its own.
  assignments=$("$root/tools/start-mariadb.sh") || fail "start-mariadb.sh failed with a busy inherited port"
  eval "$assignments"
  "$root/tools/stop-mariadb.sh" "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"
  [ "$ERIQ_MARIADB_PORT" != "$busy_port" ] || fail "start-mariadb.sh took the inherited port"
  export ERIQ_MARIADB_PID=$shared_pid ERIQ_MARIADB_PORT=$busy_port ERIQ_MARIADB_DIR=$shared_dir
  start_own_mariadb
  [ "$ERIQ_MARIADB_PID" != "$shared_pid" ] || fail "the own server's PID is the shared one's"
  [ "$ERIQ_MARIADB_PORT" != "$busy_port" ] || fail "the own server took the shared port"
  [ "$ERIQ_MARIADB_DIR" != "$shared_dir" ] || fail "the own server took the shared directory"
  mariadb --no-defaults --socket="$ERIQ_MARIADB_DIR/mysqld.sock" -uroot -e 'SELECT 1' >/dev/null ||
    fail "the own server does not answer"
  kill -9 "$ERIQ_MARIADB_PID"
  sleep 1
  restart_own_mariadb || fail "cannot restart the own server"
  [ "$ERIQ_MARIADB_PID" != "$shared_pid" ] || fail "the restarted server's PID is the shared one's"
  "$root/tools/stop-mariadb.sh" "$ERIQ_MARIADB_PID" "$ERIQ_MARIADB_DIR"
) || exit 1
kill -0 "$shared_pid" 2>/dev/null || fail "the shared server's process was killed"
[ -e "$shared_dir/marker" ] || fail "the shared server's directory was removed"

# PostgreSQL: an inherited ERIQ_POSTGRES_PORT is ignored too.
if [ -d /usr/lib/postgresql ]; then
  assignments=$(ERIQ_POSTGRES_PORT=$busy_port "$root/tools/start-postgres.sh") ||
    fail "start-postgres.sh failed with a busy inherited port"
  eval "$assignments"
  "$root/tools/stop-postgres.sh" "$ERIQ_POSTGRES_PID" "$ERIQ_POSTGRES_DIR"
  [ "$ERIQ_POSTGRES_PORT" != "$busy_port" ] || fail "the own PostgreSQL took the shared port"
else
  echo "SKIPPED (PostgreSQL part): no server under /usr/lib/postgresql"
fi
echo PASS
