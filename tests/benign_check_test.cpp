// A [[benign]] entry matched against the generated case can mask a bug when the construct it
// names is not what makes the difference (issue 9). The check reduces the benign case with the
// entries off and matches again: a reduced case no entry explains is a finding.
#include <catch2/catch.hpp>

#include "engine/benign_check.hpp"
#include "engine/case_file.hpp"
#include "engine/case_runner.hpp"
#include "exec/fault_injecting_backend.hpp"
#include "test_files.hpp"

using namespace eriq;
using Fault = FaultInjectingBackend::Fault;

namespace {

// The sqlite dialect with one more entry: a difference of CTE_MAT alone is documented
// whenever I or Q calls upper().
Dialect dialect_explaining_upper() {
    Dialect d = load_dialect(test::source("dialects/sqlite.toml"));
    BenignDifference b;
    b.reason = "test: upper() in CTE_MAT";
    b.query_regex = "\\bupper\\(";
    b.pattern = BenignPattern(b.query_regex);
    b.representations = {"CTE_MAT"};
    d.benign.push_back(b);
    return d;
}

TestCase case_with(const std::string& intermediate, const std::string& referencing) {
    TestCase tc;
    tc.dialect = "sqlite";
    tc.schema = {"CREATE TABLE t0 (c0 TEXT, c1 INT)", "CREATE TABLE t1 (c0 INT)"};
    tc.rows = {"INSERT INTO t0 VALUES ('a', 1), ('b', 2), ('c', 3)",
               "INSERT INTO t1 VALUES (1), (2)"};
    tc.intermediate = intermediate;
    tc.referencing = referencing;
    tc.columns = {{"vc_0", "string"}, {"vc_1", "int"}};
    return tc;
}

struct Checked {
    CaseOutcome outcome;  // before the check
    BenignCheck check;
};

// Runs `tc` over a backend whose CTE_MAT queries containing `marker` lose their last row.
Checked run_and_check(const TestCase& tc, const std::string& marker) {
    const Dialect d = dialect_explaining_upper();
    const RuleSet rules = load_rules(test::source("rules/repr.toml"));
    auto inner = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    FaultInjectingBackend backend(*inner, {{marker, Fault::DropLastRow}});
    Checked out;
    {
        CaseRunner runner(backend, d, rules);
        runner.load_database(tc);
        out.outcome = runner.run(tc, "b1");
        backend.reset_workspace();
    }
    out.check = check_benign_on_reduced(backend, d, rules, tc, out.outcome,
                                        ReductionBudget{500, std::chrono::seconds(20)});
    return out;
}

}  // namespace

TEST_CASE("a benign entry that only the unreduced case matches does not mask the finding",
          "[benign][reduce]") {
    // The planted difference is in every CTE_MAT query; upper() only decorates Q.
    const Checked c = run_and_check(
        case_with("SELECT s0.c0 AS vc_0, s0.c1 AS vc_1 FROM t0 AS s0",
                  "SELECT upper(q0.vc_0) AS vc_2, q0.vc_1 AS vc_3 FROM {x} AS q0 WHERE "
                  "q0.vc_1 > 0"),
        "AS MATERIALIZED");
    REQUIRE(c.outcome.verdict == Verdict::Benign);
    CHECK(c.outcome.benign_reason == "test: upper() in CTE_MAT");
    REQUIRE_FALSE(c.check.reduction.fault_case);
    CAPTURE(c.check.reduction.reduced.intermediate, c.check.reduction.reduced.referencing);
    CHECK(c.check.masked);
    CHECK(c.check.reduction.reduced.referencing.find("upper(") == std::string::npos);
    CHECK(c.check.reduction.outcome.verdict == Verdict::Inconsistent);
    CHECK(c.check.reduction.outcome.classification.minority == std::vector<std::string>{"CTE_MAT"});
    const CaseOutcome shown = as_finding(c.outcome);
    CHECK(shown.verdict == Verdict::Inconsistent);
    CHECK(shown.benign_reason == "test: upper() in CTE_MAT");
    CHECK(shown.classification.pattern == c.outcome.classification.pattern);
}

TEST_CASE("a benign entry whose construct the difference needs still explains it",
          "[benign][reduce]") {
    // Only CTE_MAT queries whose I starts with upper() lose a row: the construct is the cause.
    const Checked c = run_and_check(
        case_with("SELECT upper(s0.c0) AS vc_0, s0.c1 AS vc_1 FROM t0 AS s0 WHERE s0.c1 < 9",
                  "SELECT q0.vc_0 AS vc_2, q0.vc_1 AS vc_3 FROM {x} AS q0 WHERE q0.vc_1 > 0"),
        "AS MATERIALIZED (SELECT upper(");
    REQUIRE(c.outcome.verdict == Verdict::Benign);
    REQUIRE_FALSE(c.check.reduction.fault_case);
    CAPTURE(c.check.reduction.reduced.intermediate, c.check.reduction.reduced.referencing);
    CHECK(c.check.reduction.reduced.intermediate.starts_with("SELECT upper("));
    CHECK_FALSE(c.check.masked);
}

TEST_CASE("a benign entry may name the optimizer variants it explains", "[benign][sqlite]") {
    // SQLite 3.40.1 (Debian 12) merges the subtype through CAST into Q; the unflattened view
    // reads I back like a table. Newer releases agree in every form.
    const Dialect d = load_dialect(test::source("dialects/sqlite.toml"));
    const RuleSet rules = load_rules(test::source("rules/repr.toml"));
    std::string dialect;
    const TestCase tc = load_case_file(
        test::source("tests/data/cases/sqlite_json_subtype_unflattened_view.toml"), &dialect);
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    CaseRunner runner(*backend, d, rules);
    runner.load_database(tc);
    const CaseOutcome outcome = runner.run(tc, "j1");
    CAPTURE(outcome.classification.pattern);
    CHECK(outcome.verdict != Verdict::Inconsistent);
    if (backend->server_version() == "SQLite 3.40.1") CHECK(outcome.verdict == Verdict::Benign);
}
