#!/usr/bin/env python3
"""Writes deliberately broken copies of the pairs eriq-prove proved, for the soundness test:
in the second query one integer constant changed, UNION ALL for UNION (and back), INNER for
LEFT JOIN, a dropped DISTINCT, COUNT(col) for COUNT(*). A copy is kept only when SQLite shows
that it is broken (its result differs from the first query's on some random database), so none
of them may be proved.
  tools/prove_mutants.py SCHEMA.sql PAIRS.json RESULTS.json > MUTANTS.json"""
import importlib.util
import json
import os
import random
import re
import sys

spec = importlib.util.spec_from_file_location(
    "crosscheck", os.path.join(os.path.dirname(__file__), "prove_crosscheck.py"))
crosscheck = importlib.util.module_from_spec(spec)
spec.loader.exec_module(crosscheck)


def mutants(sql):
    out = []
    for i, m in enumerate(re.finditer(r"(?<![\w$.])(\d+)(?![\w.])", sql)):
        out.append((f"const{i}", sql[:m.start()] + str(int(m.group(1)) + 1) + sql[m.end():]))
    if " UNION ALL " in sql:
        out.append(("union", sql.replace(" UNION ALL ", " UNION ", 1)))
    elif " UNION " in sql:
        out.append(("union_all", sql.replace(" UNION ", " UNION ALL ", 1)))
    if " LEFT JOIN " in sql:
        out.append(("inner", sql.replace(" LEFT JOIN ", " INNER JOIN ", 1)))
        out.append(("right", sql.replace(" LEFT JOIN ", " RIGHT JOIN ", 1)))
    if " RIGHT JOIN " in sql:
        out.append(("left", sql.replace(" RIGHT JOIN ", " LEFT JOIN ", 1)))
    if " FULL JOIN " in sql:
        out.append(("full_left", sql.replace(" FULL JOIN ", " LEFT JOIN ", 1)))
    if " INNER JOIN " in sql:
        out.append(("outer", sql.replace(" INNER JOIN ", " LEFT JOIN ", 1)))
    if "SELECT DISTINCT " in sql:
        out.append(("distinct", sql.replace("SELECT DISTINCT ", "SELECT ", 1)))
    emp = re.search(r"EMP AS (\w+)", sql)
    if "COUNT(*)" in sql and emp:
        out.append(("count", sql.replace("COUNT(*)", f"COUNT({emp.group(1)}.COMM)", 1)))
    return out


def broken(schema_sql, tables, q1, q2, rng, rounds=40):
    for _ in range(rounds):
        db = crosscheck.random_db(schema_sql, tables, rng)
        a, b = crosscheck.bag(db, q1), crosscheck.bag(db, q2)
        if a is None or b is None:
            return False
        if a != b:
            return True
    return False


def main():
    schema_sql = open(sys.argv[1]).read()
    tables = crosscheck.columns_of(schema_sql)
    pairs = {p["name"]: p for p in json.load(open(sys.argv[2]))}
    results = json.load(open(sys.argv[3]))["pairs"]
    rng = random.Random(7)
    out = []
    for r in results:
        if r["result"] != "proved":
            continue
        p = pairs[r["name"]]
        for kind, q2 in mutants(p["q2"]):
            if broken(schema_sql, tables, p["q1"], q2, rng):
                out.append({"name": f"{p['name']}~{kind}", "q1": p["q1"], "q2": q2})
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
