#!/usr/bin/env bash
# Hostile inputs against a live MariaDB: a second account with a password, its database with a
# table and a view, and server-wide settings are snapshotted; eriq then runs, as an account
# that could change all of them, every hostile case file, dialect file and session profile
# below, and a second campaign on a database another campaign is using. Each run must be
# refused with a message, and afterwards the objects, the password hash and the globals must
# be byte-identical. Uses the server of ERIQ_MARIADB_URL and ERIQ_MARIADB_DIR (tools/test.sh
# starts one). Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
if [ -z "${ERIQ_MARIADB_URL:-}" ] || [ -z "${ERIQ_MARIADB_DIR:-}" ]; then
  echo "SKIPPED: ERIQ_MARIADB_URL/ERIQ_MARIADB_DIR not set (tools/test.sh starts a server)"
  [ "${ERIQ_REQUIRE_MARIADB:-}" = 1 ] && exit 1
  exit 77
fi
rest=${ERIQ_MARIADB_URL#mysql://}
rest=${rest#*@}
host=${rest%%:*}; rest=${rest#*:}
port=${rest%%/*}
admin() { mariadb --no-defaults --socket="$ERIQ_MARIADB_DIR/mysqld.sock" -uroot -N -B "$@"; }
work=$(mktemp -d)
campaign_pid=
cleanup() {
  [ -n "$campaign_pid" ] && kill "$campaign_pid" 2>/dev/null && wait "$campaign_pid" 2>/dev/null
  admin -e "SET GLOBAL read_only = 0; DROP DATABASE IF EXISTS victim_db;
    DROP DATABASE IF EXISTS eriq_hostile_ws; DROP DATABASE IF EXISTS eriq_hostile_busy;
    DROP USER IF EXISTS 'eriq_victim'@'127.0.0.1'; DROP USER IF EXISTS 'eriq_power'@'127.0.0.1'"
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
case_dialect=mariadb case_int=INT
# shellcheck source=lib/hostile_runs.sh
. "$root/tests/scripts/lib/hostile_runs.sh"

# The victim, and an account for eriq that could change everything.
admin -e "DROP DATABASE IF EXISTS victim_db; CREATE DATABASE victim_db;
  CREATE TABLE victim_db.keep (id INT PRIMARY KEY, secret VARCHAR(20));
  INSERT INTO victim_db.keep VALUES (1, 'alpha'), (2, 'beta');
  CREATE VIEW victim_db.keep_v AS SELECT id FROM victim_db.keep;
  DROP USER IF EXISTS 'eriq_victim'@'127.0.0.1';
  CREATE USER 'eriq_victim'@'127.0.0.1' IDENTIFIED BY 'victim-pw-1';
  DROP USER IF EXISTS 'eriq_power'@'127.0.0.1';
  CREATE USER 'eriq_power'@'127.0.0.1' IDENTIFIED BY 'power-pw-1';
  GRANT ALL PRIVILEGES ON *.* TO 'eriq_power'@'127.0.0.1' WITH GRANT OPTION"
url="mysql://eriq_power:power-pw-1@$host:$port"

snapshot() {
  admin -e "CHECKSUM TABLE victim_db.keep EXTENDED; SHOW CREATE VIEW victim_db.keep_v;
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'victim_db' ORDER BY 1;
    SELECT Priv FROM mysql.global_priv WHERE User = 'eriq_victim';
    SELECT @@global.max_connections, @@global.read_only, @@global.general_log,
           @@global.general_log_file, @@global.sql_mode, @@global.optimizer_switch"
}
before=$(snapshot)

# Each hostile input must be refused: exit 2 and a message holding the expected words.
run_case() { refused "$1" "$bin" --case "$2" --connect "$url/eriq_hostile_ws"; }

run_case "changes an account" "$(case_file pw "session = [\"SET PASSWORD FOR 'eriq_victim'@'127.0.0.1' = PASSWORD('x')\"]")"
run_case "server-wide" "$(case_file global "session = [\"SET GLOBAL max_connections = 7\"]")"
run_case "server-wide" "$(case_file readonly "session = [\"SET @@global.read_only = 1\"]")"
run_case "server-wide" "$(case_file logfile "session = [\"SET GLOBAL general_log_file = '/tmp/eriq-hostile.log'\"]")"
run_case "reads quotes" "$(case_file ansi "session = [\"SET SESSION sql_mode = 'ANSI_QUOTES'\"]")"
run_case "user variable" "$(case_file uservar "session = [\"SET @x = (SELECT secret FROM victim_db.keep LIMIT 1)\"]")"
run_case "more than one statement" "$(case_file backslash "referencing = '''SELECT 'a\\''; DROP TABLE victim_db.keep; -- ' FROM x'''")"
run_case "executable comment" "$(case_file hidden "referencing = \"SELECT vc_0 /*!50000 , (SELECT COUNT(*) FROM victim_db.keep) */ FROM x\"")"
run_case "victim_db" "$(case_file read "intermediate = \"SELECT id AS vc_0 FROM victim_db.keep\"")"
run_case "schema mysql" "$(case_file privs "intermediate = \"SELECT Priv AS vc_0 FROM mysql.global_priv\"")"
run_case "ANALYZE" "$(case_file analyze 'rows = ["ANALYZE TABLE victim_db.keep"]')"
run_case "load_file" "$(case_file loadfile "intermediate = \"SELECT LOAD_FILE('/etc/passwd') AS vc_0 FROM t0\"")"
run_case "DIRECTORY" "$(case_file datadir "schema = [\"CREATE TABLE t0 (c0 INT) DATA DIRECTORY = '/tmp'\"]")"
run_case "INTO" "$(case_file outfile "referencing = \"SELECT vc_0 FROM x INTO OUTFILE '/tmp/eriq-hostile.out'\"")"
run_case "INSERT and ANALYZE" "$(case_file grant "rows = [\"GRANT ALL ON *.* TO 'eriq_victim'@'127.0.0.1'\"]")"

