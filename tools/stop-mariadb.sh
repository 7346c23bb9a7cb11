#!/usr/bin/env bash
# Stops the server started by tools/start-mariadb.sh: kill PID, wait, remove its directory.
# PID is killed only while it is a mariadbd: after a crash the number may belong to another
# process by now (pid_max is 32768 on the machines seen).
set -u
pid=${1:?pid}
dir=${2:?dir}
is_mariadbd() { [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mariadbd ]; }
if is_mariadbd; then
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do is_mariadbd || break; sleep 0.1; done
  is_mariadbd && kill -9 "$pid" 2>/dev/null
fi
case "$dir" in */eriq-mariadb.*) rm -rf "$dir" ;; esac
exit 0
