#!/usr/bin/env bash
# The size limits of src/ (tools/check-code-size.sh): no file over 400 lines, no function
# over 80 lines. Uses the compile_commands.json of the build that runs the test; ctest runs it
# in two parts (ERIQ_CODE_SIZE_PART, CMakeLists.txt).
# Skipped (77) only when clang-tidy is not installed.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
command -v clang-tidy-14 >/dev/null || command -v clang-tidy >/dev/null || {
  echo "clang-tidy not installed"
  exit 77
}
build=$(dirname "${ERIQ_BIN:-$ROOT/build/eriq-gen}")
exec "$ROOT/tools/check-code-size.sh" "$build"
