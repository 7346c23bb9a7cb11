#!/usr/bin/env bash
# Prints, for each [[bug]] of known-bugs/DIALECT.toml that has a case, the group signature
# the entry lists and the one eriq computes now (run the case, reduce it, read
# reduced/finding.toml), so entries can be brought up to date after a change to grouping or
# reduction. Needs the target: ERIQ_MARIADB_URL for mariadb, nothing for sqlite;
# ERIQ_DRIVER_LIBRARY picks the SQLite library (a bug fixed in it shows "does not reproduce").
# Server-fault entries are left out (their cases kill the server).
#   tools/known-bug-signatures.sh sqlite|mariadb
set -euo pipefail
cd "$(dirname "$0")/.."
dialect=${1:?dialect}
bin=${ERIQ_BIN:-build/eriq-gen}
target=(--dialect "$dialect")
case $dialect in
  mariadb|mysql) target+=(--connect "${ERIQ_MARIADB_URL:?set ERIQ_MARIADB_URL}") ;;
  sqlite) [ -n "${ERIQ_DRIVER_LIBRARY:-}" ] && target+=(--driver-library "$ERIQ_DRIVER_LIBRARY") ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "known-bugs/$dialect.toml" <<'PY' >"$work/entries"
import sys, tomllib
for bug in tomllib.load(open(sys.argv[1], "rb")).get("bug", []):
    # A crash case kills the server for every entry after it; crash sites are checked by
    # tests/scripts/server_crash_case_test.sh.
    if bug.get("case") and bug.get("pattern") != "server_fault":
        print(bug["id"], bug["group_signature"], bug["case"])
PY
while read -r id listed case_file; do
  out="$work/$id"
  status=0
  "$bin" "${target[@]}" --case "$case_file" --out "$out" </dev/null >/dev/null 2>&1 || status=$?
  finding=$(find "$out" -mindepth 1 -maxdepth 1 -type d ! -name runs 2>/dev/null | head -n 1 || true)
  if [ "$status" != 1 ] || [ -z "$finding" ]; then
    echo "$id $listed does-not-reproduce"
    continue
  fi
  "${bin}" reduce "${target[@]}" "$finding" </dev/null >/dev/null 2>&1 || true
  now=$(sed -n "s/^group_signature = '\(.*\)'/\1/p" "$finding/reduced/finding.toml" 2>/dev/null || true)
  echo "$id $listed ${now:-not-reduced}$([ "$listed" = "$now" ] && echo "" || echo " CHANGED")"
done <"$work/entries"
