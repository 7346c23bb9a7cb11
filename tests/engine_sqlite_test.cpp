// End-to-end checks on embedded SQLite: a fault-injecting backend perturbs one
// representation's rows and every ERIQ pattern must be detected and reported;
// a seeded campaign runs without tool errors; --case runs through the CLI.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "catalog/dialect.hpp"
#include "engine/campaign.hpp"
#include "engine/case_file.hpp"
#include "engine/case_runner.hpp"
#include "exec/fault_injecting_backend.hpp"
#include "report/report_writer.hpp"
#include "rules/rule_set.hpp"
#include "test_files.hpp"

using namespace eriq;
using eriq::test::fresh_dir;
using eriq::test::slurp;
using eriq::test::source;
using Fault = FaultInjectingBackend::Fault;

namespace {

TestCase small_case(int x_references) {
    TestCase tc;
    tc.dialect = "sqlite";
    tc.schema = {"CREATE TABLE t0 (c0 INT, c1 TEXT)"};
    tc.rows = {"INSERT INTO t0 VALUES (1, 'a'), (2, 'b'), (2, 'b'), (NULL, '')"};
    tc.intermediate = "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0 WHERE c0 IS NOT NULL OR c1 = ''";
    tc.referencing = x_references == 1
                         ? "SELECT q.vc_0, q.vc_1 FROM {x} AS q"
                         : "SELECT a.vc_0, b.vc_1 FROM {x} AS a JOIN {x} AS b ON a.vc_0 = b.vc_0";
    tc.x_references = x_references;
    tc.columns = {{"vc_0", "int"}, {"vc_1", "string"}};
    return tc;
}

// SQL text that appears only in the final query of one representation (tag "t1").
const std::map<std::string, std::string> kMarker{{"VIEW", "FROM eriq_view_t1"},
                                                 {"CTE", "WITH eriq_cte_t1 "},
                                                 {"TEMPT", "FROM eriq_tempt_t1"},
                                                 {"DERIVED", "FROM (SELECT"},
                                                 {"CTE_MAT", "AS MATERIALIZED"}};

struct Run {
    CaseOutcome outcome;
    std::filesystem::path report;
};

Run run_with_faults(const std::vector<std::string>& keep,
                    const std::vector<std::pair<std::string, Fault>>& faults, int x_references = 1,
                    bool temp_single_reference = false, bool keep_consistent_results = true,
                    const std::vector<ExpectedError>& expected_errors = {}) {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    d.expected_errors.insert(d.expected_errors.end(), expected_errors.begin(),
                             expected_errors.end());
    d.capabilities["temp_table_single_reference"] = temp_single_reference;
    RuleSet rules = load_rules(source("rules/repr.toml"));
    std::erase_if(rules.representations, [&](const Representation& r) {
        return std::find(keep.begin(), keep.end(), r.name) == keep.end();
    });
    auto inner = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    std::vector<FaultInjectingBackend::Rule> fault_rules;
    for (const auto& [rep, fault] : faults) fault_rules.push_back({kMarker.at(rep), fault});
    FaultInjectingBackend backend(std::move(inner), fault_rules);

    TestCase tc = small_case(x_references);
    CaseRunner runner(backend, d, rules);
    runner.keep_consistent_results(keep_consistent_results);
    runner.load_database(tc);
    Run run;
    run.outcome = runner.run(tc, "t1");
    if (run.outcome.verdict == Verdict::Inconsistent) {
        ReportWriter writer(fresh_dir("faults"));
        run.report = writer.write(
            tc, run.outcome, {"sqlite", "sqlite", "SQLite", "sqlite::memory:", {}, {}, {}, {}});
    }
    return run;
}

void expect_reported(const Run& run, const std::string& pattern) {
    CHECK(run.outcome.verdict == Verdict::Inconsistent);
    CHECK(run.outcome.classification.pattern == pattern);
    REQUIRE_FALSE(run.report.empty());
    std::string json = slurp(run.report / "report.json");
    CHECK(json.find("\"pattern\": \"" + pattern + "\"") != std::string::npos);
    for (const auto& v : run.outcome.variants)
        CHECK(std::filesystem::exists(run.report / (v.variant.representation + ".sql")));
}

}  // namespace

TEST_CASE("unperturbed representations agree", "[engine]") {
    auto run = run_with_faults({"VIEW", "CTE", "TEMPT", "DERIVED", "CTE_MAT"}, {});
    CHECK(run.outcome.verdict == Verdict::Consistent);
    CHECK(run.outcome.variants.size() == 5);
    for (const auto& v : run.outcome.variants) CHECK(v.result.rows.size() == 4);
}

