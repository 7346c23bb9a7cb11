#!/usr/bin/env python3
"""Computes the version fields of known-bugs/ENGINE.toml from the engine's version ladder.

For each [[bug]] with a case (server faults left out), runs `eriq-gen replay CASE --ladder
ENGINE` on every rung tools/ladder.sh has built, and derives:
  reproduces_in / does_not_reproduce_in  the rungs where the case shows the entry's pattern,
                                         and where it does not; versions the ladder does not
                                         have (Debian's own library, 3.40.1) are kept as listed
  status, fixed_in                       `new` (or `reported`) only when the newest rung
                                         reproduces; otherwise `fixed`, fixed_in the first
                                         rung after the last reproducing one; not_a_bug stays
A rung where the case is inconsistent with another pattern counts as not reproducing and is
named in the output, except an error raised in the entry's representations and more (the
entry's error_only_in_VIEW+DERIVED where the rung shows error_only_in_VIEW+CTE+DERIVED). An
entry that reproduces on no rung keeps its status.
  tools/known-bug-versions.py sqlite|duckdb           print what would change
  tools/known-bug-versions.py sqlite|duckdb --write   rewrite known-bugs/ENGINE.toml
Needs every rung built (tools/ladder.sh ENGINE --all); ERIQ_BIN picks eriq-gen.
"""
import os
import re
import subprocess
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r"^(?P<case>.*?) \[(?P<rung>[^\]]+)\] (?P<text>.*)$")


def release_key(version):
    return tuple(int(p) if p.isdigit() else -1 for p in version.split("."))


