// Representations in correlated positions (issue 12, point 2): I inside a subquery of an
// outer query whose row it references. Only the representations marked `correlated` in the
// rules run such a case (DERIVED and the CTEs); the generator places I there with the knob
// `correlated`; case files and reports carry the outer query; a planted difference in one
// correlated representation is a finding over the representations that ran.
#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/case_file.hpp"
#include "engine/case_runner.hpp"
#include "exec/fault_injecting_backend.hpp"
#include "generation_fixture.hpp"
#include "report/report_writer.hpp"
#include "rules/rule_set.hpp"
#include "util/load_error.hpp"

using namespace eriq;
using namespace eriq::test;
using Fault = FaultInjectingBackend::Fault;

namespace {

// Outer rows s0.c0 in (1, 2, 3); inner rows match c1 = s0.c0 for 1 and 3 only.
TestCase correlated_case() {
    TestCase tc;
    tc.dialect = "sqlite";
    tc.schema = {"CREATE TABLE t0 (c0 INT)", "CREATE TABLE t1 (c0 INT, c1 INT)"};
    tc.rows = {"INSERT INTO t0 VALUES (1), (2), (3)",
               "INSERT INTO t1 VALUES (10, 1), (11, 1), (30, 3)"};
    tc.intermediate = "SELECT s1.c0 AS vc_0 FROM t1 AS s1 WHERE s1.c1 = s0.c0";
    tc.referencing = "SELECT q2.vc_0 AS vc_0 FROM {x} AS q2";
    tc.columns = {{"vc_0", "int"}};
    tc.outer =
        "SELECT s0.c0 AS vc_1, (SELECT COUNT(*) FROM ({Q}) AS eriq_p) AS eriq_count FROM t0 AS s0";
    return tc;
}

}  // namespace

TEST_CASE("a correlated case runs only the representations that can hold it", "[correlated]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    const TestCase tc = correlated_case();
    VariantPlan plan = instantiate(representations_for(rules, d), d, tc, "c1");
    std::vector<std::string> ran;
    for (const auto& v : plan.variants) ran.push_back(v.representation);
    CHECK(ran == std::vector<std::string>{"CTE", "DERIVED", "CTE_MAT"});
    CHECK(plan.skipped == std::vector<std::string>{"VIEW", "TEMPT"});
    for (const auto& v : plan.variants) {
        CAPTURE(v.query);
        CHECK(v.query.starts_with("SELECT s0.c0 AS vc_1, (SELECT COUNT(*) FROM ("));
        CHECK(v.query.ends_with(") AS eriq_p) AS eriq_count FROM t0 AS s0"));
        CHECK(v.query.find(tc.intermediate) != std::string::npos);
        CHECK(v.setup.empty());
    }
    // Without an outer query every representation runs at the top.
    TestCase top = tc;
    top.outer.clear();
    top.intermediate = "SELECT s1.c0 AS vc_0 FROM t1 AS s1";
    CHECK(instantiate(representations_for(rules, d), d, top, "c2").variants.size() == 5);
}

TEST_CASE("a correlated case agrees on SQLite and a planted difference is a finding",
          "[correlated]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    const TestCase tc = correlated_case();
    {
        auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
        CaseRunner runner(*backend, d, rules);
        runner.load_database(tc);
        CaseOutcome outcome = runner.run(tc, "c3");
        CHECK(outcome.verdict == Verdict::Consistent);
        CHECK(outcome.skipped == std::vector<std::string>{"VIEW", "TEMPT"});
        REQUIRE(outcome.variants.size() == 3);
        // Per outer row the count of its inner rows: 2, 0 and 1.
        for (const auto& v : outcome.variants) {
            CAPTURE(v.variant.representation);
            REQUIRE(v.ok);
            CHECK(v.result.rows.size() == 3);
        }
    }
    FaultInjectingBackend backend(
        open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{}),
        {{"AS MATERIALIZED", Fault::ChangeFirstValue}});
    CaseRunner runner(backend, d, rules);
    runner.keep_consistent_results(true);
    runner.load_database(tc);
    CaseOutcome outcome = runner.run(tc, "c4");
    REQUIRE(backend.faults_injected() > 0);
    REQUIRE(outcome.verdict == Verdict::Inconsistent);
    CHECK(outcome.classification.pattern == "CTE=DERIVED\u2260CTE_MAT(VIEW_SKIP)(TEMPT_SKIP)");
    CHECK(outcome.classification.minority == std::vector<std::string>{"CTE_MAT"});

    const auto dir =
        ReportWriter(fresh_dir("correlated"))
            .write(tc, outcome, {"sqlite", "sqlite", "SQLite", "sqlite::memory:", {}, {}, {}, {}});
    const std::string json = slurp(dir / "report.json");
    CHECK(json.find("\"outer\": \"SELECT s0.c0 AS vc_1, (SELECT COUNT(*) FROM (Q) AS eriq_p)") !=
          std::string::npos);
    CHECK(slurp(dir / "CTE_MAT.sql").find("AS MATERIALIZED") != std::string::npos);
    CHECK(slurp(dir / "CTE_MAT.sql").find("FROM t0 AS s0") != std::string::npos);
    // The case file written next to the report loads back to the same case.
    std::string dialect;
    TestCase again = load_case_file((dir / "case.toml").string(), &dialect);
    CHECK(again.outer == tc.outer);
    CHECK(again.intermediate == tc.intermediate);
    CHECK(again.referencing == tc.referencing);
}