TEST_CASE("each three-way pattern is detected and reported", "[engine]") {
    const std::vector<std::string> three{"VIEW", "CTE", "TEMPT"};
    expect_reported(run_with_faults(three, {{"CTE", Fault::DropLastRow}}), "VIEW=TEMPT≠CTE");
    expect_reported(run_with_faults(three, {{"TEMPT", Fault::DuplicateFirstRow}}),
                    "VIEW=CTE≠TEMPT");
    expect_reported(run_with_faults(three, {{"VIEW", Fault::ChangeFirstValue}}), "CTE=TEMPT≠VIEW");
    expect_reported(
        run_with_faults(three, {{"VIEW", Fault::DropLastRow}, {"CTE", Fault::DuplicateFirstRow}}),
        "all_diff");
}

TEST_CASE("a skipped temporary table gives the TEMPT_SKIP pattern", "[engine]") {
    auto run = run_with_faults({"VIEW", "CTE", "TEMPT"}, {{"CTE", Fault::DropLastRow}}, 2, true);
    CHECK(run.outcome.skipped == std::vector<std::string>{"TEMPT"});
    expect_reported(run, "VIEW≠CTE(TEMPT_SKIP)");
    // The same query on a dialect that allows two references keeps TEMPT.
    auto kept = run_with_faults({"VIEW", "CTE", "TEMPT"}, {{"CTE", Fault::DropLastRow}}, 2, false);
    CHECK(kept.outcome.skipped.empty());
    expect_reported(kept, "VIEW=TEMPT≠CTE");
}

TEST_CASE("four and five representations are grouped by equal results", "[engine]") {
    expect_reported(
        run_with_faults({"VIEW", "CTE", "TEMPT", "DERIVED"}, {{"VIEW", Fault::DropLastRow}}),
        "CTE=TEMPT=DERIVED≠VIEW");
    expect_reported(
        run_with_faults({"VIEW", "CTE", "TEMPT", "DERIVED", "CTE_MAT"},
                        {{"TEMPT", Fault::ChangeFirstValue}, {"CTE_MAT", Fault::ChangeFirstValue}}),
        "VIEW=CTE=DERIVED≠TEMPT=CTE_MAT");
}

TEST_CASE("the fingerprint path of campaigns reports the same patterns", "[engine]") {
    const std::vector<std::string> all{"VIEW", "CTE", "TEMPT", "DERIVED", "CTE_MAT"};
    auto fast = [&](const std::vector<std::pair<std::string, Fault>>& faults) {
        return run_with_faults(all, faults, 1, false, false);
    };
    auto agree = fast({});
    CHECK(agree.outcome.verdict == Verdict::Consistent);
    CHECK(agree.outcome.classification.groups ==
          std::vector<std::vector<std::string>>{{"VIEW", "CTE", "TEMPT", "DERIVED", "CTE_MAT"}});
    for (const auto& v : agree.outcome.variants) CHECK(v.result.rows.empty());
    expect_reported(fast({{"CTE", Fault::DropLastRow}}), "VIEW=TEMPT=DERIVED=CTE_MAT≠CTE");
    expect_reported(fast({{"TEMPT", Fault::DuplicateFirstRow}}), "VIEW=CTE=DERIVED=CTE_MAT≠TEMPT");
    expect_reported(fast({{"VIEW", Fault::ChangeFirstValue}}), "CTE=TEMPT=DERIVED=CTE_MAT≠VIEW");
    auto reported = fast({{"DERIVED", Fault::ChangeFirstValue}});
    expect_reported(reported, "VIEW=CTE=TEMPT=CTE_MAT≠DERIVED");
    // A finding keeps every variant's normalized rows for its report.
    for (const auto& v : reported.outcome.variants) CHECK(v.result.rows.size() == 4);
}