def ladder_run(binary, engine, case):
    """Per rung (oldest first): (version, verdict text); and the range line."""
    proc = subprocess.run([binary, "replay", case, "--ladder", engine, "--quiet"],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode not in (0, 1):
        sys.exit(f"known-bug-versions: {case}: {proc.stderr.strip() or proc.stdout.strip()}")
    rungs, summary = [], ""
    for line in proc.stdout.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        if m["rung"] == "range":
            summary = m["text"]
        elif m["rung"] != "case":
            rungs.append((m["rung"], m["text"]))
    errors = [f"{v}: {t}" for v, t in rungs if t.startswith("error:")]
    if errors:
        sys.exit(f"known-bug-versions: {case}: rungs that did not run (tools/ladder.sh {engine} "
                 f"--all builds them): " + "; ".join(errors))
    return rungs, summary


def error_forms(pattern):
    """{"VIEW", "DERIVED"} for error_only_in_VIEW+DERIVED(TEMPT_SKIP); None for other patterns."""
    if not pattern.startswith("error_only_in_"):
        return None
    return set(pattern.removeprefix("error_only_in_").split("(")[0].split("+"))


def shows_entry(shown, pattern):
    """The rung shows the entry's bug: its pattern, or the same error in more forms."""
    if shown == pattern:
        return True
    entry, rung = error_forms(pattern), error_forms(shown)
    return entry is not None and rung is not None and entry <= rung


def judge(bug, rungs):
    """The new version fields of one entry and notes on rungs with another pattern."""
    pattern = bug.get("pattern", "")
    yes, no, notes = [], [], []
    for version, text in rungs:
        shown = text.removeprefix("reproduces: ") if text.startswith("reproduces: ") else None
        if shown is not None and shows_entry(shown.split(" (a [[benign]]")[0], pattern):
            yes.append(version)
        else:
            no.append(version)
            if shown is not None:
                notes.append(f"{version} shows {shown}")
    ladder = {v for v, _ in rungs}
    keep = lambda key: [v for v in bug.get(key, []) if v not in ladder]
    fields = {
        "reproduces_in": sorted(yes + keep("reproduces_in"), key=release_key),
        "does_not_reproduce_in": sorted(no + keep("does_not_reproduce_in"), key=release_key),
        "status": bug["status"],
        "fixed_in": bug.get("fixed_in"),
    }
    newest = rungs[-1][0]
    if bug["status"] != "not_a_bug" and yes:
        if newest in yes:
            fields["status"] = "new" if bug["status"] == "fixed" else bug["status"]
            fields["fixed_in"] = None
        else:
            order = [v for v, _ in rungs]
            fields["status"] = "fixed"
            fields["fixed_in"] = order[order.index(yes[-1]) + 1]
    return fields, notes


def strict_range(rungs, yes):
    """The range of the rungs that show the entry's pattern, worded as replay --ladder does."""
    order = [v for v, _ in rungs]
    if not yes:
        return f"on no rung tried ({order[0]} .. {order[-1]})"
    if len(yes) == len(order):
        return f"all tried ({order[0]} .. {order[-1]})"
    first, last = order.index(yes[0]), order.index(yes[-1])
    text = f"since {yes[0]}" + (" (the oldest tried)" if first == 0 else "")
    text += (f", still in {yes[-1]} (the newest tried)" if last == len(order) - 1
             else f", fixed in {order[last + 1]}")
    gaps = [v for v in order[first:last + 1] if v not in yes]
    return text + (f", not on {', '.join(gaps)}" if gaps else "")


def toml_list(values):
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"


def rewrite_block(block, fields):
    """One [[bug]] block's text with its version fields and status replaced or added."""
    lines = block.split("\n")
    wanted = {
        "status": f'status = "{fields["status"]}"',
        "fixed_in": f'fixed_in = "{fields["fixed_in"]}"' if fields["fixed_in"] else None,
        "reproduces_in": f'reproduces_in = {toml_list(fields["reproduces_in"])}'
        if fields["reproduces_in"] else None,
        "does_not_reproduce_in":
        f'does_not_reproduce_in = {toml_list(fields["does_not_reproduce_in"])}'
        if fields["does_not_reproduce_in"] else None,
    }
    out, seen = [], set()
    for line in lines:
        key = line.split("=", 1)[0].strip() if "=" in line and not line.startswith((" ", "#")) else ""
        if key in wanted:
            seen.add(key)
            if wanted[key]:
                out.append(wanted[key])
            continue
        out.append(line)
    # Missing keys: fixed_in after status, the version lists after case.
    for key, after in (("fixed_in", "status"), ("reproduces_in", "case"),
                       ("does_not_reproduce_in", "reproduces_in")):
        if key in seen or not wanted[key]:
            continue
        at = next((i for i, l in enumerate(out) if l.startswith(after + " =")), len(out) - 1)
        out.insert(at + 1, wanted[key])
    return "\n".join(out)


def main():
    args = sys.argv[1:]
    write = "--write" in args
    args = [a for a in args if a != "--write"]
    if len(args) != 1 or args[0] not in ("sqlite", "duckdb"):
        print("usage: tools/known-bug-versions.py sqlite|duckdb [--write]", file=sys.stderr)
        sys.exit(2)
    engine = args[0]
    binary = os.environ.get("ERIQ_BIN", os.path.join(ROOT, "build", "eriq-gen"))
    path = os.path.join(ROOT, "known-bugs", f"{engine}.toml")
    text = open(path, encoding="utf-8").read()
    bugs = tomllib.loads(text).get("bug", [])
    # The file's text split at its [[bug]] headers; block i + 1 is bug i.
    blocks = re.split(r"(?m)^(?=\[\[bug\]\]$)", text)
    if len(blocks) != len(bugs) + 1:
        sys.exit(f"known-bug-versions: {path}: expected one '[[bug]]' line per entry")
    changed = False
    for i, bug in enumerate(bugs):
        if not bug.get("case") or bug.get("pattern") == "server_fault":
            continue
        rungs, summary = ladder_run(binary, engine, bug["case"])
        fields, notes = judge(bug, rungs)
        before = (bug["status"], bug.get("fixed_in"), bug.get("reproduces_in", []),
                  bug.get("does_not_reproduce_in", []))
        after = (fields["status"], fields["fixed_in"], fields["reproduces_in"],
                 fields["does_not_reproduce_in"])
        mark = "" if before == after else "  CHANGED"
        ladder_yes = [v for v, _ in rungs if v in fields["reproduces_in"]]
        print(f"{bug['id']}: {strict_range(rungs, ladder_yes)}{mark}")
        print(f"  any inconsistency: {summary}")
        print(f"  status {before[0]} -> {after[0]}" + (f", fixed in {after[1]}" if after[1] else ""))
        print(f"  reproduces_in {toml_list(after[2])}")
        if not ladder_yes:
            print("  reproduces on no rung: status left as it was")
        for note in notes:
            print(f"  note: {note} (not the entry's pattern {bug.get('pattern', '')})")
        if before != after:
            changed = True
            blocks[i + 1] = rewrite_block(blocks[i + 1], fields)
    if write and changed:
        new_text = "".join(blocks)
        tomllib.loads(new_text)  # still TOML
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(new_text)
        os.replace(path + ".tmp", path)
        print(f"rewrote {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
