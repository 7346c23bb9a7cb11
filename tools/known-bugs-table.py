#!/usr/bin/env python3
"""Prints docs/known-bugs.md, the table of bugs found by eriq, from known-bugs/*.toml:
    python3 tools/known-bugs-table.py > docs/known-bugs.md
(tests/scripts/known_bugs_page_test.sh fails when the page is not what this prints)."""
import pathlib
import sys
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent
if len(sys.argv) > 1:
    print(__doc__.strip(), file=sys.stderr)
    sys.exit(2)
rows = []
for path in sorted((root / "known-bugs").glob("*.toml")):
    for bug in tomllib.loads(path.read_text()).get("bug", []):
        if bug["status"] == "not_a_bug":
            continue
        versions = ", ".join(bug.get("reproduces_in", []))
        case = bug.get("case", "")
        rows.append(f"| {path.stem} | {bug['id']} | {bug['status']} | {versions} | `{case}` |")
print(f"""# Bugs found by eriq

Generated from `known-bugs/*.toml` by `python3 tools/known-bugs-table.py > docs/known-bugs.md`;
do not edit by hand. {len(rows)} bugs (entries marked `not_a_bug` are left out). Each entry
of `known-bugs/<dialect>.toml` lists the group signatures of its findings, so `eriq-gen triage`
marks them with their status (new: not reported yet; reported; fixed), and carries a reduced
case (`eriq-gen --case FILE` runs it) and, when new or reported, a ready-to-file title and
report text (a minimal script, the expected and the actual rows, the argument from the
manual). How findings become these entries: [triage.md](triage.md).

| dialect | id | status | reproduces in | reduced case |
|---|---|---|---|---|""")
print("\n".join(rows))
