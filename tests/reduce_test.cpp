// The reducer: delta debugging, SQL edits, data statements, and whole findings on
// embedded SQLite (the MariaDB live tests reduce a MariaDB finding).
#include <catch2/catch.hpp>

#include <set>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/case_file.hpp"
#include "engine/case_runner.hpp"
#include "engine/finding_reducer.hpp"
#include "engine/options.hpp"
#include "engine/target.hpp"
#include "exec/backend.hpp"
#include "exec/fault_injecting_backend.hpp"
#include "reduce/case_reducer.hpp"
#include "reduce/data_statements.hpp"
#include "reduce/ddmin.hpp"
#include "reduce/sql_edits.hpp"
#include "report/group_signature.hpp"
#include "test_files.hpp"

using namespace eriq;

TEST_CASE("ddmin finds the two items a test needs", "[reduce]") {
    std::vector<int> items;
    for (int i = 0; i < 40; ++i) items.push_back(i);
    int tests = 0;
    auto kept = ddmin(
        items,
        [&](const std::vector<int>& c) {
            ++tests;
            return std::count(c.begin(), c.end(), 7) && std::count(c.begin(), c.end(), 31);
        },
        [] { return false; });
    CHECK(kept == std::vector<int>{7, 31});
    CHECK(tests < 120);
}

TEST_CASE("INSERT and CREATE TABLE statements come apart and back", "[reduce]") {
    auto ins = parse_insert("INSERT INTO t0 VALUES (1, 'a,b'), (NULL, f(2, 3))");
    REQUIRE(ins);
    CHECK(ins->name == "t0");
    REQUIRE(ins->rows.size() == 2);
    CHECK(ins->rows[0] == std::vector<std::string>{"1", "'a,b'"});
    CHECK(ins->rows[1] == std::vector<std::string>{"NULL", "f(2, 3)"});
    CHECK(ins->sql() == "INSERT INTO t0 VALUES (1, 'a,b'), (NULL, f(2, 3))");
    auto table =
        parse_create_table("CREATE TABLE t1 (c0 INT, c1 DECIMAL(10, 2), PRIMARY KEY (c0))");
    REQUIRE(table);
    CHECK(table->name == "t1");
    CHECK(table->items.size() == 3);
    CHECK_FALSE(is_column_definition(table->items[2]));
    CHECK(index_table("CREATE UNIQUE INDEX i0 ON t1 (c0)") == std::optional<std::string>("t1"));
}

TEST_CASE("SQL edits remove clauses, items, joins and arms but keep {x} whole", "[reduce]") {
    auto has = [](const std::vector<std::string>& all, const std::string& s) {
        return std::find(all.begin(), all.end(), s) != all.end();
    };
    auto c = sql_edit_candidates(
        "SELECT a AS vc_0, b AS vc_1 FROM t0 LEFT JOIN t1 ON t0.c = t1.c WHERE a > 1 AND b < 2 "
        "UNION ALL SELECT 1, 2");
    CHECK(has(c,
              "SELECT a AS vc_0 FROM t0 LEFT JOIN t1 ON t0.c = t1.c WHERE a > 1 AND b < 2 "
              "UNION ALL SELECT 1, 2"));
    CHECK(
        has(c, "SELECT a AS vc_0, b AS vc_1 FROM t0 WHERE a > 1 AND b < 2 UNION ALL SELECT 1, 2"));
    CHECK(has(c,
              "SELECT a AS vc_0, b AS vc_1 FROM t0 LEFT JOIN t1 ON t0.c = t1.c WHERE a > 1 "
              "UNION ALL SELECT 1, 2"));
    CHECK(has(c,
              "SELECT a AS vc_0, b AS vc_1 FROM t0 LEFT JOIN t1 ON t0.c = t1.c UNION ALL "
              "SELECT 1, 2"));
    CHECK(has(c, "SELECT 1, 2"));
    auto compound = sql_edit_candidates(
        "SELECT a AS vc_0, f(b, c) AS vc_1 FROM t0 UNION ALL SELECT 1 AS vc_0, 2 AS vc_1 FROM t1");
    CHECK(has(compound, "SELECT f(b, c) AS vc_1 FROM t0 UNION ALL SELECT 2 AS vc_1 FROM t1"));
    CHECK(has(compound, "SELECT a AS vc_0 FROM t0 UNION ALL SELECT 1 AS vc_0 FROM t1"));
    // The CASTs that give a compound's columns their types stay.
    auto arms = sql_edit_candidates(
        "SELECT CAST(a AS TEXT) AS vc_0 FROM t0 UNION SELECT CAST(f(b) AS TEXT) AS vc_0 FROM t1");
    for (const auto& candidate : arms)
        CHECK(candidate.find("SELECT a AS vc_0") == std::string::npos);
    CHECK_FALSE(has(arms, "SELECT CAST(a AS TEXT) AS vc_0 FROM t0 UNION SELECT 0 AS vc_0 FROM t1"));
    CHECK(has(arms,
              "SELECT CAST(a AS TEXT) AS vc_0 FROM t0 UNION SELECT CAST(b AS TEXT) AS vc_0 "
              "FROM t1"));
    auto cast = sql_edit_candidates("SELECT CAST(a + 1 AS INTEGER) AS vc_0 FROM t0");
    CHECK(has(cast, "SELECT a + 1 AS vc_0 FROM t0"));
    auto q = sql_edit_candidates("SELECT vc_0 FROM {x} WHERE abs(vc_0) > 10");
    CHECK(has(q, "SELECT vc_0 FROM {x} WHERE vc_0 > 10"));
    for (const auto& s : q) CHECK(s.find("{x") == s.find("{x}"));
}