TEST_CASE("an error raised by only some representations is a finding of its own", "[engine]") {
    const std::vector<std::string> all{"VIEW", "CTE", "TEMPT", "DERIVED", "CTE_MAT"};
    for (bool keep_rows : {true, false}) {
        INFO("keep_consistent_results " << keep_rows);
        auto run = run_with_faults(all, {{"TEMPT", Fault::RaiseError}}, 1, false, keep_rows);
        expect_reported(run, "error_only_in_TEMPT");
        CHECK(run.outcome.classification.groups ==
              std::vector<std::vector<std::string>>{{"VIEW", "CTE", "DERIVED", "CTE_MAT"},
                                                    {"TEMPT"}});
        CHECK(run.outcome.classification.errors ==
              std::vector<std::pair<std::string, std::string>>{{"TEMPT", "injected:error"}});
        // The representations that ran keep their rows for the report.
        for (const auto& v : run.outcome.variants)
            CHECK(v.result.rows.size() == (v.variant.representation == "TEMPT" ? 0u : 4u));
        CHECK(slurp(run.report / "TEMPT.sql").find("injected:error") != std::string::npos);
    }
    // Two failing the same way form one group; the others still disagree among themselves.
    auto two = run_with_faults(all, {{"VIEW", Fault::RaiseError},
                                     {"CTE_MAT", Fault::RaiseError},
                                     {"DERIVED", Fault::DropLastRow}});
    expect_reported(two, "CTE=TEMPT≠DERIVED≠error_in_VIEW+CTE_MAT");
}

TEST_CASE("an error the dialect expects of a representation discards the case", "[engine]") {
    const std::vector<std::string> all{"VIEW", "CTE", "TEMPT", "DERIVED", "CTE_MAT"};
    ExpectedError anywhere;
    anywhere.reason = "test";
    anywhere.error_regex = "^injected:";
    anywhere.pattern = BenignPattern(anywhere.error_regex);
    auto run = run_with_faults(all, {{"TEMPT", Fault::RaiseError}}, 1, false, false, {anywhere});
    CHECK(run.outcome.verdict == Verdict::Discarded);
    CHECK(run.outcome.discard_kind == "injected:error");
    // Expected of another representation only: still a finding.
    ExpectedError of_cte = anywhere;
    of_cte.representations = {"CTE"};
    expect_reported(run_with_faults(all, {{"TEMPT", Fault::RaiseError}}, 1, false, false, {of_cte}),
                    "error_only_in_TEMPT");
    ExpectedError of_tempt = anywhere;
    of_tempt.representations = {"TEMPT"};
    CHECK(run_with_faults(all, {{"TEMPT", Fault::RaiseError}}, 1, false, false, {of_tempt})
              .outcome.verdict == Verdict::Discarded);
}

TEST_CASE("SQLite's evaluation errors are expected in any single representation", "[engine]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    VariantOutcome failed;
    failed.variant.representation = "TEMPT";
    failed.error_kind = "sqlite:integer overflow";
    failed.error = "sqlite: integer overflow";
    CHECK(matching_expected_error(d, failed) != nullptr);
    failed.error_kind = "sqlite:ON clause references tables to its right";
    CHECK(matching_expected_error(d, failed) == nullptr);
}

TEST_CASE("a difference in a result with an infinite float is not a finding", "[engine]") {
    // SUM over the float limits: whether it overflows depends on the order rows are added.
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    auto inner = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    FaultInjectingBackend backend(std::move(inner), {{"FROM eriq_tempt_t4", Fault::DropLastRow}});
    TestCase tc = small_case(1);
    tc.intermediate = "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0";
    tc.referencing = "SELECT q.vc_0 * 1e308 AS a, q.vc_1 FROM {x} AS q";
    CaseRunner runner(backend, d, rules);
    runner.load_database(tc);
    auto outcome = runner.run(tc, "t4");
    CHECK(outcome.verdict == Verdict::Discarded);
    CHECK(outcome.discard_kind == "non_finite_float");
    // With the rule off, the same difference is a finding.
    rules.normalize.non_finite_uninformative = false;
    CaseRunner strict(backend, d, rules);
    CHECK(strict.run(tc, "t4").verdict == Verdict::Inconsistent);
    // Without an infinite value the dropped row is a finding as before.
    rules.normalize.non_finite_uninformative = true;
    tc.referencing = "SELECT q.vc_0 * 2 AS a, q.vc_1 FROM {x} AS q";
    CaseRunner finite(backend, d, rules);
    CHECK(finite.run(tc, "t4").verdict == Verdict::Inconsistent);
}

