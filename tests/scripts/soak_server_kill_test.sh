#!/usr/bin/env bash
# ctest wrapper of tools/soak-server-kill.sh: 20 SIGKILLs of MariaDB during one
# campaign (about 3.5 minutes). Exit 77 = skipped (no MariaDB installed).
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v mariadbd >/dev/null; then
  echo "SKIPPED: mariadbd not installed"
  [ "${ERIQ_REQUIRE_MARIADB:-}" = 1 ] && exit 1
  exit 77
fi
exec "$root/tools/soak-server-kill.sh" 20 6
