#!/usr/bin/env bash
# Fetches the DuckDB release eriq tests (`eriq-gen --dialect duckdb`) into build-deps/: the
# official libduckdb.so from the npm package @duckdb/node-bindings-linux-x64, and the C API
# header duckdb.h from the source tarball of the npm package duckdb (the C API is stable
# across these versions). Both pinned by version and sha256; this is the only step that
# downloads anything, and only when a tarball is not cached yet.
#   tools/duckdb-latest.sh          fetch (once), verify, unpack (when missing or stale);
#                                   prints the library's absolute path last
#   tools/duckdb-latest.sh --path   prints where the library is (or will be), nothing else
# tools/setup.sh --duckdb calls it; tools/test.sh exports the path as ERIQ_DUCKDB_LIBRARY for
# the tests. CMake finds the header there when present; eriq loads the library with dlopen.
set -euo pipefail
cd "$(dirname "$0")/.."

version=1.5.6
library_package=@duckdb/node-bindings-linux-x64@1.5.6-r.1
library_sha256=1b9f82478539bb9a1d1df44bd103121a12ae52142c07158dc52b97d2ec1d69ff
header_package=duckdb@1.4.4
header_sha256=5bb967dcbcd517670ba5f169f238fb9d6787e53752c60ebe24386169d76941ed
cache=.cache/npm
library_tarball=$cache/duckdb-node-bindings-linux-x64-1.5.6-r.1.tgz
header_tarball=$cache/duckdb-1.4.4.tgz
out=build-deps/duckdb-$version
lib=$out/libduckdb.so
header=$out/duckdb.h

if [ "${1:-}" = --path ]; then
  echo "$PWD/$lib"
  exit 0
fi

verified() { [ -f "$1" ] && echo "$2  $1" | sha256sum -c --status; }
fetch() { # package tarball sha256
  if verified "$2" "$3"; then return; fi
  command -v npm >/dev/null || { echo "duckdb-latest: npm is missing (apt-get install npm)" >&2; exit 1; }
  mkdir -p "$cache"
  rm -f "$2"
  echo "duckdb-latest: fetching $1 with npm pack" >&2
  npm pack "$1" --pack-destination "$cache" --silent >/dev/null
  if ! verified "$2" "$3"; then
    echo "duckdb-latest: $2 does not have the pinned sha256 $3" \
      "(got $(sha256sum "$2" | cut -d' ' -f1)); removed it" >&2
    rm -f "$2"
    exit 1
  fi
}
fetch "$library_package" "$library_tarball" "$library_sha256"
fetch "$header_package" "$header_tarball" "$header_sha256"

# Unpacked again when a tarball or this script changed since.
fresh() { [ -f "$1" ] && [ "$1" -nt "$library_tarball" ] && [ "$1" -nt "$header_tarball" ] && [ "$1" -nt "$0" ]; }
if fresh "$lib" && fresh "$header"; then
  echo "$PWD/$lib"
  exit 0
fi
mkdir -p "$out"
tar -xzf "$library_tarball" -C "$out" --strip-components=1 package/libduckdb.so package/LICENSE
tar -xzf "$header_tarball" -C "$out" --strip-components=5 package/src/duckdb/src/include/duckdb.h
touch "$lib" "$header"
echo "$PWD/$lib"