TEST_CASE("the JSON subtype lost by materialized forms is a documented difference", "[engine]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    std::string dialect_name;
    TestCase tc = load_case_file(source("tests/data/cases/sqlite_json_subtype_materialized.toml"),
                                 &dialect_name);
    CaseRunner runner(*backend, d, rules);
    runner.load_database(tc);
    auto outcome = runner.run(tc, "t3");
    CHECK(outcome.classification.pattern == "VIEW=CTE=DERIVED≠TEMPT=CTE_MAT");
    CHECK(outcome.verdict == Verdict::Benign);
    CHECK(outcome.benign_reason.find("json1.html") != std::string::npos);
    // Q names x twice: the CTE is materialized too and sides with the temporary table.
    tc = load_case_file(source("tests/data/cases/sqlite_json_subtype_cte_twice.toml"),
                        &dialect_name);
    CaseRunner twice(*backend, d, rules);
    twice.load_database(tc);
    outcome = twice.run(tc, "t5");
    CHECK(outcome.classification.pattern == "CTE=TEMPT=CTE_MAT≠VIEW=DERIVED");
    CHECK(outcome.verdict == Verdict::Benign);
}

TEST_CASE("a failing variant discards the case and teardown still runs", "[engine]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    TestCase tc = small_case(1);
    tc.referencing = "SELECT q.no_such_column FROM {x} AS q";
    CaseRunner runner(*backend, d, rules);
    runner.load_database(tc);
    auto outcome = runner.run(tc, "t2");
    CHECK(outcome.verdict == Verdict::Discarded);
    CHECK(outcome.discard_kind.rfind("sqlite:", 0) == 0);
    // The VIEW was created and must be gone again.
    auto rs = backend->query("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'eriq_%'");
    CHECK(rs.rows.at(0).at(0).text == "0");
}

TEST_CASE("a seeded 2000 case SQLite campaign runs without tool errors", "[engine][campaign]") {
    RunOptions o;
    o.dialect = "sqlite";
    o.rules_file = source("rules/repr.toml");
    o.seed = 2024;
    o.max_cases = 2000;
    o.out_dir = fresh_dir("campaign").string();
    o.verbosity = 0;
    auto result = execute_campaign(o);
    const auto& s = result.stats;
    CHECK(s.cases == 2000);
    CHECK(s.tool_errors == 0);
    CHECK(s.generation_failures == 0);
    CHECK(s.server_faults == 0);
    CHECK(s.valid + s.discarded_total() == s.cases);
    const double share = static_cast<double>(s.valid) / static_cast<double>(s.cases);
    WARN("SQLite valid share over 2000 seeded cases: " << share << ", findings " << s.findings);
    // An upper bound, not only a lower one: a normalizer or rule that flags everything fails.
    CHECK(s.findings * 50 <= s.cases);
    CHECK(share >= 0.85);
    std::string summary = slurp(std::filesystem::path(o.out_dir) / "summary.json");
    for (const char* key :
         {"\"cases\": 2000", "\"valid\":", "\"discarded\":", "\"skipped_variants\":",
          "\"findings\":", "\"cases_per_second\":", "\"driver_seconds\":", "\"wall_seconds\":"})
        CHECK(summary.find(key) != std::string::npos);
    // Every finding has its folder and one index line.
    std::string index = std::filesystem::exists(std::filesystem::path(o.out_dir) / "index.jsonl")
                            ? slurp(std::filesystem::path(o.out_dir) / "index.jsonl")
                            : "";
    CHECK(std::count(index.begin(), index.end(), '\n') == s.findings);
}

TEST_CASE("hand-written references to x are marked", "[engine]") {
    int n = 0;
    CHECK(mark_x_references("SELECT * FROM x", &n) == "SELECT * FROM {x} AS x");
    CHECK(n == 1);
    CHECK(mark_x_references("SELECT x.vc_0 FROM x WHERE vc_1 OR 0", &n) ==
          "SELECT x.vc_0 FROM {x} AS x WHERE vc_1 OR 0");
    CHECK(mark_x_references("SELECT a.vc FROM x AS a JOIN x b ON 'x' = a.vc", &n) ==
          "SELECT a.vc FROM {x} AS a JOIN {x} b ON 'x' = a.vc");
    CHECK(n == 2);
    CHECK(mark_x_references("SELECT max_x FROM xx", &n) == "SELECT max_x FROM xx");
    CHECK(n == 0);
    // What a finding's case.toml holds after eriq added the alias: it reads back the same.
    CHECK(mark_x_references("SELECT vc_0 FROM x AS x WHERE x.vc_0 > 1", &n) ==
          "SELECT vc_0 FROM {x} AS x WHERE x.vc_0 > 1");
    CHECK(n == 1);
}

