#!/usr/bin/env bash
# Fetches the DuckDB release eriq tests (`eriq-gen --dialect duckdb`), the last rung of the
# DuckDB version ladder (tools/ladders/duckdb.toml), into build-deps/: the official
# libduckdb.so from the npm package @duckdb/node-bindings-linux-x64 (tools/ladder.sh), and
# the C API header duckdb.h from the source tarball of the npm package duckdb (the C API is
# stable across these versions). Both pinned by version and sha256; this is the only step
# that downloads anything, and only when a tarball is not cached yet.
#   tools/duckdb-latest.sh          fetch (once), verify, unpack (when missing or stale);
#                                   prints the library's absolute path last
#   tools/duckdb-latest.sh --path   prints where the library is (or will be), nothing else
# tools/setup.sh --duckdb calls it; tools/test.sh exports the path as ERIQ_DUCKDB_LIBRARY for
# the tests. CMake finds the header there when present; eriq loads the library with dlopen.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --path ]; then exec tools/ladder.sh duckdb --path; fi

header_package=duckdb@1.4.4
header_sha256=5bb967dcbcd517670ba5f169f238fb9d6787e53752c60ebe24386169d76941ed
cache=.cache/npm
header_tarball=$cache/duckdb-1.4.4.tgz

lib=$(tools/ladder.sh duckdb)
header=$(dirname "$lib")/duckdb.h

verified() { [ -f "$1" ] && echo "$2  $1" | sha256sum -c --status; }
if ! verified "$header_tarball" "$header_sha256"; then
  command -v npm >/dev/null || { echo "duckdb-latest: npm is missing (apt-get install npm)" >&2; exit 1; }
  mkdir -p "$cache"
  rm -f "$header_tarball"
  echo "duckdb-latest: fetching $header_package with npm pack" >&2
  npm pack "$header_package" --pack-destination "$cache" --silent >/dev/null
  if ! verified "$header_tarball" "$header_sha256"; then
    echo "duckdb-latest: $header_tarball does not have the pinned sha256 $header_sha256" \
      "(got $(sha256sum "$header_tarball" | cut -d' ' -f1)); removed it" >&2
    rm -f "$header_tarball"
    exit 1
  fi
fi

# Unpacked again when the tarball or this script changed since.
if ! { [ -f "$header" ] && [ "$header" -nt "$header_tarball" ] && [ "$header" -nt "$0" ]; }; then
  tar -xzf "$header_tarball" -C "$(dirname "$header")" --strip-components=5 \
    package/src/duckdb/src/include/duckdb.h
  touch "$header"
fi
echo "$lib"