TEST_CASE("SQL edits simplify join kinds and turn a derived table into its table", "[reduce]") {
    auto has = [](const std::vector<std::string>& all, const std::string& s) {
        return std::find(all.begin(), all.end(), s) != all.end();
    };
    auto right = sql_edit_candidates("SELECT t1.c0 FROM t0 RIGHT OUTER JOIN t1 ON t0.c0 = t1.c0");
    CHECK(has(right, "SELECT t1.c0 FROM t0 LEFT JOIN t1 ON t0.c0 = t1.c0"));
    auto full = sql_edit_candidates("SELECT t1.c0 FROM t0 FULL JOIN t1 ON 1");
    CHECK(has(full, "SELECT t1.c0 FROM t0 LEFT JOIN t1 ON 1"));
    auto left = sql_edit_candidates("SELECT t1.c0 FROM t0 LEFT JOIN t1 ON t0.c0 = t1.c0");
    CHECK(has(left, "SELECT t1.c0 FROM t0 JOIN t1 ON t0.c0 = t1.c0"));
    // MariaDB's LEFT(s, n) is a function, not a join.
    auto function = sql_edit_candidates("SELECT LEFT(a, 1) AS vc_0 FROM t0");
    CHECK(has(function, "SELECT a AS vc_0 FROM t0"));
    CHECK_FALSE(has(function, "SELECT (a, 1) AS vc_0 FROM t0"));
    CHECK_FALSE(has(function, "SELECT LEFT JOIN(a, 1) AS vc_0 FROM t0"));
    auto derived = sql_edit_candidates(
        "SELECT s2.c1 FROM (SELECT s1.c1 FROM t0 AS s1 WHERE s1.c1 > 0) AS s2 JOIN t1 ON 1");
    CHECK(has(derived, "SELECT s2.c1 FROM t0 AS s2 JOIN t1 ON 1"));
    // The outer query's names for the derived table's columns become the table's.
    auto renamed = sql_edit_candidates(
        "SELECT s1.vc_0, s1.vc_10 FROM (SELECT s0.c0 AS vc_0, c2 AS vc_10 FROM t0 AS s0) AS s1 "
        "WHERE s1.vc_0 IS NULL");
    CHECK(has(renamed, "SELECT s1.c0, s1.c2 FROM t0 AS s1 WHERE s1.c0 IS NULL"));
    // An expression item keeps its name: the table has no column for it.
    auto expression =
        sql_edit_candidates("SELECT s1.vc_0 FROM (SELECT 1 + s0.c0 AS vc_0 FROM t0 AS s0) AS s1");
    CHECK(has(expression, "SELECT s1.vc_0 FROM t0 AS s1"));
    CHECK_FALSE(has(expression, "SELECT s1.c0 FROM t0 AS s1"));
    // A scalar subquery is not a derived table.
    for (const auto& s : sql_edit_candidates("SELECT (SELECT c1 FROM t0) AS vc_0 FROM t1"))
        CHECK(s != "SELECT t0 AS vc_0 FROM t1");
}

