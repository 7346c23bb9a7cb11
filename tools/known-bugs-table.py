#!/usr/bin/env python3
"""Prints docs/known-bugs.md, the table of bugs found by eriq, from known-bugs/*.toml:
    python3 tools/known-bugs-table.py > docs/known-bugs.md
(tests/scripts/known_bugs_page_test.sh fails when the page is not what this prints).
The releases a bug reproduces in are shown as ranges of the engine's version ladder
(tools/ladders/ENGINE.toml): consecutive rungs as "A .. B", releases not on the ladder as
listed unless a range covers them."""
import pathlib
import sys
import tomllib

root = pathlib.Path(__file__).resolve().parent.parent


def ladder_versions(dialect):
    path = root / "tools" / "ladders" / f"{dialect}.toml"
    if not path.exists():
        return []
    return [rung["version"] for rung in tomllib.loads(path.read_text()).get("rung", [])]


def release_key(version):
    return tuple(int(p) if p.isdigit() else -1 for p in version.split("."))


def versions_text(versions, ladder):
    runs, run = [], []
    for i, version in enumerate(ladder):
        if version in versions and run and ladder.index(run[-1]) == i - 1:
            run.append(version)
        elif version in versions:
            run = [version]
            runs.append(run)
    parts = [(r[0], f"{r[0]} .. {r[-1]}" if len(r) > 1 else r[0]) for r in runs]
    # A release off the ladder inside a run (Debian's 3.40.1 within 3.40.0 .. 3.41.0) is implied.
    inside = lambda v: any(release_key(r[0]) <= release_key(v) <= release_key(r[-1]) for r in runs)
    parts += [(v, v) for v in versions if v not in ladder and not inside(v)]
    return ", ".join(text for _, text in sorted(parts, key=lambda p: release_key(p[0])))


if len(sys.argv) > 1:
    print(__doc__.strip(), file=sys.stderr)
    sys.exit(2)
rows = []
for path in sorted((root / "known-bugs").glob("*.toml")):
    ladder = ladder_versions(path.stem)
    for bug in tomllib.loads(path.read_text()).get("bug", []):
        if bug["status"] == "not_a_bug":
            continue
        versions = versions_text(bug.get("reproduces_in", []), ladder)
        status = bug["status"]
        if status == "fixed" and bug.get("fixed_in"):
            status += f" in {bug['fixed_in']}"
        case = bug.get("case", "")
        rows.append(f"| {path.stem} | {bug['id']} | {status} | {versions} | `{case}` |")
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