TEST_CASE("a case file's outer query names Q exactly once", "[correlated]") {
    auto write_case = [](const std::string& outer_line) {
        auto path = fresh_dir("correlated-case") / "case.toml";
        std::ofstream(path) << "schema = ['CREATE TABLE t0 (c0 INT)']\n"
                               "rows = []\n"
                               "intermediate = 'SELECT c0 AS vc_0 FROM t0 WHERE c0 = s0.c0'\n"
                               "referencing = 'SELECT vc_0 FROM x ORDER BY vc_0'\n"
                            << outer_line << "\n";
        return path.string();
    };
    auto error_of = [](const std::string& path) -> std::string {
        try {
            load_case_file(path, nullptr);
        } catch (const LoadError& e) {
            return e.what();
        }
        return "";
    };
    TestCase tc = load_case_file(
        write_case("outer = 'SELECT s0.c0 FROM t0 AS s0 WHERE EXISTS (Q)'"), nullptr);
    CHECK(tc.outer == "SELECT s0.c0 FROM t0 AS s0 WHERE EXISTS ({Q})");
    // A quoted 'Q' is a string, not the placeholder.
    CHECK(error_of(write_case("outer = \"SELECT 'Q' FROM t0 AS s0\""))
              .find(":5:9: 'outer' must name the referencing query exactly once") !=
          std::string::npos);
    CHECK(error_of(write_case("outer = 'SELECT 1 FROM t0 AS s0 WHERE EXISTS (Q) AND EXISTS (Q)'"))
              .find("it does 2 times") != std::string::npos);
    CHECK(error_of(write_case("outer = 'SELECT 1 FROM t0 AS s0 WHERE EXISTS (Q)'\nordered = true"))
              .find("'ordered' cannot be true with 'outer'") != std::string::npos);
}

TEST_CASE("the generator places I in a correlated position by the knob", "[correlated][gen]") {
    Loaded l = load("sqlite");
    dsl::override_knob(l.grammar, "correlated", 1);
    const auto cases = generate(l, 12, 200);
    REQUIRE(cases.size() == 200);
    // The outer FROM is derived first, so its table has the first alias, s0; I reads it.
    const RE2 outer_from(R"(FROM t\d+ AS s0( WHERE|$))");
    int referencing_outer = 0;
    for (const auto& tc : cases) {
        CAPTURE(tc.outer, tc.intermediate);
        REQUIRE(tc.outer.find("{Q}") != std::string::npos);
        CHECK(RE2::PartialMatch(tc.outer, outer_from));
        CHECK_FALSE(tc.ordered);
        if (tc.intermediate.find("s0.") != std::string::npos) ++referencing_outer;
    }
    CHECK(referencing_outer >= 150);

    // The draws derive the same outer query again (the reducer shrinks on them).
    CaseGenerator gen(l.grammar, l.dialect);
    auto db = gen.database(mix_seed(12, 0));
    auto tc = gen.generate(db, mix_seed(12, 0), 0);
    REQUIRE(tc);
    auto replayed = gen.replay(db, tc->choices);
    REQUIRE(replayed);
    CHECK(replayed->tc.outer == tc->outer);
    CHECK(replayed->tc.intermediate == tc->intermediate);

    // The default share places some cases, the knob at 0 none.
    Loaded plain = load("sqlite");
    const auto defaults = generate(plain, 12, 300);
    const auto placed = std::count_if(defaults.begin(), defaults.end(),
                                      [](const TestCase& c) { return !c.outer.empty(); });
    CHECK(placed > 10);
    CHECK(placed < 90);
    dsl::override_knob(plain.grammar, "correlated", 0);
    for (const auto& c : generate(plain, 12, 300)) CHECK(c.outer.empty());
}

TEST_CASE("generated correlated cases run on SQLite", "[correlated][gen]") {
    Loaded l = load("sqlite");
    dsl::override_knob(l.grammar, "correlated", 1);
    RuleSet rules = load_rules(source("rules/repr.toml"));
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    int valid = 0, findings = 0;
    const auto cases = generate(l, 21, 150);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const TestCase& tc = cases[i];
        CaseRunner runner(*backend, l.dialect, rules);
        runner.load_database(tc);
        CaseOutcome outcome = runner.run(tc, "g" + std::to_string(i));
        backend->reset_workspace();
        if (outcome.verdict == Verdict::Consistent) ++valid;
        if (outcome.verdict == Verdict::Inconsistent) {
            ++findings;
            ++valid;
        }
        if (outcome.verdict != Verdict::Discarded) CHECK(outcome.variants.size() == 3);
    }
    CHECK(valid >= 100);
    CHECK(findings <= 5);
}
