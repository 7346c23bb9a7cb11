#!/usr/bin/env python3
"""Prints the README's table of bugs found by eriq from known-bugs/*.toml (Markdown)."""
import pathlib
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent
print("| dialect | id | status | reproduces in | reduced case |")
print("|---|---|---|---|---|")
for path in sorted((root / "known-bugs").glob("*.toml")):
    for bug in tomllib.loads(path.read_text()).get("bug", []):
        if bug["status"] == "not_a_bug":
            continue
        versions = ", ".join(bug.get("reproduces_in", []))
        case = bug.get("case", "")
        print(f"| {path.stem} | {bug['id']} | {bug['status']} | {versions} | `{case}` |")
