#!/usr/bin/env bash
# Starts a throwaway MariaDB server on 127.0.0.1 with a private data directory on tmpfs.
# Prints shell assignments (ERIQ_MARIADB_PID, ERIQ_MARIADB_PORT, ERIQ_MARIADB_DIR, ERIQ_MARIADB_URL)
# for `eval`. Stop it with tools/stop-mariadb.sh (kills exactly that PID, removes the directory).
# Restart a stopped or killed server on its old data and port (server-fault tests):
#   tools/start-mariadb.sh --restart DIR PORT
# A new server always gets a free port of its own: ERIQ_MARIADB_PORT in the environment
# (a shared server's) is ignored, so a test starting its own server never lands on, or
# later kills, the shared one.
set -euo pipefail

restart=
port=
if [ "${1:-}" = "--restart" ]; then
  restart=1
  dir=${2:?directory}
  port=${3:?port}
else
  base=${ERIQ_TMPFS:-/dev/shm}
  [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
  dir=$(mktemp -d "$base/eriq-mariadb.XXXXXX")
  mkdir -p "$dir/data"
fi

free_port() {
  python3 - <<'PY' 2>/dev/null || echo $((20000 + RANDOM % 20000))
import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()
PY
}
[ -n "$port" ] || port=$(free_port)

run_as=()
if [ "$(id -u)" = 0 ]; then
  chown -R mysql:mysql "$dir"
  run_as=(--user=mysql)
fi

if [ -z "$restart" ]; then
  mariadb-install-db --no-defaults "${run_as[@]}" --datadir="$dir/data" \
    --auth-root-authentication-method=normal >"$dir/install.log" 2>&1 || {
    cat "$dir/install.log" >&2; exit 1; }
fi

mariadbd --no-defaults "${run_as[@]}" --datadir="$dir/data" --port="$port" \
  --bind-address=127.0.0.1 --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
  --skip-log-bin --innodb-buffer-pool-size=256M --max-connections=200 \
  --log-error="$dir/error.log" >/dev/null 2>&1 &
pid=$!

for _ in $(seq 1 100); do
  if mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e 'SELECT 1' >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/error.log" >&2; exit 1; fi
  sleep 0.2
done
mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e 'SELECT 1' >/dev/null 2>&1 || {
  echo "start-mariadb: the server on port $port did not answer within 20 s" >&2
  kill -9 "$pid" 2>/dev/null
  [ -n "$restart" ] || rm -rf "$dir"
  exit 1
}

# A password-protected account limited to loopback and to the eriq databases.
pass=eriq-test-pw
[ -n "$restart" ] || mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot <<SQL
CREATE USER 'eriq'@'127.0.0.1' IDENTIFIED BY '$pass';
GRANT ALL PRIVILEGES ON \`eriq%\`.* TO 'eriq'@'127.0.0.1';
SQL

echo "ERIQ_MARIADB_PID=$pid"
echo "ERIQ_MARIADB_PORT=$port"
echo "ERIQ_MARIADB_DIR=$dir"
echo "ERIQ_MARIADB_URL=mysql://eriq:$pass@127.0.0.1:$port/eriq_test"
