#!/usr/bin/env bash
# eriq-prove on the Calcite rewrite pairs: proved / supported / total, time per pair, and a
# table per category (the first word of the pair's name: Push, Reduce, Empty, ...).
#   tools/prove-bench.sh [PAIRS_DIR] [eriq-prove options, e.g. --search-ms 0]
#   (PAIRS_DIR default tests/data/calcite-pairs)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$ROOT/tests/data/calcite-pairs}
shift || true
prove=${ERIQ_PROVE:-$ROOT/build/eriq-prove}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$prove" --schema "$dir/schema.sql" --pairs "$dir/calcite_tests.json" --json "$@" >"$out"
python3 - "$out" <<'PY'
import collections, json, re, sys
r = json.load(open(sys.argv[1]))
print(f"proved {r['proved']} / supported {r['supported']} / total {r['total']} "
      f"(not equivalent {r['not_equivalent']}, unknown {r['unknown']}, "
      f"unsupported {r['unsupported']}, parse errors {r['parse_errors']})")
ce = [p["counterexample"] for p in r["pairs"] if "counterexample" in p]
if ce:
    rows = sorted(c["rows"] for c in ce)
    secs = sorted(c["search_seconds"] for c in ce)
    print(f"counterexamples: {len(ce)}, rows median {rows[len(rows) // 2]} max {rows[-1]}, "
          f"search seconds median {secs[len(secs) // 2]:.4f} max {secs[-1]:.4f}")
print(f"seconds per pair: median {r['median_seconds']:.4f}, median of proved "
      f"{r['median_proved_seconds']:.4f}, max {r['max_seconds']:.4f}")
cat = collections.defaultdict(collections.Counter)
for p in r["pairs"]:
    m = re.match(r"test([A-Z][a-z]+)", p["name"])
    cat[m.group(1) if m else "other"][p["result"]] += 1
print("\n| category | pairs | proved | not equivalent | unknown | unsupported | parse error |")
print("|---|---|---|---|---|---|---|")
for name, c in sorted(cat.items(), key=lambda kv: -sum(kv[1].values())):
    print(f"| {name} | {sum(c.values())} | {c['proved']} | {c['not equivalent']} | "
          f"{c['unknown']} | {c['unsupported']} | {c['parse error']} |")
for verdict in ("unsupported", "unknown", "parse error"):
    reasons = collections.Counter(" ".join(p["detail"].split(";")[0].split(" ")[:2])
                                  for p in r["pairs"] if p["result"] == verdict)
    print(f"\n{verdict}: " + ", ".join(f"{k.strip()} {v}" for k, v in reasons.most_common()))
PY