namespace {

struct SqliteTarget {
    Target t;
    std::unique_ptr<Backend> backend;
    SqliteTarget() {
        RunOptions options;
        options.dialect = "sqlite";
        options.dialect_file = test::source("dialects/sqlite.toml");
        options.rules_file = test::source("rules/repr.toml");
        t = load_target(options, false);
        backend = open_backend(t.connection, t.backend_options);
    }
    CaseOutcome run(const TestCase& tc) {
        CaseRunner runner(*backend, t.dialect, t.rules);
        runner.load_database(tc);
        CaseOutcome outcome = runner.run(tc, "orig");
        backend->reset_workspace();
        return outcome;
    }
};

// The repository's SQLite bug, with padding a campaign would have produced around it.
TestCase padded_right_join_case(int variant) {
    TestCase tc = load_case_file(
        test::source("tests/data/cases/sqlite_right_join_union_exists.toml"), nullptr);
    tc.dialect = "sqlite";
    tc.schema.push_back("CREATE TABLE t2 (c0 TEXT, c1 REAL, c2 INT)");
    tc.schema.push_back("CREATE INDEX i0 ON t2 (c1)");
    tc.rows.push_back("INSERT INTO t2 VALUES ('a', 1.5, 3), ('bb', -2.25, NULL), (NULL, 0, 7)");
    if (variant == 0) {
        tc.rows.push_back("INSERT INTO t0 VALUES (3), (4), (NULL)");
        tc.intermediate =
            "SELECT c0 AS vc_0 FROM t0 WHERE (c0 > -100 OR c0 IS NULL) AND abs(c0) < 1000 "
            "UNION ALL SELECT s2.c0 FROM t1 AS s1 RIGHT JOIN t1 AS s2 ON 0";
        tc.referencing =
            "SELECT vc_0, upper('abc') FROM {x} WHERE EXISTS (SELECT 1 FROM t1 WHERE c0 = 7) "
            "AND vc_0 IS NOT NULL ORDER BY vc_0";
    } else {
        tc.rows.push_back("INSERT INTO t1 VALUES (8), (-1)");
        tc.intermediate =
            "SELECT c0 AS vc_0 FROM t0 WHERE c0 <> 99 UNION ALL SELECT s2.c0 FROM t1 AS s1 "
            "RIGHT JOIN t1 AS s2 ON 0";
        tc.referencing =
            "SELECT vc_0, vc_0 + 1 FROM {x} AS a WHERE EXISTS (SELECT 1 FROM t2 WHERE c2 = 8)";
    }
    tc.x_references = 1;
    return tc;
}

}  // namespace

TEST_CASE("a padded SQLite finding reduces back to its cause with the same groups", "[reduce]") {
    SqliteTarget target;
    std::vector<std::string> signatures;
    std::vector<std::vector<std::string>> settings;
    for (int variant = 0; variant < 2; ++variant) {
        TestCase tc = padded_right_join_case(variant);
        CaseOutcome original = target.run(tc);
        REQUIRE(original.verdict == Verdict::Inconsistent);
        FindingReduction r =
            reduce_finding(*target.backend, target.t.dialect, target.t.rules, tc, original, {});
        CHECK(same_finding(original, r.outcome));
        CHECK(case_statements(r.reduced) <= 6);
        CHECK(r.reduced.intermediate.size() < 110);
        CHECK(r.reduced.referencing.size() < 70);
        CHECK_FALSE(r.stats.budget_spent);
        WARN("reduced in " << r.stats.tests << " tests, " << r.stats.seconds
                           << " s: " << r.reduced.schema.size() + r.reduced.rows.size()
                           << " data statements | " << r.reduced.intermediate << " | "
                           << r.reduced.referencing);
        signatures.push_back(group_key(r.reduced, original.classification.pattern).signature);
        // Run with every optimizer variant: turning off the query flattener moves the view
        // to the materialized side, so the bug lies in flattening.
        CHECK(r.settings_measured);
        settings.push_back(r.settings);
    }
    // Differently padded copies of one bug land in one group, with one setting dependence.
    CHECK(signatures[0] == signatures[1]);
    CHECK(settings[0] == settings[1]);
    CHECK(settings[0] == std::vector<std::string>{"no_query_flattener"});
}

