#!/usr/bin/env bash
# The tester's scenario from the safety issue: a MariaDB database holding a user's T7 and
# eriq_audit (names that look like eriq's) and a view eriq_v_user. eriq-gen must refuse it,
# naming every object, with and without --allow-foreign-objects, and leave all of them
# intact; then a campaign in a database of eriq's own leaves only its ledger behind.
# Uses the server of ERIQ_MARIADB_URL (tools/test.sh starts one). Exit 77 = skipped.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
if [ -z "${ERIQ_MARIADB_URL:-}" ]; then
  echo "SKIPPED: ERIQ_MARIADB_URL not set (tools/test.sh starts a server)"
  [ "${ERIQ_REQUIRE_MARIADB:-}" = 1 ] && exit 1
  exit 77
fi
rest=${ERIQ_MARIADB_URL#mysql://}
user=${rest%%:*}; rest=${rest#*:}
pass=${rest%%@*}; rest=${rest#*@}
host=${rest%%:*}; rest=${rest#*:}
port=${rest%%/*}
base=${ERIQ_MARIADB_URL%/*}
client() { MYSQL_PWD=$pass mariadb --protocol=TCP -N -B -h "$host" -P "$port" -u "$user" "$@"; }
work=$(mktemp -d)
cleanup() { client -e "DROP DATABASE IF EXISTS eriq_user_data; DROP DATABASE IF EXISTS eriq_own_ws"; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

client -e "DROP DATABASE IF EXISTS eriq_user_data; CREATE DATABASE eriq_user_data"
client eriq_user_data -e "CREATE TABLE T7 (id INT); INSERT INTO T7 VALUES (7);
  CREATE TABLE eriq_audit (id INT); INSERT INTO eriq_audit VALUES (1);
  CREATE VIEW eriq_v_user AS SELECT id FROM T7"
before=$(client eriq_user_data -e "SELECT table_name FROM information_schema.tables WHERE table_schema = 'eriq_user_data' ORDER BY 1")

for flags in "" "--allow-foreign-objects"; do
  # shellcheck disable=SC2086
  "$bin" --dialect mariadb --connect "$base/eriq_user_data" --time 3s --out "$work/out" $flags \
    >"$work/log" 2>&1
  status=$?
  [ "$status" = 2 ] || fail "exit $status with '$flags' (expected 2)"
  for name in T7 eriq_audit eriq_v_user; do
    grep -q "$name" "$work/log" || fail "the refusal with '$flags' does not name $name: $(cat "$work/log")"
  done
done
after=$(client eriq_user_data -e "SELECT table_name FROM information_schema.tables WHERE table_schema = 'eriq_user_data' ORDER BY 1")
[ "$before" = "$after" ] || fail "the user's objects changed: '$before' -> '$after'"
[ "$(client eriq_user_data -e 'SELECT SUM(id) FROM T7')" = 7 ] || fail "T7's rows changed"

client -e "DROP DATABASE IF EXISTS eriq_own_ws"
# Spatial off: ST_Distance crashes MariaDB 10.11.19 on some plans, and this server is shared.
"$bin" --dialect mariadb --connect "$base/eriq_own_ws" --time 3s --seed 3 --out "$work/own" \
  --weight family_spatial=0 >"$work/log" 2>&1 || fail "campaign in eriq's own database: $(tail -3 "$work/log")"
left=$(client eriq_own_ws -e "SELECT table_name FROM information_schema.tables WHERE table_schema = 'eriq_own_ws'")
recorded=$(client eriq_own_ws -e "SELECT COUNT(*) FROM eriq_ledger")
echo "left after the campaign: [$left]; ledger rows: $recorded"
[ "$left" = "eriq_ledger" ] || fail "objects left behind: $left"
[ "$recorded" -gt 0 ] && [ "$recorded" -lt 60 ] || fail "ledger has $recorded rows"
echo PASS
