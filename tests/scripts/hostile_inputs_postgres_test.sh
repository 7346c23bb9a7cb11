#!/usr/bin/env bash
# Hostile inputs against a live PostgreSQL: a second role with a password, a schema of its own
# inside the database eriq works in (eriq accepts a database whose other schemas hold
# anything), and server settings are snapshotted; eriq then runs, as a superuser, every
# hostile case file, dialect file and session profile below, and a second run on a database
# another run holds. Each run must be refused with a message, and afterwards the objects, the
# password hash and the settings must be byte-identical. Uses the server of
# ERIQ_POSTGRES_URL and ERIQ_POSTGRES_DIR (tools/test.sh starts one). Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
if [ -z "${ERIQ_POSTGRES_URL:-}" ] || [ -z "${ERIQ_POSTGRES_DIR:-}" ]; then
  echo "SKIPPED: ERIQ_POSTGRES_URL/ERIQ_POSTGRES_DIR not set (tools/test.sh starts a server)"
  [ "${ERIQ_REQUIRE_POSTGRES:-}" = 1 ] && exit 1
  exit 77
fi
port=${ERIQ_POSTGRES_URL##*:}; port=${port%%/*}
admin() {  # database, then psql arguments: the superuser over the private socket
  local db=$1; shift
  psql -X -q -A -t -v ON_ERROR_STOP=1 -h "$ERIQ_POSTGRES_DIR" -p "$port" -U postgres -d "$db" "$@"
}
work=$(mktemp -d)
holder_pid=
cleanup() {
  [ -n "$holder_pid" ] && kill "$holder_pid" 2>/dev/null && wait "$holder_pid" 2>/dev/null
  admin postgres -c "DROP DATABASE IF EXISTS eriq_hostile_pg WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS eriq_victim" -c "DROP ROLE IF EXISTS eriq_power" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
case_dialect=postgres case_int=integer
# shellcheck source=lib/hostile_runs.sh
. "$root/tests/scripts/lib/hostile_runs.sh"

admin postgres -c "DROP DATABASE IF EXISTS eriq_hostile_pg WITH (FORCE)" \
  -c "DROP ROLE IF EXISTS eriq_victim" -c "DROP ROLE IF EXISTS eriq_power" \
  -c "CREATE ROLE eriq_victim LOGIN PASSWORD 'victim-pw-1'" \
  -c "CREATE ROLE eriq_power LOGIN SUPERUSER PASSWORD 'power-pw-1'" \
  -c "CREATE DATABASE eriq_hostile_pg OWNER eriq_power" >/dev/null || fail "setup"
admin eriq_hostile_pg -c "CREATE SCHEMA victim AUTHORIZATION eriq_victim" \
  -c "CREATE TABLE victim.keep (id integer PRIMARY KEY, secret text)" \
  -c "INSERT INTO victim.keep VALUES (1, 'alpha'), (2, 'beta')" \
  -c "CREATE VIEW victim.keep_v AS SELECT id FROM victim.keep" >/dev/null || fail "setup"
url="postgres://eriq_power:power-pw-1@127.0.0.1:$port/eriq_hostile_pg"

snapshot() {
  admin eriq_hostile_pg \
    -c "SELECT md5(string_agg(id || ':' || secret, ',' ORDER BY id)) FROM victim.keep" \
    -c "SELECT pg_get_viewdef('victim.keep_v'::regclass)" \
    -c "SELECT string_agg(relname, ',' ORDER BY relname) FROM pg_class c JOIN pg_namespace n
        ON n.oid = c.relnamespace WHERE n.nspname = 'victim'" \
    -c "SELECT rolpassword, rolsuper FROM pg_authid WHERE rolname = 'eriq_victim'" \
    -c "SELECT string_agg(name || '=' || setting, ',' ORDER BY name) FROM pg_settings
        WHERE name IN ('log_statement', 'max_connections', 'work_mem', 'search_path')" \
    -c "SELECT count(*) FROM pg_file_settings"
}
before=$(snapshot) || fail "snapshot"

run_case() { refused "$1" "$bin" --case "$2" --connect "$url"; }

run_case "changes an account" "$(case_file role 'session = ["SET ROLE eriq_victim"]')"
run_case "search_path" "$(case_file path 'session = ["SET search_path = victim, public"]')"
run_case "not on the dialect" "$(case_file logging "session = [\"SET log_statement = 'all'\"]")"
run_case "schema victim" "$(case_file read 'intermediate = "SELECT id AS vc_0 FROM victim.keep"')"
run_case "schema victim" "$(case_file view 'intermediate = "SELECT id AS vc_0 FROM \"victim\".keep_v"')"
run_case "pg_authid" "$(case_file authid 'intermediate = "SELECT rolpassword AS vc_0 FROM pg_authid"')"
run_case "schema pg_catalog" "$(case_file catalog 'intermediate = "SELECT rolpassword AS vc_0 FROM pg_catalog.pg_authid"')"
run_case "set_config" "$(case_file config "intermediate = \"SELECT set_config('log_statement', 'all', false) AS vc_0\"")"
run_case "pg_read_file" "$(case_file readfile "intermediate = \"SELECT pg_read_file('postgresql.conf') AS vc_0\"")"
run_case "more than one statement" "$(case_file dollar 'referencing = "SELECT $$a$$ AS v FROM x; DROP TABLE victim.keep"')"
run_case "more than one statement" "$(case_file estring "referencing = \"SELECT E'\\\\'' AS v FROM x; DROP TABLE victim.keep; --' \"")"
run_case "DELETE" "$(case_file cte 'intermediate = "WITH d AS (DELETE FROM victim.keep RETURNING id) SELECT id AS vc_0 FROM d"')"
run_case "TABLESPACE" "$(case_file tablespace 'schema = ["CREATE TABLE t0 (c0 integer) TABLESPACE elsewhere"]')"
run_case "INSERT and ANALYZE" "$(case_file copy "rows = [\"COPY t0 TO '/tmp/eriq-hostile.csv'\"]")"
run_case "INSERT and ANALYZE" "$(case_file alterrole "rows = [\"ALTER ROLE eriq_victim PASSWORD 'x'\"]")"

