#!/usr/bin/env python3
"""How well a campaign's findings group, under the group signature and under other keys.

    python3 tools/grouping-figures.py [--eriq build/eriq-gen] OUT [OUT...]

The reference is triage with the repository's known-bug lists: a finding of a known bug is
labelled with the bug's id, any other with its own group signature. For each key this prints
the number of groups, the groups that mix findings of two or more known bugs ("mixed": a key
too coarse) and the findings outside their group's most common known bug ("misplaced"), and
the known bugs spread over two or more groups ("split": a key too fine).
Keys, from each finding's reduced finding.toml (the finding itself when it was not reduced):
  signature          the group signature eriq writes (pattern, constructs, functions, types)
  +settings          the signature's features and the optimizer settings the reduced case
                     depends on (setting_dependence)
  settings-functions pattern, settings, constructs and types; no function names
  settings+functions pattern, settings and I's function names; no constructs or types
  settings           pattern and settings alone
Server faults are left out (they group by crash site, not by these keys).
"""
import argparse
import json
import os
import subprocess
import sys
import tomllib
from collections import defaultdict


def load(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def best_record(member):
    reduced = os.path.join(member, "reduced", "finding.toml")
    if os.path.basename(member) == "reduced":
        return load(os.path.join(member, "finding.toml"))
    return load(reduced if os.path.isfile(reduced) else os.path.join(member, "finding.toml"))


def settings_of(record):
    if "setting_dependence" not in record:
        return "settings:unmeasured"
    return "settings:" + ",".join(record["setting_dependence"])


def keys_of(record):
    features = record.get("group_features", [])
    pattern = [f for f in features if f.startswith("pattern:")]
    functions = [f for f in features if f.startswith("function:")]
    shape = [f for f in features if not f.startswith("pattern:") and f not in functions]
    settings = settings_of(record)
    return {
        "signature": record["group_signature"],
        "+settings": "|".join(features + [settings]),
        "settings-functions": "|".join(pattern + shape + [settings]),
        "settings+functions": "|".join(pattern + functions + [settings]),
        "settings": "|".join(pattern + [settings]),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--eriq", default="build/eriq-gen")
    parser.add_argument("outs", nargs="+")
    args = parser.parse_args()
    triage = json.loads(
        subprocess.run([args.eriq, "triage", "--json", *args.outs], check=True,
                       capture_output=True, text=True).stdout)
    label, records = {}, {}
    for group in triage["groups"]:
        if group["pattern"] == "server_fault":
            continue
        for member in group["members"]:
            label[member] = group["known_id"] or group["signature"]
            records[member] = best_record(member)
    known = {m: l for m, l in label.items() if not l.startswith("g")}
    print(f"{len(label)} findings, {len(set(label.values()))} groups after triage, "
          f"{len(set(known.values()))} known bugs covering {len(known)} findings")
    measured = sum(1 for r in records.values() if "setting_dependence" in r)
    print(f"setting dependence measured for {measured} of {len(records)}")
    print(f"{'key':<20} {'groups':>6} {'mixed':>6} {'misplaced':>9} {'split':>6}")
    for name in keys_of(next(iter(records.values()))) if records else []:
        groups = defaultdict(set)
        for member, record in records.items():
            groups[keys_of(record)[name]].add(member)
        mixed = sum(1 for g in groups.values() if len({known[m] for m in g if m in known}) > 1)
        misplaced = 0
        for g in groups.values():
            labels = [known[m] for m in g if m in known]
            if labels:
                misplaced += len(labels) - max(labels.count(l) for l in set(labels))
        spread = defaultdict(set)
        for key, members in groups.items():
            for m in members:
                if m in known:
                    spread[known[m]].add(key)
        split = sum(1 for keys in spread.values() if len(keys) > 1)
        print(f"{name:<20} {len(groups):>6} {mixed:>6} {misplaced:>9} {split:>6}")


if __name__ == "__main__":
    sys.exit(main())