namespace {

struct DyingReduction {
    CaseOutcome original;
    FindingReduction r;
};

// Reduces padded_right_join_case(1) on a backend whose server "dies" as `fault` says at the
// first statement naming t2 (Q's EXISTS does): from then on every statement would fail, as on
// a killed server. The fault is injected exactly once.
DyingReduction reduce_on_dying_server(FaultInjectingBackend::Fault fault) {
    SqliteTarget target;
    TestCase tc = padded_right_join_case(1);
    DyingReduction out;
    out.original = target.run(tc);
    REQUIRE(out.original.verdict == Verdict::Inconsistent);
    FaultInjectingBackend dying(*target.backend,
                                {{"t2", fault, false, {"Item_injected::val_int"}}});
    out.r = reduce_finding(dying, target.t.dialect, target.t.rules, tc, out.original, {});
    REQUIRE(dying.faults_injected() == 1);
    return out;
}

}  // namespace

TEST_CASE("a server fault during reduction stops it and names the candidate that ran", "[reduce]") {
    auto [original, r] = reduce_on_dying_server(FaultInjectingBackend::Fault::LoseConnection);
    REQUIRE(r.fault_case);
    CHECK(r.fault_outcome.verdict == Verdict::ServerFault);
    CHECK(r.fault_case->referencing.find("t2") != std::string::npos);
    // The reduction ran nothing after the fault.
    CHECK_FALSE(same_finding(original, r.outcome));
}

TEST_CASE("a server lost while the reducer drops its objects is a server fault too", "[reduce]") {
    // The candidate's queries run; the server is gone when the workspace is reset after them
    // (a server killed from outside during a campaign's reduction). The BackendError escaped
    // reduce_finding before, and the campaign counted no server fault.
    auto [original, r] =
        reduce_on_dying_server(FaultInjectingBackend::Fault::LoseConnectionOnReset);
    REQUIRE(r.fault_case);
    CHECK(r.fault_outcome.verdict == Verdict::ServerFault);
    CHECK(r.fault_outcome.discard_kind == "connection_lost");
    // With the server's log read, the crash site comes along (seed 36: a reduced crash lost
    // it, so triage grouped it by what was left of the query instead of the known site).
    CHECK(r.fault_outcome.crash_frames == std::vector<std::string>{"Item_injected::val_int"});
}

namespace {

struct ReconnectingReduction {
    TestCase tc;
    CaseOutcome original;
    FindingReduction r;
    int reconnects = 0;
    int faults_injected = 0;
};

// Reduces padded_right_join_case(1) on a backend that fails every statement naming t2 as a
// lost connection. Each reconnect clears the workspace the failed candidate left and hands
// back the healthy backend, or (`reconnect_to_dying`) the failing one again.
ReconnectingReduction reduce_with_reconnect(bool reconnect_to_dying) {
    SqliteTarget target;
    ReconnectingReduction out;
    out.tc = padded_right_join_case(1);
    out.original = target.run(out.tc);
    REQUIRE(out.original.verdict == Verdict::Inconsistent);
    FaultInjectingBackend dying(*target.backend,
                                {{"t2", FaultInjectingBackend::Fault::LoseConnection}});
    const Reconnect back = [&]() -> Backend* {
        ++out.reconnects;
        target.backend->reset_workspace();
        return reconnect_to_dying ? &dying : target.backend.get();
    };
    out.r = reduce_finding(dying, target.t.dialect, target.t.rules, out.tc, out.original, {}, {},
                           nullptr, back);
    out.faults_injected = dying.faults_injected();
    return out;
}

}  // namespace

TEST_CASE("with a reconnect, a reduction goes on past a candidate that fails the server",
          "[reduce]") {
    // `eriq-gen reduce` of a 50-finding campaign stopped reducing a finding at its first
    // crashing candidate (and the next folder found the server restarting).
    const ReconnectingReduction run = reduce_with_reconnect(false);
    const FindingReduction& r = run.r;
    REQUIRE(r.fault_case);
    CHECK(r.fault_case->referencing.find("t2") != std::string::npos);
    CHECK(r.server_faults == 1);
    CHECK(run.reconnects == 1);
    CHECK_FALSE(r.stopped_by_fault);
    CHECK(same_finding(run.original, r.outcome));
    CHECK(case_statements(r.reduced) <= 6);
    CHECK(r.reduced.intermediate.size() < run.tc.intermediate.size());
}