dialect_file() {  # name, toml text
  printf 'include = ["%s/dialects/postgres.toml"]\n%s\n' "$root" "$2" >"$work/$1.toml"
  echo "$work/$1.toml"
}
run_dialect() {
  refused "$1" "$bin" --dialect-file "$2" --connect "$url" --cases 5 --out "$work/out" "${@:3}"
}
run_dialect "alters something other than a table" "$(dialect_file system "session_init = [\"ALTER SYSTEM SET log_statement = 'all'\"]")"
run_dialect "changes an account" "$(dialect_file profile '[session_profiles]
evil = ["SET SESSION AUTHORIZATION eriq_victim", "SET ROLE eriq_victim"]')" --session-profile evil
run_dialect "create_database" "$(dialect_file createdb 'create_database = "DROP DATABASE {db}"')"

# A second run on a database another run holds is refused, naming the holder.
"$bin" --dialect postgres --connect "$url" --time 60s --seed 5 --out "$work/first" \
  >"$work/first.log" 2>&1 &
holder_pid=$!
for _ in $(seq 1 50); do
  [ -n "$(admin eriq_hostile_pg -c "SELECT 1 FROM pg_locks WHERE locktype = 'advisory'")" ] && break
  sleep 0.2
done
refused "in use by another eriq run" "$bin" --dialect postgres --connect "$url" --time 5s \
  --out "$work/second"
kill -INT "$holder_pid"
wait "$holder_pid"
holder_pid=

after=$(snapshot) || fail "snapshot"
[ "$before" = "$after" ] || fail "the victim changed:
--- before
$before
--- after
$after"
[ -e /tmp/eriq-hostile.csv ] && fail "COPY wrote a file"
echo "PASS: $checked hostile runs refused; objects, password hash and settings unchanged"
