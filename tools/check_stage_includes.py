#!/usr/bin/env python3
"""Fails when a file under src/<stage>/ includes a header of a stage it may not use.

The allowed graph is tools/stage_graph.txt (CMakeLists.txt links the stage libraries from
the same file): lines "stage: dep dep  # comment". A stage may include its own headers and
those of every stage reachable through its deps; every folder of src/ must be a stage.
Errors name file:line and the forbidden stage.

  check_stage_includes.py --src SRC_DIR --graph GRAPH_FILE [--stamp FILE]
"""
import argparse
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([A-Za-z0-9_]+)/')


def parse_graph(path):
    graph = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        stage, sep, deps = line.partition(":")
        if not sep or not stage.strip():
            sys.exit(f"{path}:{number}: error: want 'stage: dep dep', got '{line}'")
        graph[stage.strip()] = deps.split()
    for stage, deps in graph.items():
        for dep in deps:
            if dep not in graph:
                sys.exit(f"check_stage_includes: stage '{stage}' depends on unknown '{dep}'")
    return graph


def reachable(graph, stage):
    seen, todo = {stage}, [stage]
    while todo:
        for dep in graph[todo.pop()]:
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def check(src, graph):
    errors = []
    for folder in sorted(p for p in src.iterdir() if p.is_dir()):
        stage = folder.name
        if stage not in graph:
            errors.append(f"{folder}: folder '{stage}' is not a stage in the table")
            continue
        allowed = reachable(graph, stage)
        for path in sorted(folder.rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h"):
                continue
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            for number, line in enumerate(lines, 1):
                m = INCLUDE.match(line)
                if m and m.group(1) in graph and m.group(1) not in allowed:
                    errors.append(f"{path}:{number}: error: stage '{stage}' may not include "
                                  f"'{m.group(1)}' (allowed: {', '.join(sorted(allowed))})")
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True, type=pathlib.Path)
    ap.add_argument("--stamp", type=pathlib.Path, help="touched when the check passes")
    ap.add_argument("--graph", required=True, type=pathlib.Path)
    args = ap.parse_args()
    errors = check(args.src, parse_graph(args.graph))
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        return 1
    if args.stamp:
        args.stamp.touch()
    return 0


if __name__ == "__main__":
    sys.exit(main())