TEST_CASE("a reduction stops after its third server fault", "[reduce]") {
    // Every candidate naming t2 fails the server, also over the new connections.
    const ReconnectingReduction run = reduce_with_reconnect(true);
    CHECK(run.r.server_faults == kMaxServerFaults);
    CHECK(run.reconnects == kMaxServerFaults - 1);
    CHECK(run.r.stopped_by_fault);
    CHECK(run.faults_injected == kMaxServerFaults);
}

TEST_CASE("without a way to reconnect, a reduction stops at the server fault", "[reduce]") {
    auto [original, r] = reduce_on_dying_server(FaultInjectingBackend::Fault::LoseConnection);
    CHECK(r.stopped_by_fault);
    CHECK(r.server_faults == 1);
}

TEST_CASE("group keys come from constructs, functions, types and the pattern", "[reduce]") {
    TestCase a;
    a.schema = {"CREATE TABLE t0 (c0 INT, c1 VARCHAR(10) NOT NULL, PRIMARY KEY (c0))"};
    a.intermediate =
        "SELECT c0 AS vc_0 FROM t0 UNION ALL SELECT s2.c0 FROM t1 AS s1 RIGHT JOIN t1 AS s2 ON 0";
    a.referencing = "SELECT abs(vc_0) FROM {x} WHERE EXISTS (SELECT 1)";
    GroupKey key = group_key(a, "VIEW≠TEMPT");
    {
        TestCase no_subquery = a;  // a UNION's second SELECT is no subquery
        no_subquery.intermediate = "SELECT c0 AS vc_0 FROM t0 UNION ALL SELECT 1";
        auto f = group_key(no_subquery, "VIEW≠TEMPT").features;
        CHECK(std::count(f.begin(), f.end(), "construct:subquery") == 0);
    }
    for (const char* f : {"pattern:VIEW≠TEMPT", "construct:UNION ALL", "construct:RIGHT/FULL JOIN",
                          "type:INT", "type:VARCHAR"})
        CHECK(std::count(key.features.begin(), key.features.end(), f) == 1);
    INFO(fmt::format("{}", fmt::join(key.features, "; ")));
    CHECK(key.features.size() == 5);
    CHECK(group_key(a, "VIEW≠TEMPT", {{"INT", "int"}, {"VARCHAR", "string"}}).features.back() ==
          "type:string");
    {
        TestCase indexed = a;  // an index's key order is no column type
        indexed.schema.push_back("CREATE INDEX i_t0_0 ON t0 (c0 DESC, c1)");
        CHECK(group_key(indexed, "VIEW≠TEMPT").features == key.features);
    }
    TestCase b = a;  // other literals, names and spacing: same group
    b.intermediate =
        "SELECT c0 AS vc_0 FROM t0 UNION  ALL SELECT s9.c0 FROM t1 AS s1 RIGHT JOIN t1 AS s9 ON 1";
    CHECK(group_key(b, "VIEW≠TEMPT").signature == key.signature);
    CHECK(group_key(a, "VIEW≠CTE").signature != key.signature);
    b.referencing = "SELECT vc_0 FROM {x} WHERE vc_0 IS NULL";  // another filter: same group
    CHECK(group_key(b, "VIEW≠TEMPT").signature == key.signature);
    b.referencing = "SELECT vc_0 FROM {x} GROUP BY vc_0";  // another shape of Q
    CHECK(group_key(b, "VIEW≠TEMPT").signature != key.signature);
    b = a;
    b.intermediate =
        "SELECT c0 AS vc_0 FROM t0 UNION ALL SELECT s2.c0 FROM t1 AS s1 LEFT JOIN t1 AS s2 ON 0";
    CHECK(group_key(b, "VIEW≠TEMPT").signature != key.signature);
    // A FULL JOIN has a right join inside: one group with the RIGHT JOIN reduction.
    b.intermediate =
        "SELECT c0 AS vc_0 FROM t0 UNION ALL SELECT s2.c0 FROM t1 AS s1 FULL JOIN t1 AS s2 ON 0";
    CHECK(group_key(b, "VIEW≠TEMPT").signature == key.signature);
}

