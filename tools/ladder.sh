#!/usr/bin/env bash
# Fetches, checks and builds the releases of an engine's version ladder (tools/ladders/ENGINE.toml:
# SQLite, DuckDB, PostgreSQL) into build-deps/, so that `eriq-gen replay --ladder ENGINE` can run
# a case on each. A rung's npm tarball is fetched once with npm pack into .cache/npm/ and must
# have the sha256 the ladder pins; this is the only step that downloads anything (eriq-gen
# never does). A rung is built again when its tarball or this script changed since.
#   tools/ladder.sh ENGINE                the newest rung: fetch, check, build; prints its path
#   tools/ladder.sh ENGINE VERSION        that rung (a version the ladder lists)
#   tools/ladder.sh ENGINE --all          every rung, oldest first; one path per line
#   tools/ladder.sh ENGINE --path [VERSION]  where the rung is (or will be), nothing else
#   tools/ladder.sh ENGINE --list         each rung: version, package, fetched or not
#   tools/ladder.sh ENGINE --check-newer  asks the registry (npm view) whether the package has
#                                         a release newer than the ladder's newest rung; exit 0
#                                         when not, 1 when it has (and says which)
# The path printed is the rung's library (SQLite: libsqlite3.so, DuckDB: libduckdb.so) or, for
# PostgreSQL, the folder of its initdb, pg_ctl and postgres.
set -euo pipefail
cd "$(dirname "$0")/.."
script=$PWD/tools/ladder.sh

usage() {
  echo "usage: tools/ladder.sh sqlite|duckdb|postgres [VERSION|--all|--path [VERSION]|--list|--check-newer]" >&2
  exit 2
}
say() { echo "ladder: $*" >&2; }
die() { say "$*"; exit 1; }

engine=${1:-}
[ -n "$engine" ] || usage
case $engine in sqlite|duckdb|postgres) ;; *) say "unknown engine '$engine'"; usage ;; esac
ladder=tools/ladders/$engine.toml
[ -f "$ladder" ] || die "$ladder is missing"
shift
mode=build
wanted=
case ${1:-} in
  "") ;;
  --all) mode=all ;;
  --path) mode=path; wanted=${2:-} ;;
  --list) mode=list ;;
  --check-newer) mode=check-newer ;;
  -*) say "unknown option $1"; usage ;;
  *) wanted=$1 ;;