# Dialect files: the shipped MariaDB dialect with one hostile entry.
dialect_file() {  # name, toml text
  printf 'include = ["%s/dialects/mariadb.toml"]\n%s\n' "$root" "$2" >"$work/$1.toml"
  echo "$work/$1.toml"
}
run_dialect() {
  refused "$1" "$bin" --dialect-file "$2" --connect "$url/eriq_hostile_ws" --cases 5 \
    --out "$work/out" "${@:3}"
}
run_dialect "not a session statement" "$(dialect_file init 'session_init = ["DROP TABLE victim_db.keep"]')"
run_dialect "changes an account" "$(dialect_file profile "session_profile = \"evil\"
[session_profiles]
evil = [\"SET PASSWORD FOR 'eriq_victim'@'127.0.0.1' = PASSWORD('x')\"]")"
run_dialect "server-wide" "$(dialect_file chosen "[session_profiles]
evil = [\"SET GLOBAL read_only = 1\"]")" --session-profile evil
run_dialect "create_database" "$(dialect_file createdb 'create_database = "DROP DATABASE victim_db"')"
run_dialect "server-wide" "$(dialect_file variant '[[optimizer_variant]]
name = "evil"
setup = ["SET GLOBAL read_only = 1"]
teardown = ["SET GLOBAL read_only = 0"]')"

# Two runs on one database: the second is refused, naming the first's connection.
admin -e "DROP DATABASE IF EXISTS eriq_hostile_busy"
"$bin" --dialect mariadb --connect "$url/eriq_hostile_busy" --time 60s --seed 5 \
  --weight family_spatial=0 --out "$work/first" >"$work/first.log" 2>&1 &
campaign_pid=$!
for _ in $(seq 1 100); do
  grep -q "cases [1-9]" "$work/first.log" 2>/dev/null && break
  [ -f "$work/first/progress.jsonl" ] && break
  sleep 0.2
done
sleep 1
refused "in use by another eriq run" "$bin" --dialect mariadb --connect "$url/eriq_hostile_busy" \
  --time 5s --out "$work/second"
kill -INT "$campaign_pid"
wait "$campaign_pid"
campaign_pid=

after=$(snapshot)
[ "$before" = "$after" ] || fail "the victim changed:
--- before
$before
--- after
$after"
[ -e /tmp/eriq-hostile.out ] && fail "INTO OUTFILE wrote a file"
echo "PASS: $checked hostile runs refused; objects, password hash and globals unchanged"