TEST_CASE("the grouping split leaves out representations whose side depends on Q", "[reduce]") {
    const std::set<std::string> cte{"CTE"};
    Classification once;  // Q references x once: SQLite flattens the CTE like the view
    once.groups = {{"TEMPT", "CTE_MAT"}, {"VIEW", "CTE", "DERIVED"}};
    once.errors = {{"CTE", "sqlite:e"}, {"DERIVED", "sqlite:e"}, {"VIEW", "sqlite:e"}};
    Classification twice;  // Q references x twice: the CTE is materialized
    twice.groups = {{"CTE", "TEMPT", "CTE_MAT"}, {"VIEW", "DERIVED"}};
    twice.errors = {{"DERIVED", "sqlite:e"}, {"VIEW", "sqlite:e"}};
    CHECK(grouping_pattern(once, cte) == "TEMPT=CTE_MAT≠VIEW=DERIVED!sqlite:e");
    // Which side is larger does not matter either (with the CTE, a 3:2 split turns 2:3).
    Classification results_once;
    results_once.groups = {{"VIEW", "CTE", "DERIVED"}, {"TEMPT", "CTE_MAT"}};
    Classification results_twice;
    results_twice.groups = {{"CTE", "TEMPT", "CTE_MAT"}, {"VIEW", "DERIVED"}};
    CHECK(grouping_pattern(results_once, cte) == grouping_pattern(results_twice, cte));
    CHECK(grouping_pattern(twice, cte) == grouping_pattern(once, cte));
    CHECK(grouping_pattern(twice, {}) != grouping_pattern(once, {}));
    // Alone on its side, the CTE stays: a CTE-only bug is its own group.
    Classification alone;
    alone.groups = {{"VIEW", "TEMPT", "DERIVED"}, {"CTE"}};
    CHECK(grouping_pattern(alone, cte) == "CTE≠VIEW=TEMPT=DERIVED");
    // Another error kind is another group.
    twice.errors = {{"DERIVED", "sqlite:f"}, {"VIEW", "sqlite:f"}};
    CHECK(grouping_pattern(twice, cte) != grouping_pattern(once, cte));
}

TEST_CASE("optimizer-setting variants stay out of the grouping split unless only they split",
          "[reduce]") {
    Classification plain;
    plain.groups = {{"VIEW", "CTE", "DERIVED"}, {"TEMPT", "CTE_MAT"}};
    // Each case runs a random subset of the variants; wherever they land, one group.
    Classification with_variants;
    with_variants.groups = {{"VIEW", "CTE", "DERIVED", "CTE[no_propagate_const]"},
                            {"TEMPT", "CTE_MAT", "VIEW[no_query_flattener]"}};
    Classification other_variants;
    other_variants.groups = {{"VIEW", "DERIVED[no_push_down]", "CTE", "DERIVED"},
                             {"TEMPT", "CTE_MAT"},
                             {"TEMPT[no_transitive]"}};
    CHECK(grouping_pattern(with_variants, {}) == grouping_pattern(plain, {}));
    CHECK(grouping_pattern(other_variants, {}) == grouping_pattern(plain, {}));
    // Only a variant differs: the setting is the finding, so it stays.
    Classification variant_only;
    variant_only.groups = {{"VIEW", "CTE", "TEMPT"}, {"VIEW[no_push_down]"}};
    CHECK(grouping_pattern(variant_only, {}) == "VIEW=CTE=TEMPT≠VIEW[no_push_down]");
}

// From a MariaDB campaign: two bugs reduced to the same plain I ("SELECT '' AS vc_0 FROM t0")
// differed only in Q's functions and got one signature, so one was shown as the other's
// known bug.
TEST_CASE("Q's functions tell groups apart when the reduced I is plain", "[reduce]") {
    TestCase a;
    a.schema = {"CREATE TABLE t0 (c0 INT)"};
    a.intermediate = "SELECT '' AS vc_0 FROM t0 AS s0";
    a.referencing = "SELECT MIN(TIME(q1.vc_0)) AS vc_1 FROM {x} AS q1 GROUP BY q1.vc_0";
    TestCase b = a;
    b.referencing = "SELECT 0 AS vc_1 FROM {x} AS q1 WHERE DATE(q1.vc_0) NOT IN (SELECT 1)";
    CHECK(group_key(a, "VIEW≠TEMPT").signature != group_key(b, "VIEW≠TEMPT").signature);
    const auto f = group_key(a, "VIEW≠TEMPT").features;
    CHECK(std::count(f.begin(), f.end(), "q:function:TIME") == 1);
    // With a construct or function left in I, Q's functions stay out (padding in Q varies).
    TestCase c = a;
    c.intermediate = "SELECT DISTINCT '' AS vc_0 FROM t0 AS s0";
    TestCase d = c;
    d.referencing = "SELECT MAX(DATE(q1.vc_0)) AS vc_1 FROM {x} AS q1 GROUP BY q1.vc_0";
    CHECK(group_key(a, "VIEW≠TEMPT").signature != [&] {
        TestCase plain = a;
        plain.referencing = d.referencing;
        return group_key(plain, "VIEW≠TEMPT").signature;
    }());
    CHECK(group_key(c, "VIEW≠TEMPT").signature == group_key(d, "VIEW≠TEMPT").signature);
}

