#!/usr/bin/env bash
# Sets up (packages, build) and runs eriq-gen. With no arguments: a 60-second
# campaign against embedded in-memory SQLite, reports in eriq-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh
if [ $# -eq 0 ]; then set -- --time 60s; fi
exec build/eriq-gen "$@"
