#!/usr/bin/env bash
# Builds the unit and engine tests (and eriq-gen, which they run) with AddressSanitizer and
# UBSan into build-asan/ (g++, -DERIQ_SANITIZE=ON) and runs them there; any sanitizer report
# fails the test that triggered it. The lint checks and the timing-sensitive script tests
# (ctest labels lint and script, CMakeLists.txt) run only in the normal build.
#   tools/sanitize.sh [ARG ...]           build, then run; ARGs go to ctest (e.g. -R fuzz_)
#   tools/sanitize.sh --build-only        only build
#   tools/sanitize.sh --test-only [ARG ...]   only run (tools/test.sh times the two apart)
# tools/test.sh calls it with its servers running (ERIQ_MARIADB_URL, ERIQ_POSTGRES_URL);
# without them the live tests are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
build=1
run=1
case "${1:-}" in
  --build-only) run=0; shift ;;
  --test-only) build=0; shift ;;
esac
if [ "$build" = 1 ]; then
  # -O1 -g1 (line tables only): a third of the compile time of -O2 -g here, same stack traces.
  ERIQ_BUILD_TARGETS=eriq_unit_engine_tests tools/build.sh build-asan -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DERIQ_SANITIZE=ON
fi
[ "$run" = 1 ] || exit 0
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
ctest --test-dir build-asan -j2 --output-on-failure -LE 'lint|script' "$@"
