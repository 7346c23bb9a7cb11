#!/usr/bin/env bash
# Builds the newest SQLite release eriq tests into a shared library that
# `eriq-gen --driver-library PATH` loads. The source is the amalgamation (sqlite3.c,
# sqlite3.h) inside the npm package better-sqlite3, pinned by version and sha256; this
# is the only step that downloads anything, and only when the tarball is not cached yet.
#   tools/sqlite-latest.sh          fetch (once), verify, build (when missing or stale);
#                                   prints the library's absolute path last
#   tools/sqlite-latest.sh --path   prints where the library is (or will be), nothing else
# tools/setup.sh --sqlite-latest calls it; tools/test.sh exports the path as
# ERIQ_SQLITE_LATEST for the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

package=better-sqlite3@12.11.1
tarball_sha256=ebf0ed75a7a59dbcb3b24bbd014ef49d9f15bc328e4adcbf516f2a8fadfa2835
version=3.53.2 # SQLITE_VERSION in the package's sqlite3.h (checked below)
cache=.cache/npm
tarball=$cache/better-sqlite3-12.11.1.tgz
out=build-deps/sqlite-$version
lib=$out/libsqlite3.so

if [ "${1:-}" = --path ]; then
  echo "$PWD/$lib"
  exit 0
fi

verified() { [ -f "$tarball" ] && echo "$tarball_sha256  $tarball" | sha256sum -c --status; }
if ! verified; then
  command -v npm >/dev/null || { echo "sqlite-latest: npm is missing (apt-get install npm)" >&2; exit 1; }
  mkdir -p "$cache"
  rm -f "$tarball"
  echo "sqlite-latest: fetching $package with npm pack" >&2
  npm pack "$package" --pack-destination "$cache" --silent >/dev/null
  if ! verified; then
    echo "sqlite-latest: $tarball does not have the pinned sha256 $tarball_sha256" \
      "(got $(sha256sum "$tarball" | cut -d' ' -f1)); removed it" >&2
    rm -f "$tarball"
    exit 1
  fi
fi

# Rebuilt when the tarball or this script (its flags) changed since.
if [ -f "$lib" ] && [ "$lib" -nt "$tarball" ] && [ "$lib" -nt "$0" ]; then
  echo "$PWD/$lib"
  exit 0
fi
mkdir -p "$out"
tar -xzf "$tarball" -C "$out" --strip-components=3 \
  package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h
found=$(sed -n 's/^#define SQLITE_VERSION  *"\(.*\)"/\1/p' "$out/sqlite3.h")
if [ "$found" != "$version" ]; then
  echo "sqlite-latest: the amalgamation is SQLite $found, this script expects $version" >&2
  exit 1
fi

# The compile options of Debian's own libsqlite3 that change what SQL does (functions,
# virtual tables, LIKE on blobs, UPDATE/DELETE ... LIMIT, sessions), so the two libraries
# differ in version only. (Debian's sqlite3 shell still refuses it: the shell checks that
# the library's source id is the one it was compiled with; replay through eriq-gen.)
# -Bsymbolic binds the library's calls to its own functions even if another libsqlite3 is
# loaded in the same process. No soname: loading it can never stand in for a later
# dlopen("libsqlite3.so.0").
defines=(
  SQLITE_ENABLE_SESSION SQLITE_ENABLE_PREUPDATE_HOOK SQLITE_ENABLE_COLUMN_METADATA
  SQLITE_ENABLE_JSON1 SQLITE_ENABLE_MATH_FUNCTIONS SQLITE_ENABLE_DBSTAT_VTAB
  SQLITE_ENABLE_FTS3 SQLITE_ENABLE_FTS3_PARENTHESIS SQLITE_ENABLE_FTS4 SQLITE_ENABLE_FTS5
  SQLITE_ENABLE_RTREE SQLITE_ENABLE_STMTVTAB SQLITE_ENABLE_UNLOCK_NOTIFY
  SQLITE_ENABLE_UPDATE_DELETE_LIMIT SQLITE_LIKE_DOESNT_MATCH_BLOBS SQLITE_SOUNDEX
  SQLITE_SECURE_DELETE SQLITE_MAX_VARIABLE_NUMBER=250000 SQLITE_THREADSAFE=1
)
echo "sqlite-latest: building SQLite $version into $lib" >&2
start=$SECONDS
gcc -O2 -fPIC -shared "${defines[@]/#/-D}" -Wl,-Bsymbolic -o "$lib.tmp" "$out/sqlite3.c" \
  -lpthread -ldl -lm
mv "$lib.tmp" "$lib"
echo "sqlite-latest: built in $((SECONDS - start)) s" >&2
echo "$PWD/$lib"
