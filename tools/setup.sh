#!/usr/bin/env bash
# Installs the Debian packages eriq needs (when missing) and builds it into build/.
#   tools/setup.sh            packages for building and running eriq
#   tools/setup.sh --server   also mariadb-server and postgresql, for the live tests
#   tools/setup.sh --fuzz     also clang and its libFuzzer runtime, for tools/fuzz.sh
#   tools/setup.sh --browser  also chromium, for the triage page's browser test
#   tools/setup.sh --slurm    also slurm-wlm and munge, for tests/scripts/slurm_array_test.sh
#                             (the test runs daemons of its own, not the system's)
#   tools/setup.sh --sqlite-latest   also the newest SQLite as a library for --driver-library:
#                             fetched once with npm pack (pinned, checksummed) and built into
#                             build-deps/ (tools/sqlite-latest.sh)
#   tools/setup.sh --duckdb   also DuckDB's libduckdb.so and duckdb.h for --dialect duckdb:
#                             fetched once with npm pack (pinned, checksummed) into
#                             build-deps/ before the build, so CMake finds the header
#                             (tools/duckdb-latest.sh)
#   tools/setup.sh --no-build also skip the build (tools/test.sh builds and times it itself)
# The flags combine: tools/setup.sh --server --browser --sqlite-latest --duckdb.
# The build is tools/build.sh build (Ninja, and ccache when installed).
set -euo pipefail
cd "$(dirname "$0")/.."

sqlite_latest=0
duckdb=0
build=1
packages=(build-essential cmake ninja-build pkg-config tao-pegtl-dev libtomlplusplus-dev libmariadb-dev libz3-dev
          libfmt-dev catch2 libsqlite3-dev libpq-dev sqlite3 python3 python3-yaml libcli11-dev
          libre2-dev clang-tidy clang-format)
for arg in "$@"; do
  case "$arg" in
    --server) packages+=(mariadb-server mariadb-client postgresql) ;;
    --fuzz) packages+=(clang-14 libclang-rt-14-dev) ;;
    --browser) packages+=(chromium) ;;
    --slurm) packages+=(slurm-wlm munge) ;;
    --no-build) build=0 ;;
    --sqlite-latest)
      sqlite_latest=1
      # Any npm will do (Debian's, or one that came with a Node.js install).
      command -v npm >/dev/null || packages+=(npm)
      ;;
    --duckdb)
      duckdb=1
      command -v npm >/dev/null || packages+=(npm)
      ;;
    *) echo "eriq setup: unknown flag $arg (--server, --fuzz, --browser, --slurm, --sqlite-latest, --duckdb, --no-build)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "eriq setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y --no-upgrade \
    -o DPkg::Lock::Timeout=300 "${missing[@]}"
fi

if [ "$duckdb" = 1 ]; then tools/duckdb-latest.sh >/dev/null; fi
if [ "$build" = 1 ]; then tools/build.sh build -DCMAKE_BUILD_TYPE=RelWithDebInfo; fi
if [ "$sqlite_latest" = 1 ]; then tools/sqlite-latest.sh >/dev/null; fi
