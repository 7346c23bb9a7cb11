#!/usr/bin/env bash
# eriq-gen replay --ladder postgres: a server of each PostgreSQL rung's binaries is started
# (tools/start-postgres.sh BINDIR: tmpfs, loopback, an unprivileged user) and stopped by its
# PID after the case ran on it (tools/stop-postgres.sh); the server's own version must be the
# rung's, else the rung is an error and replay exits 1. Needs the rungs
# (tools/setup.sh --ladder) and, as root, the `postgres` user of Debian's postgresql package;
# skipped (77) without them unless ERIQ_REQUIRE_LADDER is set.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
cd "$root" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
skip() {
  [ -n "${ERIQ_REQUIRE_LADDER:-}" ] && fail "$1"
  echo "skipped: $1"
  exit 77
}
rungs=$(tools/ladder.sh postgres --list | cut -d' ' -f1 | paste -sd,)
for v in ${rungs//,/ }; do
  [ -x "$(tools/ladder.sh postgres --path "$v")/postgres" ] ||
    skip "PostgreSQL $v is not fetched (tools/setup.sh --ladder)"
done
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  skip "no postgres user to run the servers as (tools/setup.sh --server)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/case.toml" <<'TOML'
dialect = 'postgres'
schema = [ 'CREATE TABLE t0 (c0 INTEGER, c1 TEXT)' ]
rows = [ "INSERT INTO t0 VALUES (1, 'a'), (2, 'b'), (1, 'c')" ]
intermediate = 'SELECT DISTINCT c0 AS vc_0, c1 AS vc_1 FROM t0 ORDER BY vc_0'
referencing = 'SELECT g.vc_0 FROM x AS a JOIN (SELECT vc_0 FROM x AS b GROUP BY vc_0) AS g ON 1 = 1'
TOML
"$bin" replay "$work/case.toml" --ladder postgres >"$work/out" 2>&1 ||
  fail "replay --ladder postgres exited $?: $(cat "$work/out")"
cat "$work/out"
for v in ${rungs//,/ }; do
  grep -qxF "$work/case.toml [$v] does not reproduce: every representation agrees" "$work/out" ||
    fail "no consistent run on PostgreSQL $v"
done
first=${rungs%%,*}
last=${rungs##*,}
grep -q "^$work/case.toml \[range\] on no rung tried ($first .. $last) " "$work/out" ||
  fail "range: $(tail -1 "$work/out")"
echo PASS
