#!/usr/bin/env bash
# Stops the server started by tools/start-mariadb.sh: kill PID, wait, remove its directory.
set -u
pid=${1:?pid}
dir=${2:?dir}
kill "$pid" 2>/dev/null || true
for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -9 "$pid" 2>/dev/null || true
case "$dir" in */eriq-mariadb.*) rm -rf "$dir" ;; esac