esac
[ $# -le 2 ] && { [ $# -le 1 ] || [ "$mode" = path ]; } || usage

# One line per rung, oldest first: version package sha256 tarball directory library build.
rungs=$(python3 - "$ladder" <<'PY'
import sys, tomllib
path = sys.argv[1]
try:
    ladder = tomllib.load(open(path, "rb"))
except tomllib.TOMLDecodeError as e:
    sys.exit(f"ladder: {path}: {e}")
for key in ("engine", "build", "directory", "library"):
    if not isinstance(ladder.get(key), str):
        sys.exit(f"ladder: {path}: needs the string '{key}'")
rungs = ladder.get("rung", [])
if not rungs:
    sys.exit(f"ladder: {path}: no [[rung]]")
for i, rung in enumerate(rungs, 1):
    for key in ("version", "package", "sha256"):
        if not isinstance(rung.get(key), str) or not rung[key]:
            sys.exit(f"ladder: {path}: [[rung]] {i} needs the string '{key}'")
    name, _, version = rung["package"].rpartition("@")
    if not name or not version:
        sys.exit(f"ladder: {path}: [[rung]] {i}: package must be NAME@VERSION, got '{rung['package']}'")
    # npm pack's file name: the scope's @ dropped, its / made a -.
    tarball = f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    directory = ladder["directory"].replace("{version}", rung["version"])
    print(rung["version"], rung["package"], rung["sha256"], tarball, directory,
          ladder["library"], ladder["build"])
PY
)
newest=$(tail -n 1 <<<"$rungs" | cut -d' ' -f1)
cache=.cache/npm

rung_line() { # VERSION -> its line, or an error naming the ladder's versions
  local line
  line=$(awk -v v="$1" '$1 == v' <<<"$rungs")
  [ -n "$line" ] || die "$ladder has no rung $1 (it has: $(cut -d' ' -f1 <<<"$rungs" | tr '\n' ' '))"
  echo "$line"
}

verified() { [ -f "$1" ] && echo "$2  $1" | sha256sum -c --status; }

fetch() { # package tarball sha256
  verified "$cache/$2" "$3" && return
  command -v npm >/dev/null || die "npm is missing (apt-get install npm)"
  mkdir -p "$cache"
  rm -f "$cache/$2"
  say "fetching $1 with npm pack"
  npm pack "$1" --pack-destination "$cache" --silent >/dev/null || die "npm pack $1 failed"
  if ! verified "$cache/$2" "$3"; then
    local got
    got=$(sha256sum "$cache/$2" 2>/dev/null | cut -d' ' -f1)
    rm -f "$cache/$2"
    die "$2 does not have the pinned sha256 $3 (got ${got:-no file}); removed it"
  fi
}

# The compile options of Debian's own libsqlite3 that change what SQL does (functions, virtual
# tables, LIKE on blobs, UPDATE/DELETE ... LIMIT, sessions), so a rung differs from the system's
# library in version only. -Bsymbolic binds the library's calls to its own functions even if
# another libsqlite3 is in the process; no soname, so it never stands in for libsqlite3.so.0.
sqlite_defines=(
  SQLITE_ENABLE_SESSION SQLITE_ENABLE_PREUPDATE_HOOK SQLITE_ENABLE_COLUMN_METADATA
  SQLITE_ENABLE_JSON1 SQLITE_ENABLE_MATH_FUNCTIONS SQLITE_ENABLE_DBSTAT_VTAB
  SQLITE_ENABLE_FTS3 SQLITE_ENABLE_FTS3_PARENTHESIS SQLITE_ENABLE_FTS4 SQLITE_ENABLE_FTS5
  SQLITE_ENABLE_RTREE SQLITE_ENABLE_STMTVTAB SQLITE_ENABLE_UNLOCK_NOTIFY
  SQLITE_ENABLE_UPDATE_DELETE_LIMIT SQLITE_LIKE_DOESNT_MATCH_BLOBS SQLITE_SOUNDEX
  SQLITE_SECURE_DELETE SQLITE_MAX_VARIABLE_NUMBER=250000 SQLITE_THREADSAFE=1
)

build_sqlite() { # version tarball directory library
  tar -xzf "$cache/$2" -C "$3" --strip-components=3 \
    package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h
  local found
  found=$(sed -n 's/^#define SQLITE_VERSION  *"\(.*\)"/\1/p' "$3/sqlite3.h")
  [ "$found" = "$1" ] || die "$2 holds SQLite $found, the ladder says $1"
  say "building SQLite $1 into $3/$4"
  local start=$SECONDS
  gcc -O2 -fPIC -shared "${sqlite_defines[@]/#/-D}" -Wl,-Bsymbolic -o "$3/$4.tmp" "$3/sqlite3.c" \
    -lpthread -ldl -lm
  mv "$3/$4.tmp" "$3/$4"
  say "built in $((SECONDS - start)) s"
}

build_duckdb() { # version tarball directory library
  tar -xzf "$cache/$2" -C "$3" --strip-components=1 package/libduckdb.so package/LICENSE
  local found
  found=$(python3 -c 'import ctypes, sys
lib = ctypes.CDLL(sys.argv[1]); lib.duckdb_library_version.restype = ctypes.c_char_p
print(lib.duckdb_library_version().decode())' "$PWD/$3/$4") || die "$3/$4 does not load"
  [ "$found" = "v$1" ] || die "$2 holds DuckDB $found, the ladder says $1"
}

build_postgres() { # version tarball directory library
  command -v node >/dev/null || die "node is missing (apt-get install nodejs)"
  rm -rf "$3.unpack" && mkdir -p "$3.unpack"
  tar -xzf "$cache/$2" -C "$3.unpack" --strip-components=1 package/native package/scripts
  # The package keeps its shared-library symlinks in native/pg-symlinks.json; its own script
  # makes them, run from the package root. Readable by everyone: initdb refuses root.
  (cd "$3.unpack" && node scripts/hydrate-symlinks.js)
  chmod -R a+rX "$3.unpack"
  local found
  found=$("$3.unpack/$4/postgres" --version) || die "$3.unpack/$4/postgres does not run"
  [ "$found" = "postgres (PostgreSQL) $1" ] || die "$2 holds '$found', the ladder says $1"
  rm -rf "$3" && mv "$3.unpack" "$3"
}

# Fetches and builds one rung unless it is up to date; prints its path.
make_rung() { # version package sha256 tarball directory library build
  local version=$1 package=$2 sha=$3 tarball=$4 dir=$5 library=$6 how=$7
  local stamp=$dir/.ladder-sha256
  mkdir -p "$(dirname "$dir")"
  # One builder per rung at a time (setup scripts of several checkouts share build-deps/).
  mkdir -p "$(dirname "$dir")/.ladder-locks"
  exec 9>"$(dirname "$dir")/.ladder-locks/$(basename "$dir")"
  flock 9
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sha" ] && [ "$stamp" -nt "$script" ] &&
    verified "$cache/$tarball" "$sha" && [ "$stamp" -nt "$cache/$tarball" ] && [ -e "$dir/$library" ]; then
    exec 9>&-
    echo "$PWD/$dir/$library"
    return
  fi
  fetch "$package" "$tarball" "$sha"
  rm -f "$stamp"
  [ "$how" = embedded-postgres ] || mkdir -p "$dir"
  case $how in
    sqlite-amalgamation) build_sqlite "$version" "$tarball" "$dir" "$library" ;;
    duckdb-library) build_duckdb "$version" "$tarball" "$dir" "$library" ;;
    embedded-postgres) build_postgres "$version" "$tarball" "$dir" "$library" ;;
    *) die "$ladder: unknown build '$how'" ;;
  esac
  echo "$sha" >"$stamp"
  exec 9>&-
  echo "$PWD/$dir/$library"
}

