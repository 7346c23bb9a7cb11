#!/usr/bin/env bash
# Fuzzes eriq's input formats with libFuzzer (clang, ASan+UBSan), SECONDS per target:
#   tools/fuzz.sh [SECONDS] [TARGET...]     default 60 s, all targets
# Targets (tests/fuzz/<target>.cpp): dsl_parse grammar_file dialect_file rules_file case_file
# known_bugs_file finding_folder statement_gate prove_sql.
# Builds build-fuzz/ when needed. The corpus grows in fuzz-out/corpus/<target> across runs
# (seeded from the shipped files and tests/data/fuzz-regressions/<target>); crashes, hangs
# (over 5 s) and out-of-memory inputs go to fuzz-out/crashes/<target>/. Prints per target
# executions, seconds and the crashes of this run; exits 1 when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] ||
  targets=(dsl_parse grammar_file dialect_file rules_file case_file known_bugs_file finding_folder
    statement_gate prove_sql)
out=fuzz-out
cxx=${ERIQ_FUZZ_CXX:-clang++-14}

command -v "$cxx" >/dev/null || tools/setup.sh --fuzz
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  CXX=$cxx cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DERIQ_FUZZ=ON >/dev/null
fi
for t in "${targets[@]}"; do
  cmake --build build-fuzz -j"$(nproc)" --target "fuzz_$t" >/dev/null
done

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Inputs are written under one folder per run: libFuzzer's fork-mode children exit
# without running atexit, so the per-process folders are removed here.
tmp_base=${ERIQ_FUZZ_TMP:-/dev/shm}
[ -d "$tmp_base" ] && [ -w "$tmp_base" ] || tmp_base=${TMPDIR:-/tmp}
ERIQ_FUZZ_TMP=$(mktemp -d "$tmp_base/eriq-fuzz-run.XXXXXX")
export ERIQ_FUZZ_TMP
trap 'rm -rf "$ERIQ_FUZZ_TMP"' EXIT
summary=()
failed=0
for t in "${targets[@]}"; do
  mkdir -p "$out/corpus/$t" "$out/crashes/$t" "$out/logs"
  rm -rf "$out/seeds/$t"
  python3 tools/fuzz_seeds.py "$t" "$out/seeds/$t" "$out/$t.dict" >/dev/null
  cp tests/data/fuzz-regressions/"$t"/* "$out/seeds/$t/" 2>/dev/null || true
  before=$(ls "$out/crashes/$t" | wc -l)
  log="$out/logs/$t.log"
  start=$(date +%s)
  # Fork mode goes on after a crash or a hang; every artifact is kept.
  "build-fuzz/tests/fuzz/fuzz_$t" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$out/$t.dict" -artifact_prefix="$out/crashes/$t/" \
    "$out/corpus/$t" "$out/seeds/$t" >"$log" 2>&1 || true
  took=$(($(date +%s) - start))
  execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  crashes=$(($(ls "$out/crashes/$t" | wc -l) - before))
  [ "$crashes" = 0 ] || failed=1
  summary+=("$(printf '%-13s executions %10s  seconds %5s  crashes %s' "$t" "${execs:-0}" "$took" "$crashes")")
done
printf '%s\n' "${summary[@]}"
[ "$failed" = 0 ] || echo "crash inputs: $out/crashes/<target>/ (logs: $out/logs/)"
exit "$failed"
