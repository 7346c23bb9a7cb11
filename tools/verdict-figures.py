#!/usr/bin/env python3
"""Verdict figures of campaigns: groups, the share with an automatic verdict, evidence time.

verdict-figures.py OUT... : runs `eriq-gen triage --json` over the output folders (ERIQ_BIN,
default build/eriq-gen) and prints, per group, its verdict and pattern, then the totals: groups,
verdicts by kind, the share that is not "unclear", and the seconds spent collecting evidence
over every reduced finding (evidence_seconds in reduced/finding.toml).
"""
import json
import os
import pathlib
import subprocess
import sys
import tomllib


def main():
    dirs = sys.argv[1:]
    if not dirs:
        sys.exit(__doc__)
    eriq = os.environ.get("ERIQ_BIN", "build/eriq-gen")
    triage = json.loads(subprocess.run([eriq, "triage", "--json", *dirs], check=True,
                                       capture_output=True, text=True).stdout)
    kinds = {}
    for g in triage["groups"]:
        v = g["verdict"]
        kinds[v["kind"]] = kinds.get(v["kind"], 0) + 1
        print(f'{g["signature"]}  {g["count"]:3d}  {v["headline"]:40s}  {g["pattern"]}'
              f'  [{g["status"]}]')
    seconds = 0.0
    reduced = 0
    for d in dirs:
        for f in pathlib.Path(d).glob("*/reduced/finding.toml"):
            record = tomllib.loads(f.read_text())
            if "evidence_seconds" in record:
                seconds += record["evidence_seconds"]
                reduced += 1
    groups = len(triage["groups"])
    decided = groups - kinds.get("unclear", 0)
    print(f"findings {triage['findings']}, groups {groups}: "
          + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    print(f"automatic verdict (not unclear): {decided} of {groups}"
          + (f" ({100 * decided / groups:.0f}%)" if groups else ""))
    print(f"evidence: {seconds:.1f} s over {reduced} reduced finding(s)")


if __name__ == "__main__":
    main()
