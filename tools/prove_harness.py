#!/usr/bin/env python3
"""Soundness harness for eriq-prove that does not use the Calcite pairs: query pairs made from
random base queries over a small schema by one random edit each, semantics-preserving (operands
swapped, comparisons mirrored, De Morgan, a derived table, DISTINCT as GROUP BY, LEFT as RIGHT
join, partial aggregates over UNION ALL, a filter moved into a LEFT join's preserved side) or
semantics-breaking (a constant, a comparison operator, AND/OR, DISTINCT dropped, a join kind,
column order, GROUP BY keys, UNION versus UNION ALL, aggregates, a SUM of partial COUNTs over
empty input, a filter moved into the NULL-padded side). All pairs
go to eriq-prove in one batch; each is then run on SQLite over many small random databases
(NULL-heavy, duplicates, empty tables). A pair proved but shown to differ is a contradiction, and
so is a counterexample that does not reproduce on SQLite.
  tools/prove_harness.py [--prove BIN] [--seed N] [--pairs N] [--databases N] [--search-ms N]
Prints the figures; exits 1 on any contradiction."""
import argparse
import collections
import copy
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile

SCHEMA = ("CREATE TABLE T (A INT, B INT, S VARCHAR(10));\n"
          "CREATE TABLE U (A INT, C INT, S VARCHAR(10));\n")
COLUMNS = {"T": [("A", "int"), ("B", "int"), ("S", "str")],
           "U": [("A", "int"), ("C", "int"), ("S", "str")],
           "TU": [("A", "int"), ("S", "str")]}  # columns both tables have (predicates only)
FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=", "<>": "<>"}


class Gen:
    def __init__(self, rng):
        self.rng = rng

    def atom(self, alias, table):
        col, kind = self.rng.choice(COLUMNS[table])
        r = self.rng.random()
        if r < 0.15:
            return ["isnull", f"{alias}.{col}", self.rng.random() < 0.5]
        if kind == "str":
            return ["cmp", f"{alias}.{col}", self.rng.choice(["=", "<>"]),
                    self.rng.choice(["'a'", "'b'"])]
        return ["cmp", f"{alias}.{col}", self.rng.choice(list(FLIP)), str(self.rng.randint(0, 3))]

    def pred(self, alias, table, depth=0):
        if depth < 2 and self.rng.random() < 0.45:
            return [self.rng.choice(["and", "or"]), self.pred(alias, table, depth + 1),
                    self.pred(alias, table, depth + 1)]
        return self.atom(alias, table)

    def base(self):
        kind = self.rng.choice(["filter", "join", "group", "agg", "union", "distinct", "partial",
                                "outer_where"])
        q = {"kind": kind, "distinct": kind == "distinct", "where": None}
        if kind in ("filter", "distinct"):
            q["items"] = self.rng.sample(["t.A", "t.B", "t.S"], self.rng.randint(1, 3))
            q["where"] = self.pred("t", "T")
        elif kind == "join":
            q["join"] = self.rng.choice(["INNER", "LEFT", "RIGHT"])
            q["items"] = self.rng.sample(["t.A", "t.B", "u.C", "u.S"], self.rng.randint(1, 3))
            q["on"] = ["cmpcol", "t.A", "=", "u.A"]
            if self.rng.random() < 0.5:
                q["where"] = self.pred("t", "T")
        elif kind in ("group", "agg"):
            q["keys"] = self.rng.sample(["t.A", "t.S"], self.rng.randint(1, 2)) if kind == "group" else []
            q["agg"] = self.rng.choice(["COUNT(*)", "COUNT(t.B)", "SUM(t.B)", "MAX(t.B)", "MIN(t.A)"])
            if self.rng.random() < 0.6:
                q["where"] = self.pred("t", "T")
        elif kind == "partial":
            q["keyed"] = self.rng.random() < 0.5
            q["agg"] = self.rng.choice(["COUNT(*)", "SUM(y.B)", "MAX(y.B)"])
            q["where"] = self.pred("t", "TU") if self.rng.random() < 0.5 else None
        elif kind == "outer_where":
            q["preserved"] = self.rng.random() < 0.5
            q["where"] = self.pred("t", "T") if q["preserved"] else self.pred("u", "U")
        else:
            q["all"] = self.rng.random() < 0.5
            q["where"] = self.pred("t", "T")
            q["where2"] = self.pred("u", "U")
        return q


