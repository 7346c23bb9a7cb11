#!/usr/bin/env python3
"""Runs both queries of every pair that eriq-prove proved on SQLite over random small databases
for the schema and reports pairs whose results differ as multisets (a soundness bug).
  tools/prove_crosscheck.py SCHEMA.sql PAIRS.json RESULTS.json [--rounds N]
RESULTS.json is `eriq-prove --json` output. Exit 1 when a proved pair differs."""
import collections
import json
import random
import re
import sqlite3
import sys


def columns_of(schema_sql):
    tables = {}
    for name, body in re.findall(r"CREATE TABLE (\w+)\s*\((.*?)\);", schema_sql, re.S | re.I):
        cols = []
        for part in re.split(r",(?![^(]*\))", body):
            words = part.split()
            if words:
                cols.append((words[0], words[1].upper()))
        tables[name] = cols
    return tables


def sqlite_text(sql):
    # Calcite spellings SQLite reads differently: $-names are identifiers, not parameters.
    return re.sub(r"(?<![\w'])(\$\w+|\w*\$\w*)", r'"\1"', sql)


def random_db(schema_sql, tables, rng):
    db = sqlite3.connect(":memory:")
    db.executescript(schema_sql)
    strings = ["a", "b", "x", "y", ""]
    for name, cols in tables.items():
        for _ in range(rng.randint(0, 5)):
            row = []
            for _, ctype in cols:
                if rng.random() < 0.2:
                    row.append(None)
                elif ctype.startswith("VARCHAR"):
                    row.append(rng.choice(strings))
                else:
                    row.append(rng.choice([0, 1, 2, 5, 7, 10, 20, 30, 100, 1001, 5001]))
            db.execute(f"INSERT INTO {name} VALUES ({','.join('?' * len(cols))})", row)
    return db


def bag(db, sql):
    try:
        return collections.Counter(map(tuple, db.execute(sqlite_text(sql)).fetchall()))
    except sqlite3.Error:
        return None


def main():
    schema_file, pairs_file, results_file = sys.argv[1:4]
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 30
    schema_sql = open(schema_file).read()
    tables = columns_of(schema_sql)
    pairs = {p["name"]: p for p in json.load(open(pairs_file))}
    results = json.load(open(results_file))["pairs"]
    rng = random.Random(1)
    checked = differing = skipped = 0
    for r in results:
        if r["result"] != "proved":
            continue
        p = pairs[r["name"]]
        ran = False
        for _ in range(rounds):
            db = random_db(schema_sql, tables, rng)
            a, b = bag(db, p["q1"]), bag(db, p["q2"])
            if a is None or b is None:
                break
            ran = True
            if a != b:
                differing += 1
                print(f"DIFFERS: {r['name']}\n  {dict(a)}\n  {dict(b)}")
                break
        checked += ran
        skipped += not ran
    print(f"proved pairs run on SQLite: {checked}, differing: {differing}, "
          f"not runnable on SQLite: {skipped}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