TEST_CASE("eriq-gen --case prints every variant and exits 0 when consistent", "[engine][cli]") {
    // ctest sets ERIQ_BIN; run by hand from the build directory, ./eriq-gen is used.
    const char* bin = std::getenv("ERIQ_BIN");
    if (bin == nullptr) bin = "./eriq-gen";
    REQUIRE(std::filesystem::exists(bin));
    auto out = fresh_dir("cli") / "out.txt";
    std::string cmd = std::string(bin) + " --case " +
                      source("tests/data/cases/sqlite_consistent.toml") + " > " + out.string() +
                      " 2>&1";
    int status = std::system(cmd.c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    std::string text = slurp(out);
    for (const char* rep :
         {"== VIEW ==", "== CTE ==", "== TEMPT ==", "== DERIVED ==", "== CTE_MAT =="})
        CHECK(text.find(rep) != std::string::npos);
    CHECK(text.find("verdict: consistent") != std::string::npos);
    CHECK(text.find("CREATE VIEW eriq_view_case AS SELECT c0 AS vc_0") != std::string::npos);
}

TEST_CASE("a statement past the timeout is discarded and the campaign goes on",
          "[engine][campaign]") {
    RunOptions o;
    o.dialect = "sqlite";
    o.grammar_file = source("tests/data/grammars/slow_sqlite.toml");
    o.rules_file = source("rules/repr.toml");
    o.seed = 3;
    o.max_cases = 60;
    o.statement_timeout = std::chrono::milliseconds(150);
    o.out_dir = fresh_dir("timeout").string();
    o.verbosity = 0;
    auto s = execute_campaign(o).stats;
    CHECK(s.cases == 60);
    CHECK(s.discarded["timeout"] > 0);
    CHECK(s.valid > 0);
    CHECK(s.tool_errors == 0);
    CHECK(s.valid + s.discarded_total() == s.cases);
    // A slow I times out in each of its Qs: three timeouts end the round.
    CHECK(s.rounds_cut_by_timeouts > 0);
}

TEST_CASE("a campaign of slow statements ends at its deadline and not at the statement timeout",
          "[engine][campaign]") {
    RunOptions o;
    o.dialect = "sqlite";
    o.grammar_file = source("tests/data/grammars/slow_sqlite.toml");
    o.rules_file = source("rules/repr.toml");
    o.weights = {{"slow", 1000}};
    o.seed = 5;
    o.time_limit_seconds = 2;
    o.statement_timeout = std::chrono::seconds(30);
    o.out_dir = fresh_dir("deadline").string();
    o.verbosity = 0;
    const auto start = std::chrono::steady_clock::now();
    auto s = execute_campaign(o).stats;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(wall < 2 + 1.0);  // the in-flight statement is interrupted at the deadline
    CHECK(s.tool_errors == 0);
}

TEST_CASE("two SQLite workers share one budget, one output folder and one summary",
          "[engine][campaign]") {
    RunOptions o;
    o.dialect = "sqlite";
    o.rules_file = source("rules/repr.toml");
    o.seed = 8;
    o.max_cases = 500;
    o.jobs = 2;
    o.out_dir = fresh_dir("jobs").string();
    o.verbosity = 0;
    auto result = execute_campaign(o);
    CHECK(result.stats.cases == 500);
    CHECK(result.stats.tool_errors == 0);
    CHECK(result.facts.workers == 2);
    CHECK(result.facts.driver_seconds > 0);
    std::string summary = slurp(std::filesystem::path(o.out_dir) / "summary.json");
    CHECK(summary.find("\"workers\": 2") != std::string::npos);
    CHECK(summary.find("\"cases\": 500") != std::string::npos);
}

TEST_CASE("several referencing queries share one intermediate query", "[engine]") {
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    TestCase a = small_case(1);
    TestCase b = small_case(2);
    TestCase broken = small_case(1);
    broken.referencing = "SELECT q.nope FROM {x} AS q";
    CaseRunner runner(*backend, d, rules);
    runner.load_database(a);
    auto outcomes = runner.run_group({a, broken, b}, "g1");
    REQUIRE(outcomes.size() == 3);
    CHECK(outcomes[0].verdict == Verdict::Consistent);
    CHECK(outcomes[1].verdict == Verdict::Discarded);
    CHECK(outcomes[2].verdict == Verdict::Consistent);
    // VIEW and TEMPT are created and dropped once for both queries:
    // 2 setups + 2 teardowns + 5 final queries for each Q.
    const auto before = backend->statements();
    REQUIRE(runner.run_group({a, b}, "g2").size() == 2);
    CHECK(backend->statements() - before == 2 + 2 + 5 + 5);
    auto rs = backend->query("SELECT count(*) FROM sqlite_temp_schema WHERE name LIKE 'eriq_%'");
    CHECK(rs.rows.at(0).at(0).text == "0");
}