def render_pred(p):
    op = p[0]
    if op in ("and", "or"):
        return f"({render_pred(p[1])} {op.upper()} {render_pred(p[2])})"
    if op == "not":
        return f"NOT ({render_pred(p[1])})"
    if op == "isnull":
        return f"{p[1]} IS {'NOT ' if p[2] else ''}NULL"
    if op == "cmp_mirrored":
        return f"{p[3]} {FLIP[p[2]]} {p[1]}"
    return f"{p[1]} {p[2]} {p[3]}"


def render(q):
    where = f" WHERE {render_pred(q['where'])}" if q.get("where") else ""
    k = q["kind"]
    if k in ("filter", "distinct"):
        sql = f"SELECT {'DISTINCT ' if q['distinct'] else ''}{', '.join(q['items'])} FROM T AS t{where}"
        if q.get("as_group"):
            sql = f"SELECT {', '.join(q['items'])} FROM T AS t{where} GROUP BY {', '.join(q['items'])}"
    elif k == "join":
        on = f"{q['on'][1]} {q['on'][2]} {q['on'][3]}"
        if q.get("swapped"):
            other = {"LEFT": "RIGHT", "RIGHT": "LEFT", "INNER": "INNER"}[q["join"]]
            src = f"U AS u {other} JOIN T AS t ON {on}"
        else:
            src = f"T AS t {q['join']} JOIN U AS u ON {on}"
        sql = f"SELECT {', '.join(q['items'])} FROM {src}{where}"
    elif k in ("group", "agg"):
        keys = q["keys"]
        group = f" GROUP BY {', '.join(keys)}" if keys else ""
        sql = f"SELECT {', '.join(keys + [q['agg']])} FROM T AS t{where}{group}"
    elif k == "partial":
        # An aggregate over the union of T and U, or (split) over partial aggregates of each.
        where_t = where
        where_u = where.replace("t.", "u.") if where else ""
        key, group = ("y.A, ", " GROUP BY y.A") if q["keyed"] else ("", "")
        if q.get("split"):
            part = {"COUNT(*)": ("COUNT(*)", "SUM"), "SUM(y.B)": ("SUM(t.B)", "SUM"),
                    "MAX(y.B)": ("MAX(t.B)", "MAX")}[q["agg"]]
            inner_t = part[0]
            inner_u = inner_t.replace("t.B", "u.C")
            sql = (f"SELECT {key.replace('y.', 'x.')}{part[1]}(x.p) FROM (SELECT t.A, {inner_t} AS p "
                   f"FROM T AS t{where_t} GROUP BY t.A UNION ALL SELECT u.A, {inner_u} FROM U AS u"
                   f"{where_u} GROUP BY u.A) AS x{group.replace('y.', 'x.')}")
        else:
            sql = (f"SELECT {key}{q['agg']} FROM (SELECT t.A, t.B FROM T AS t{where_t} UNION ALL "
                   f"SELECT u.A, u.C FROM U AS u{where_u}) AS y{group}")
    elif k == "outer_where":
        pushed = q.get("pushed")
        left = f"(SELECT * FROM T AS t{where}) AS t" if pushed and q["preserved"] else "T AS t"
        right = f"(SELECT * FROM U AS u{where}) AS u" if pushed and not q["preserved"] else "U AS u"
        sql = (f"SELECT t.A, u.C FROM {left} {q.get('join', 'LEFT')} JOIN {right} ON t.A = u.A"
               f"{'' if pushed else where}")
    else:
        w2 = render_pred(q["where2"])
        left = f"SELECT t.A, t.S FROM T AS t{where}"
        right = f"SELECT u.A, u.S FROM U AS u WHERE {w2}"
        if q.get("branches_swapped"):
            left, right = right, left
        sql = f"{left} UNION {'ALL ' if q['all'] else ''}{right}"
    if q.get("wrapped"):
        sql = f"SELECT * FROM ({sql}) AS w"
    return sql


