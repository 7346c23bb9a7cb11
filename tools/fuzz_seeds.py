#!/usr/bin/env python3
"""Seeds and dictionaries for tools/fuzz.sh.

fuzz_seeds.py TARGET SEED_DIR DICT_FILE: writes the seed corpus of TARGET (the
shipped files of its format; for dsl_parse the production strings of every
grammar) and a libFuzzer dictionary of the keys and DSL tokens they use.
"""
import json
import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = {
    "grammar_file": ["grammars/*.toml", "tests/data/grammars/*.toml"],
    "dialect_file": ["dialects/*.toml"],
    "rules_file": ["rules/*.toml"],
    "case_file": ["tests/data/cases/*.toml"],
    "dsl_parse": ["grammars/*.toml", "tests/data/grammars/*.toml"],
    "known_bugs_file": ["known-bugs/*.toml", "tests/data/bad/cli/known-bugs-*/known/*.toml"],
    "finding_folder": ["tests/data/bad/cli/triage-finding-*/out/*/finding.toml",
                       "tests/data/bad/cli/triage-finding-*/out/*/reduced/finding.toml"],
    "statement_gate": ["tests/data/cases/*.toml", "tests/data/bad/case/*/*.toml",
                       "dialects/*.toml"],
    "prove_sql": ["tests/data/calcite-pairs/calcite_tests.json"],
}
SQL_TOKENS = ["SELECT", "FROM", "WHERE", "WITH", "SET", "SESSION", "GLOBAL", "PRAGMA", "CREATE",
              "TABLE", "VIEW", "DROP", "INSERT", "INTO", "UNION", "ALL", "JOIN", "ON", "GROUP BY",
              "ORDER BY", "'", '"', "`", "[", "]", "$$", "$a$", "E'", "\\'", "/*", "*/", "/*!",
              "--", "-- ", "#", ";", ".", "(", ")", ",", "@@", "@", "=", "NULL"]


def sql_strings(doc):
    """Every string value of a TOML document (schemas, queries, session statements)."""
    if isinstance(doc, str):
        yield doc
    elif isinstance(doc, dict):
        for v in doc.values():
            yield from sql_strings(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from sql_strings(v)
TOML_TOKENS = ["[[", "]]", "=", "'''", '"""', "\\n", "\\u0000", "true", "false", "inf", "nan",
               "1979-05-27T07:32:00Z", "0x7f", "1e308", "-0", "{ ", " }", ".", ","]
DSL_TOKENS = ["<", ">", "<!", "{", "}", "[", "]", "|", ":", "^", "@", "(", ")", "'", '"', ",",
              "{0,3}", "{1,2 ','}", "[0.5:", "<expr:T>", "<expr:any>"]


def files(target):
    for pattern in SOURCES[target]:
        yield from sorted(ROOT.glob(pattern))


def productions(doc):
    for text in doc.get("productions", {}).values():
        if isinstance(text, str):
            yield text


def main():
    target, seed_dir, dict_file = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
    seed_dir.mkdir(parents=True, exist_ok=True)
    tokens = set(DSL_TOKENS if target == "dsl_parse" else
                 SQL_TOKENS if target in ("statement_gate", "prove_sql") else TOML_TOKENS)
    n = 0
    for f in files(target):
        raw = f.read_bytes()
        if target == "statement_gate":
            try:
                doc = tomllib.loads(raw.decode())
            except (tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
            for text in sql_strings(doc):
                if len(text) > 6 and any(w in text.upper() for w in ("SELECT", "SET", "CREATE")):
                    n += 1
                    # The first byte picks the dialect (mariadb, postgres, sqlite, duckdb).
                    (seed_dir / f"{f.stem}-{n:04d}").write_bytes(bytes([n % 4]) + text.encode())
        elif target == "prove_sql":
            schema = (ROOT / "tests/data/calcite-pairs/schema.sql").read_bytes()
            for pair in json.loads(raw):
                n += 1
                (seed_dir / f"pair-{n:04d}").write_bytes(
                    schema + b"\0" + pair["q1"].encode() + b"\0" + pair["q2"].encode())
        elif target == "dsl_parse":
            for text in productions(tomllib.loads(raw.decode())):
                n += 1
                (seed_dir / f"{f.stem}-{n:04d}").write_text(text)
                tokens.update(re.findall(r"[<@][!a-z_]+|\b[a-z_]+\b", text))
        else:
            n += 1
            (seed_dir / f"{n:04d}-{f.name}").write_bytes(raw)
            text = raw.decode(errors="replace")
            tokens.update(re.findall(r"^\s*\[*\s*([A-Za-z_][A-Za-z0-9_.]*)", text, re.M))
    with open(dict_file, "w") as out:
        for t in sorted(tokens):
            out.write('"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"\n')
    print(f"{n} seeds, {len(tokens)} dictionary entries")


if __name__ == "__main__":
    main()
