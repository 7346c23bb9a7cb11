#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UBSan into build-asan/ (g++,
# -DERIQ_SANITIZE=ON) and runs the test suite there; any sanitizer report fails
# the test that triggered it. Extra arguments go to ctest (e.g. -R fuzz_).
# tools/test.sh calls it with its servers running (ERIQ_MARIADB_URL, ERIQ_POSTGRES_URL);
# without them the live tests are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
# -O1 -g1 (line tables only): a third of the compile time of -O2 -g here, same stack traces.
cmake -S . -B build-asan -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DERIQ_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)"

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
ctest --test-dir build-asan -j2 --output-on-failure "$@"
