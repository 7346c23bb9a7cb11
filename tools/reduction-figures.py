#!/usr/bin/env python3
"""Reduction figures of campaign output folders: per folder, the findings with a reduced
form, and the median statements, I and Q characters and seconds per finding, before and
after reduction (from each FINDING/finding.toml and FINDING/reduced/finding.toml).

    python3 tools/reduction-figures.py OUT [OUT ...] [--json]
"""
import json
import os
import statistics
import sys
import tomllib


def finding_dirs(out):
    for name in sorted(os.listdir(out)):
        if os.path.isfile(os.path.join(out, name, "finding.toml")):
            yield os.path.join(out, name)


def figures(out):
    rows = []
    for d in finding_dirs(out):
        reduced = os.path.join(d, "reduced", "finding.toml")
        if not os.path.isfile(reduced):
            continue
        with open(os.path.join(d, "finding.toml"), "rb") as f:
            before = tomllib.load(f)
        with open(reduced, "rb") as f:
            after = tomllib.load(f)
        rows.append((before, after))
    total = sum(1 for _ in finding_dirs(out))

    def median(side, key):
        values = [r[side][key] for r in rows]
        return statistics.median(values) if values else None

    return {
        "folder": out,
        "findings": total,
        "reduced": len(rows),
        "statements": [median(0, "statements"), median(1, "statements")],
        "intermediate_chars": [median(0, "intermediate_chars"), median(1, "intermediate_chars")],
        "referencing_chars": [median(0, "referencing_chars"), median(1, "referencing_chars")],
        "seconds": median(1, "reduction_seconds"),
        "max_seconds": max((r[1]["reduction_seconds"] for r in rows), default=None),
        "tests": median(1, "reduction_tests"),
    }


def main(argv):
    as_json = "--json" in argv
    folders = [a for a in argv if a != "--json"]
    if not folders:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    results = [figures(out) for out in folders]
    if as_json:
        print(json.dumps(results, indent=2))
        return 0
    for r in results:
        s, i, q = r["statements"], r["intermediate_chars"], r["referencing_chars"]
        print(f"{r['folder']}: {r['reduced']} of {r['findings']} findings reduced; median "
              f"statements {s[0]} -> {s[1]}, I {i[0]} -> {i[1]} and Q {q[0]} -> {q[1]} "
              f"characters, {r['seconds']} s per finding (at most {r['max_seconds']} s), "
              f"{r['tests']} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
