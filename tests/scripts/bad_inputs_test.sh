#!/usr/bin/env bash
# Golden tests for malformed input (taocpp/config style): every folder
# tests/data/bad/<area>/<case>/ holds
#   args      the eriq-gen arguments, one line, read by the shell; $CASE is that folder
#             and $ROOT the repository (eriq-gen runs with the repository as its cwd)
#   expected  line 1: the exit code; the rest: the exact stderr, with $CASE and $ROOT
#             written for those paths
#   env       (optional) NAME=VALUE lines added to the environment; the batch schedulers'
#             shard variables are removed from it for every case (engine/shard_environment.hpp)
# Each run gets 20 s (a hang fails) and a fresh --out folder unless args names one.
# UPDATE_GOLDEN=1 rewrites the expected files from what eriq-gen prints now.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$ROOT/build/eriq-gen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$ROOT" || exit 1
scheduler_unset=()
for var in SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX \
  SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX; do
  scheduler_unset+=(-u "$var")
done
total=0
failed=0
for CASE in "$ROOT"/tests/data/bad/*/*/; do
  CASE=${CASE%/}
  [ -f "$CASE/args" ] || continue
  total=$((total + 1))
  name=${CASE#"$ROOT"/tests/data/bad/}
  args=$(cat "$CASE/args")
  out="$work/out-$total"
  eval "set -- $args"
  case_env=()
  [ -f "$CASE/env" ] && mapfile -t case_env <"$CASE/env"
  timeout -s KILL 20 env "${scheduler_unset[@]}" "${case_env[@]}" \
    "$bin" --out "$out" "$@" >"$work/stdout" 2>"$work/stderr" </dev/null
  status=$?
  actual="$status"$'\n'$(sed -e "s|$CASE|\$CASE|g" -e "s|$ROOT|\$ROOT|g" -e "s|$out|\$OUT|g" "$work/stderr")
  if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
    printf '%s\n' "$actual" >"$CASE/expected"
    continue
  fi
  expected=$(cat "$CASE/expected" 2>/dev/null)
  if [ "$status" -ge 124 ]; then
    echo "FAIL $name: exit $status (crash or hang)"
    failed=$((failed + 1))
  elif [ "$actual" != "$expected" ]; then
    echo "FAIL $name"
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") | head -20
    failed=$((failed + 1))
  fi
done
echo "bad inputs: $total tried, $((total - failed)) rejected as expected, $failed failed"
[ "$total" -gt 0 ] && [ "$failed" = 0 ]