check_newer() {
  local top package name
  top=$(tail -n 1 <<<"$rungs")
  package=$(cut -d' ' -f2 <<<"$top")
  name=${package%@*}
  command -v npm >/dev/null || die "npm is missing (apt-get install npm)"
  local versions
  versions=$(npm view "$name" versions --json 2>/dev/null) || die "npm view $name failed"
  # npm lists a package's versions in semver order, newest last.
  LADDER_VERSIONS=$versions python3 - "$name" "${package##*@}" "$newest" "$engine" <<'PY'
import json, os, sys
name, top, engine_version, engine = sys.argv[1:]
versions = json.loads(os.environ["LADDER_VERSIONS"])
versions = [versions] if isinstance(versions, str) else versions
if top not in versions:
    sys.exit(f"ladder: the registry does not list {name}@{top}, the ladder's newest rung")
newer = versions[versions.index(top) + 1:]
if not newer:
    print(f"{engine}: the ladder's newest rung {engine_version} ({name}@{top}) is the newest release")
    sys.exit(0)
print(f"{engine}: the registry has {len(newer)} release(s) of {name} newer than the ladder's "
      f"newest rung {engine_version} ({top}): {', '.join(newer)}; add the newest as a rung "
      f"(docs/version-ladders.md)")
sys.exit(1)
PY
}

case $mode in
  build)
    # shellcheck disable=SC2046
    make_rung $(rung_line "${wanted:-$newest}") ;;
  all)
    while read -r line; do
      # shellcheck disable=SC2086
      make_rung $line
    done <<<"$rungs" ;;
  path)
    line=$(rung_line "${wanted:-$newest}")
    read -r _ _ _ _ dir library _ <<<"$line"
    echo "$PWD/$dir/$library" ;;
  list)
    while read -r version package sha _ dir library _; do
      state="not fetched"
      [ -f "$dir/.ladder-sha256" ] && [ "$(cat "$dir/.ladder-sha256")" = "$sha" ] &&
        state="$PWD/$dir/$library"
      echo "$version $package $state"
    done <<<"$rungs" ;;
  check-newer) check_newer ;;
esac