def pred_edits(p, rng):
    """(label, new predicate) for one random edit of the predicate tree."""
    p = copy.deepcopy(p)
    nodes = []

    def walk(n):
        nodes.append(n)
        if n[0] in ("and", "or"):
            walk(n[1])
            walk(n[2])
    walk(p)
    n = rng.choice(nodes)
    if n[0] in ("and", "or"):
        choice = rng.choice(["swap", "demorgan", "andor"])
        if choice == "swap":
            n[1], n[2] = n[2], n[1]
            return "keep:swap operands", p
        if choice == "demorgan":
            inner = ["or" if n[0] == "and" else "and", ["not", n[1]], ["not", n[2]]]
            n[:] = ["not", inner]
            return "keep:De Morgan", p
        n[0] = "or" if n[0] == "and" else "and"
        return "break:AND/OR", p
    if n[0] == "isnull":
        n[2] = not n[2]
        return "break:IS NULL", p
    choice = rng.choice(["mirror", "const", "op"])
    if choice == "mirror":
        n[0] = "cmp_mirrored"
        return "keep:mirrored comparison", p
    if choice == "const" and n[3].isdigit():
        n[3] = str(int(n[3]) + 1)
        return "break:constant", p
    n[2] = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "=": "<>", "<>": "="}[n[2]]
    return "break:comparison operator", p


def edit(q, rng):
    """(label, edited query): the label says what the edit meant to do, keep or break."""
    e = copy.deepcopy(q)
    k = q["kind"]
    options = ["wrap"]
    if q.get("where"):
        options += ["pred"] * 3
    if k in ("filter", "distinct"):
        options += ["distinct", "order"] + (["as_group"] if q["distinct"] else [])
    if k == "join":
        options += ["swap_join", "join_kind", "order"]
    if k in ("group", "agg"):
        options += ["agg", "keys"]
    if k == "union":
        options += ["union", "branches"]
    if k == "partial":
        options = ["split"] * 3 + options
    if k == "outer_where":
        options = ["inner"] * 3 + ["pushed"] * 3 + options
    choice = rng.choice(options)
    if choice == "split":
        e["split"] = True
        empty_input = q["agg"] == "COUNT(*)" and not q["keyed"]
        return "break:SUM of partial COUNTs" if empty_input else "keep:partial aggregates", e
    if choice == "pushed":
        e["pushed"] = True
        if q["preserved"]:
            return "keep:filter moved into the preserved side", e
        return "edit:filter moved into the NULL-padded side", e
    if choice == "inner":
        e["join"] = "INNER"
        return "edit:LEFT as INNER join under a WHERE", e
    if choice == "wrap":
        e["wrapped"] = True
        return "keep:derived table", e
    if choice == "pred":
        label, e["where"] = pred_edits(q["where"], rng)
        return label, e
    if choice == "distinct":
        e["distinct"] = not e["distinct"]
        return "break:DISTINCT", e
    if choice == "as_group":
        e["distinct"] = False
        e["as_group"] = True
        return "keep:DISTINCT as GROUP BY", e
    if choice == "order":
        if len(e["items"]) < 2:
            e["items"] = e["items"] * 2
            return "break:column added", e
        e["items"] = e["items"][1:] + e["items"][:1]
        return "break:column order", e
    if choice == "swap_join":
        e["swapped"] = True
        return "keep:join sides swapped", e
    if choice == "join_kind":
        e["join"] = rng.choice([j for j in ("INNER", "LEFT", "RIGHT") if j != q["join"]])
        return "break:join kind", e
    if choice == "agg":
        swaps = {"COUNT(*)": ["SUM(1)", "COUNT(t.B)"], "COUNT(t.B)": ["COUNT(*)", "SUM(t.B)"],
                 "SUM(t.B)": ["MAX(t.B)", "COUNT(t.B)"], "MAX(t.B)": ["MIN(t.B)", "SUM(t.B)"],
                 "MIN(t.A)": ["MAX(t.A)", "MIN(t.B)"]}
        e["agg"] = rng.choice(swaps[q["agg"]])
        return "break:aggregate", e
    if choice == "keys":
        if len(e["keys"]) == 2 and rng.random() < 0.5:
            e["keys"] = e["keys"][::-1]
            return "break:key column order", e
        e["keys"] = e["keys"][:1] if len(e["keys"]) == 2 else e["keys"] + ["t.B"]
        return "break:GROUP BY keys", e
    if choice == "union":
        e["all"] = not e["all"]
        return "break:UNION/UNION ALL", e
    e["branches_swapped"] = True
    return "keep:UNION branches swapped", e


