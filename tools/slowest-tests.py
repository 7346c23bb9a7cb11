#!/usr/bin/env python3
"""Prints the slowest tests of a ctest run from its JUnit file (ctest --output-junit FILE),
slowest first, with the run's test count and summed test time:
    tools/slowest-tests.py FILE [COUNT]        (COUNT: 10 unless given)"""
import sys
import xml.etree.ElementTree as ET


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    count = int(sys.argv[2]) if len(sys.argv) == 3 else 10
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"slowest-tests: {sys.argv[1]}: {e}", file=sys.stderr)
        return 1
    tests = []
    for case in root.iter("testcase"):
        status = case.get("status", "run")
        if case.find("failure") is not None:
            status = "failed"
        elif case.find("skipped") is not None:
            status = "skipped"
        tests.append((float(case.get("time", "0")), case.get("name", "?"), status))
    tests.sort(key=lambda t: -t[0])
    total = sum(t[0] for t in tests)
    print(f"{len(tests)} tests, {total:.0f} s of test time; the {min(count, len(tests))} slowest:")
    for seconds, name, status in tests[:count]:
        mark = "" if status == "run" else f"  ({status})"
        print(f"  {seconds:8.1f} s  {name}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
