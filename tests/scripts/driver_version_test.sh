#!/usr/bin/env bash
# eriq-gen --version names the client library of the dialect's driver: SQLite's by default,
# DuckDB's for --dialect duckdb (the default library and a --driver-library), and says that
# a server driver is built in; --driver-library with a server driver is refused, and takes
# one value per use.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
fail() { echo "FAIL: $*"; exit 1; }
cd "$root" || exit 1

out=$("$bin" --version) || fail "--version: $out"
grep -Eq '^SQLite 3\.[0-9]+\.[0-9]+ \(.*\) from /' <<<"$out" || fail "no SQLite line: $out"

out=$("$bin" --version --dialect mariadb) || fail "--version --dialect mariadb: $out"
grep -q '^the mysql driver is built into eriq' <<<"$out" || fail "mariadb: $out"
if err=$("$bin" --version --dialect postgres --driver-library libpq.so 2>&1); then
  fail "--driver-library with the postgres driver was accepted: $err"
fi
grep -q 'applies to SQLite and DuckDB only' <<<"$err" || fail "postgres --driver-library: $err"

# A folder after --driver-library LIB is the command's folder, not a second library.
err=$("$bin" reduce --driver-library libsqlite3.so.0 "$root/no-such-finding" 2>&1)
grep -q "no-such-finding: not reduced" <<<"$err" || fail "reduce --driver-library LIB DIR: $err"

lib=${ERIQ_DUCKDB_LIBRARY:-$root/build-deps/duckdb-1.5.6/libduckdb.so}
if [ ! -f "$lib" ]; then
  [ "${ERIQ_REQUIRE_DUCKDB:-0}" = 1 ] && fail "ERIQ_REQUIRE_DUCKDB=1 but $lib is missing"
  echo "skipped the DuckDB part: no $lib (tools/duckdb-latest.sh fetches it)"
  exit 77
fi
out=$("$bin" --version --dialect duckdb --driver-library "$lib") || fail "duckdb: $out"
grep -Eq "^DuckDB v1\.[0-9]+\.[0-9]+ from .*libduckdb\.so$" <<<"$out" || fail "duckdb: $out"
grep -q SQLite <<<"$out" && fail "the DuckDB dialect's version names SQLite: $out"
echo "ok: $(tail -n1 <<<"$out")"
