# Sourced by the script tests that start MariaDB servers of their own (tools/start-mariadb.sh):
# `fail` and the skip when the server binaries are absent (exit 77, or 1 when
# ERIQ_REQUIRE_MARIADB=1, as in CI).
fail() { echo "FAIL: $*"; exit 1; }
if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
  echo "SKIPPED: mariadbd not installed"
  [ "${ERIQ_REQUIRE_MARIADB:-}" = 1 ] && exit 1
  exit 77
fi

# Starts this test's own server. The shared server's variables are dropped first: with
# `eval "$(start)"` a failed start left ERIQ_MARIADB_PID pointing at the shared server, which
# the test then killed and whose directory its cleanup removed.
start_own_mariadb() {
  unset ERIQ_MARIADB_PID ERIQ_MARIADB_PORT ERIQ_MARIADB_DIR ERIQ_MARIADB_URL
  local assignments
  assignments=$("$root/tools/start-mariadb.sh") || fail "cannot start MariaDB"
  eval "$assignments"
}
# Starts the killed own server again on its data and port; sets ERIQ_MARIADB_PID to it.
restart_own_mariadb() {
  local assignments
  assignments=$("$root/tools/start-mariadb.sh" --restart "$ERIQ_MARIADB_DIR" "$ERIQ_MARIADB_PORT") ||
    return 1
  eval "$assignments"
}
