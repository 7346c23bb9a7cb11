# Sourced by the script tests that start MariaDB servers of their own (tools/start-mariadb.sh):
# `fail` and the skip when the server binaries are absent (exit 77, or 1 when
# ERIQ_REQUIRE_MARIADB=1, as in CI).
fail() { echo "FAIL: $*"; exit 1; }
if ! command -v mariadbd >/dev/null || ! command -v mariadb-install-db >/dev/null; then
  echo "SKIPPED: mariadbd not installed"
  [ "${ERIQ_REQUIRE_MARIADB:-}" = 1 ] && exit 1
  exit 77
fi
