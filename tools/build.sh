#!/usr/bin/env bash
# Configures and builds eriq into a build directory, with all cores:
#   tools/build.sh DIR [CMAKE_ARG ...]      e.g. tools/build.sh build -DCMAKE_BUILD_TYPE=Release
# The generator is Ninja when installed (tools/setup.sh installs ninja-build), else Unix
# Makefiles; a directory configured before keeps its generator (CMake cannot switch one).
# ccache is the compiler launcher when installed. ERIQ_BUILD_TARGETS (space-separated)
# builds only those targets (tools/sanitize.sh: eriq_unit_engine_tests).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: tools/build.sh DIR [CMAKE_ARG ...]" >&2; exit 2; }
dir=$1
shift
generator=
if [ -f "$dir/CMakeCache.txt" ]; then
  generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$dir/CMakeCache.txt")
fi
if [ -z "$generator" ]; then
  if command -v ninja >/dev/null; then generator=Ninja; else generator="Unix Makefiles"; fi
fi
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$dir" -G "$generator" "${launcher[@]}" "$@" >/dev/null
targets=()
for t in ${ERIQ_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$dir" -j"$(nproc)" "${targets[@]}"
