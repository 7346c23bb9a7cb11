#!/usr/bin/env bash
# eriq-prove's soundness harness (tools/prove_harness.py) with a fixed seed: 300 pairs made by
# random semantics-preserving and semantics-breaking edits over a small schema, each run on
# SQLite over 30 random databases; fails on any pair proved but shown to differ, or any
# counterexample that does not reproduce.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
python3 "$ROOT/tools/prove_harness.py" --seed 7 --pairs 300 --databases 30