TEST_CASE("column types move to the dialect's first simple type that keeps the finding",
          "[reduce]") {
    TestCase tc;
    tc.schema = {"CREATE TABLE t0 (c0 TEXT, c1 REAL)"};
    tc.rows = {"INSERT INTO t0 VALUES ('a', 1.5)"};
    tc.intermediate = "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0";
    tc.referencing = "SELECT * FROM {x}";
    ReductionHints hints;
    hints.simple_types = {"INTEGER", "TEXT"};
    // The finding needs c1 (not c0) to stay non-integer: c0 moves to INTEGER although
    // "c0 INTEGER" is longer than "c0 TEXT", and c1 to TEXT, the next simple type.
    auto interesting = [](const TestCase& c) {
        return c.schema.size() == 1 && c.schema[0].find("c1 INTEGER") == std::string::npos &&
               c.schema[0].find("c0") != std::string::npos &&
               c.schema[0].find("c1") != std::string::npos && !c.rows.empty();
    };
    const TestCase reduced = reduce_case(tc, interesting, {}, nullptr, {}, hints);
    CHECK(reduced.schema[0] == "CREATE TABLE t0 (c0 INTEGER, c1 TEXT)");
    // A column that already has the first simple type is left alone.
    const TestCase again = reduce_case(reduced, interesting, {}, nullptr, {}, hints);
    CHECK(again.schema == reduced.schema);
}

// A PRIMARY KEY item has no INSERT value: columns of such a table were never dropped before,
// and their leftover types split one bug's reductions over group signatures.
TEST_CASE("columns of a table with a key constraint are dropped too", "[reduce]") {
    TestCase tc;
    tc.schema = {"CREATE TABLE t1 (c0 TEXT, c1 INT, c2 INT, c3 INT, PRIMARY KEY (c0, c3))"};
    tc.rows = {"INSERT INTO t1 VALUES ('a', 1, 2, 3), ('b', 4, 5, 6)"};
    tc.intermediate = "SELECT c0 AS vc_0 FROM t1";
    tc.referencing = "SELECT * FROM {x}";
    // Interesting while c0 and c3 (the key's columns) are there, the key is intact and the INSERT
    // has one value per column.
    auto interesting = [](const TestCase& c) {
        if (c.schema.size() != 1) return false;
        const auto table = parse_create_table(c.schema[0]);
        if (!table || c.schema[0].find("c0 TEXT") == std::string::npos ||
            c.schema[0].find("c3 INT") == std::string::npos ||
            c.schema[0].find("PRIMARY KEY (c0, c3)") == std::string::npos || c.rows.empty())
            return false;
        const auto columns =
            std::count_if(table->items.begin(), table->items.end(),
                          [](const auto& item) { return is_column_definition(item); });
        const auto insert = parse_insert(c.rows[0]);
        return insert && !insert->rows.empty() &&
               static_cast<long>(insert->rows[0].size()) == columns;
    };
    const TestCase reduced = reduce_case(tc, interesting, {}, nullptr, {});
    CHECK(reduced.schema[0].find("c1") == std::string::npos);
    CHECK(reduced.schema[0].find("c2") == std::string::npos);
    CHECK(reduced.schema[0].find("c3 INT") != std::string::npos);
    REQUIRE(!reduced.rows.empty());
    const auto insert = parse_insert(reduced.rows[0]);
    REQUIRE(insert);
    REQUIRE(!insert->rows.empty());
    CHECK(insert->rows[0].size() == 2);
}
