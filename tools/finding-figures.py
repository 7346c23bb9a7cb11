#!/usr/bin/env python3
"""Figures of a campaign's findings for docs/benchmarks.md.

    python3 tools/finding-figures.py OUT [OUT...]

Prints the number of findings (server faults apart), the groups of their reduced forms
(group_signature of FINDING/reduced/finding.toml, else of the finding itself), and the
median statements, I and Q characters before and after reduction and the median reduction
time, from the finding.toml files eriq-gen writes.
"""
import os
import statistics
import sys
import tomllib
from collections import Counter


def finding_dirs(out):
    for root, dirs, files in os.walk(out):
        if "finding.toml" in files and os.path.basename(root) != "reduced":
            yield root


def load(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def main(outs):
    before, after = [], []
    groups, patterns = Counter(), {}
    faults = 0
    for out in outs:
        for d in sorted(finding_dirs(out)):
            original = load(os.path.join(d, "finding.toml"))
            if original["pattern"] == "server_fault":
                faults += 1
                continue
            reduced_path = os.path.join(d, "reduced", "finding.toml")
            reduced = load(reduced_path) if os.path.isfile(reduced_path) else None
            before.append(original)
            if reduced:
                after.append(reduced)
            key = (reduced or original)["group_signature"]
            groups[key] += 1
            patterns[key] = original["pattern"]

    def median(records, field):
        return statistics.median(r[field] for r in records) if records else float("nan")

    print(f"findings: {len(before)} (and {faults} server faults); reduced: {len(after)}; "
          f"groups: {len(groups)}")
    print(f"median statements {median(before, 'statements')} -> {median(after, 'statements')}; "
          f"I {median(before, 'intermediate_chars')} -> {median(after, 'intermediate_chars')}; "
          f"Q {median(before, 'referencing_chars')} -> {median(after, 'referencing_chars')} "
          f"characters; median reduction {median(after, 'reduction_seconds'):.2f} s "
          f"(max {max((r['reduction_seconds'] for r in after), default=0):.2f} s)")
    for key, count in groups.most_common():
        print(f"  {key}  {count:4d}  {patterns[key]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
