#!/usr/bin/env bash
# The project's size limits over src/: no file over 400 lines, no function over 80 lines.
# Function length is clang-tidy's readability-function-size (LineThreshold 80: lines from
# the opening to the closing brace, comments and blank lines included) over every src/ file
# in BUILD_DIR/compile_commands.json, headers included through them.
# Prints one line per offender and exits 1 if there is one, 0 if none, 2 on a usage error.
# Usage: tools/check-code-size.sh [BUILD_DIR]   (default build; JOBS=2 clang-tidy processes)
# ERIQ_CODE_SIZE_PART=K/N checks only the K-th of N interleaved shares of the files (the file
# lengths in part 1), so that ctest runs the check as N tests of bounded time.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$ROOT/build}" 2>/dev/null && pwd) || { echo "no build directory ${1:-build}" >&2; exit 2; }
db=$build/compile_commands.json
tidy=$(command -v clang-tidy-14 || command -v clang-tidy) || { echo "clang-tidy not found" >&2; exit 2; }
[ -f "$db" ] || { echo "$db missing: configure with cmake first" >&2; exit 2; }
max_file_lines=400
max_function_lines=80

part=${ERIQ_CODE_SIZE_PART:-1/1}
[[ $part =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] && [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] ||
  { echo "ERIQ_CODE_SIZE_PART must be K/N with 1 <= K <= N, got $part" >&2; exit 2; }
part_index=${BASH_REMATCH[1]}
part_count=${BASH_REMATCH[2]}
offenders=$(mktemp)
trap 'rm -f "$offenders"' EXIT
cd "$ROOT" || exit 2
if [ "$part_index" = 1 ]; then
  find src -name '*.cpp' -o -name '*.hpp' | sort | while read -r f; do
    n=$(wc -l <"$f")
    [ "$n" -le "$max_file_lines" ] || echo "$f: $n lines (over $max_file_lines)"
  done >>"$offenders"
fi

config="{CheckOptions: [{key: readability-function-size.LineThreshold, value: $max_function_lines},
  {key: readability-function-size.StatementThreshold, value: 1000000}]}"
sources=$(python3 -c 'import json, sys
for e in json.load(open(sys.argv[1])):
    if e["file"].startswith(sys.argv[2]): print(e["file"])' "$db" "$ROOT/src/" | sort -u |
  awk -v k="$part_index" -v n="$part_count" '(NR - 1) % n == k - 1')
[ -n "$sources" ] || { echo "no src/ file of part $part in $db" >&2; exit 2; }
# clang-tidy prints "FILE:L:C: warning: function 'NAME' exceeds ..." then
# "FILE:L:C: note: N lines including whitespace and comments (threshold 80)".
printf '%s\n' "$sources" |
  xargs -P "${JOBS:-2}" -n 4 "$tidy" -p "$build" --quiet -checks='-*,readability-function-size' \
    -config="$config" -header-filter="^$ROOT/src/" 2>/dev/null |
  sed -n -E "s|^$ROOT/([^:]+):([0-9]+):[0-9]+: warning: function '([^']+)'.*|\1:\2: function '\3'|p;
             s|^.*: note: ([0-9]+) lines including.*| \1|p" |
  paste -d '' - - | sed -E "s|$| lines (over $max_function_lines)|" | sort -u >>"$offenders"

if [ -s "$offenders" ]; then
  sort -t: -k1,1 -k2,2n "$offenders"
  echo "code size: $(wc -l <"$offenders") over the limits" >&2
  exit 1
fi
echo "code size ($part): every file under $max_file_lines lines, every function under $max_function_lines"
