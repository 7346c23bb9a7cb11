#!/usr/bin/env bash
# Same seed => same SQL: runs `eriq-gen --seed S --cases N --dry-run` for every dialect with
# two eriq-gen binaries (or saved outputs) and byte-compares what they print. Builds nothing.
#
#   tools/dry-run-compare.sh A B            A, B: an eriq-gen binary or a folder of saved outputs
#   tools/dry-run-compare.sh --save DIR BIN saves BIN's outputs in DIR (<dialect>.sql)
#
# Each binary runs in an empty scratch folder, so it reads the dialect and grammar files of
# the source tree it was built from (ERIQ_SOURCE_DIR), not those of the current folder.
# Environment: SEED (default 7), CASES (default 3000), DIALECTS (default: the shipped six).
# Exit status: 0 when every dialect's output is identical, 1 when one differs, 2 on misuse.
set -uo pipefail
SEED=${SEED:-7}
CASES=${CASES:-3000}
DIALECTS=${DIALECTS:-"sqlite mariadb postgres mysql tidb oceanbase"}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# output SOURCE DIALECT FILE: SOURCE's dry-run output for DIALECT into FILE.
output() {
  local source=$1 dialect=$2 file=$3
  if [ -d "$source" ]; then
    [ -f "$source/$dialect.sql" ] || { echo "no saved output $source/$dialect.sql" >&2; return 1; }
    cp "$source/$dialect.sql" "$file"
    return 0
  fi
  local run="$scratch/run"
  rm -rf "$run" && mkdir -p "$run"
  (cd "$run" && "$source" --dialect "$dialect" --seed "$SEED" --cases "$CASES" --dry-run) \
    >"$file" 2>"$file.stderr"
  local status=$?
  if [ "$status" != 0 ]; then
    echo "$source --dialect $dialect exited $status:" >&2
    head -5 "$file.stderr" >&2
    return 1
  fi
}

binary_or_folder() {
  [ -d "$1" ] || [ -x "$1" ] || { echo "not an eriq-gen binary or a folder: $1" >&2; exit 2; }
  if [ -d "$1" ]; then (cd "$1" && pwd); else echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; fi
}

if [ "${1:-}" = --save ]; then
  [ $# = 3 ] || usage
  mkdir -p "$2"
  bin=$(binary_or_folder "$3")
  for dialect in $DIALECTS; do
    output "$bin" "$dialect" "$2/$dialect.sql" || exit 1
    echo "$dialect: $(wc -c <"$2/$dialect.sql") bytes saved"
  done
  exit 0
fi
[ $# = 2 ] || usage
a=$(binary_or_folder "$1")
b=$(binary_or_folder "$2")
differ=0
for dialect in $DIALECTS; do
  output "$a" "$dialect" "$scratch/a.sql" || exit 1
  output "$b" "$dialect" "$scratch/b.sql" || exit 1
  if cmp -s "$scratch/a.sql" "$scratch/b.sql"; then
    echo "$dialect: identical ($(wc -c <"$scratch/a.sql") bytes, seed $SEED, $CASES cases)"
  else
    echo "$dialect: DIFFERENT (seed $SEED, $CASES cases); first difference:"
    diff "$scratch/a.sql" "$scratch/b.sql" | head -6
    differ=1
  fi
done
exit "$differ"