def random_db(rng):
    db = sqlite3.connect(":memory:")
    db.executescript(SCHEMA)
    for table, cols in COLUMNS.items():
        if table == "TU":
            continue
        rows = []
        for _ in range(rng.choice([0, 0, 1, 2, 3, 4, 5])):
            if rows and rng.random() < 0.3:
                rows.append(rng.choice(rows))
                continue
            rows.append([None if rng.random() < 0.3 else
                         (rng.choice(["a", "b", ""]) if kind == "str" else rng.randint(-1, 4))
                         for _, kind in cols])
        db.executemany(f"INSERT INTO {table} VALUES (?, ?, ?)", rows)
    return db


def bag(db, sql):
    return collections.Counter(map(tuple, db.execute(sql).fetchall()))


def reproduces(counterexample, q1, q2):
    db = sqlite3.connect(":memory:")
    db.executescript(SCHEMA)
    for statement in counterexample["sql"]:
        db.execute(statement)
    return bag(db, q1) != bag(db, q2)


def main():
    ap = argparse.ArgumentParser()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--prove", default=os.environ.get("ERIQ_PROVE", f"{root}/build/eriq-prove"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--databases", type=int, default=40)
    ap.add_argument("--search-ms", type=int, default=500)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    gen = Gen(rng)
    pairs, labels = [], {}
    for i in range(args.pairs):
        base = gen.base()
        label, edited = edit(base, rng)
        name = f"pair{i}"
        pairs.append({"name": name, "q1": render(base), "q2": render(edited)})
        labels[name] = label
    with tempfile.TemporaryDirectory() as work:
        open(f"{work}/schema.sql", "w").write(SCHEMA)
        open(f"{work}/pairs.json", "w").write(json.dumps(pairs))
        out = subprocess.run([args.prove, "--schema", f"{work}/schema.sql", "--pairs",
                              f"{work}/pairs.json", "--json", "--search-ms",
                              str(args.search_ms), "--seed", str(args.seed)],
                             capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"eriq-prove exited {out.returncode}: {out.stderr.strip()}")
    results = {r["name"]: r for r in json.loads(out.stdout)["pairs"]}
    counts = collections.Counter()
    contradictions = []
    differ_on_sqlite = 0
    db_rng = random.Random(args.seed + 1)
    dbs = [random_db(db_rng) for _ in range(args.databases)]
    for p in pairs:
        r = results[p["name"]]
        counts[r["result"]] += 1
        differs = any(bag(db, p["q1"]) != bag(db, p["q2"]) for db in dbs)
        differ_on_sqlite += differs
        if r["result"] == "proved" and differs:
            contradictions.append(f"proved but differs on SQLite ({labels[p['name']]}): "
                                  f"{p['q1']}  |  {p['q2']}")
        if r["result"] == "not equivalent" and not reproduces(r["counterexample"], p["q1"], p["q2"]):
            contradictions.append(f"counterexample does not reproduce: {p['q1']}  |  {p['q2']}")
    rows = sorted(r["counterexample"]["rows"] for r in results.values() if "counterexample" in r)
    secs = sorted(r["counterexample"]["search_seconds"] for r in results.values()
                  if "counterexample" in r)
    print(f"pairs {len(pairs)}: proved {counts['proved']}, not equivalent (confirmed "
          f"counterexample) {counts['not equivalent']}, unknown {counts['unknown']}, "
          f"unsupported {counts['unsupported']}, parse errors {counts['parse error']}; "
          f"differ on SQLite over {args.databases} random databases: {differ_on_sqlite}")
    if rows:
        print(f"counterexample rows: median {rows[len(rows) // 2]}, max {rows[-1]}; search "
              f"seconds: median {secs[len(secs) // 2]:.4f}, max {secs[-1]:.4f}")
    by_label = collections.defaultdict(collections.Counter)
    for name, label in labels.items():
        by_label[label][results[name]["result"]] += 1
    for label in sorted(by_label):
        print(f"  {label}: " + ", ".join(f"{k} {v}" for k, v in sorted(by_label[label].items())))
    print(f"contradictions: {len(contradictions)}")
    for c in contradictions:
        print("  " + c)
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
