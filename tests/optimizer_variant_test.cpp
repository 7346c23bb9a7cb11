// Optimizer-setting variants (a dialect's [[optimizer_variant]]): drawn per case from its
// seed, run around their base representation's query, named REPR[setting] in patterns and
// reports, skipped with a reason when the setting cannot be made, and pinned for replay.
#include <catch2/catch.hpp>

#include "catalog/dialect.hpp"
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

TestCase small_case() {
    TestCase tc;
    tc.dialect = "sqlite";
    tc.seed = 11;
    tc.schema = {"CREATE TABLE t0 (c0 INT, c1 TEXT)"};
    tc.rows = {"INSERT INTO t0 VALUES (1, 'a'), (2, 'b'), (NULL, '')"};
    tc.intermediate = "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0 WHERE c0 IS NOT NULL OR c1 = ''";
    tc.referencing = "SELECT q.vc_0, q.vc_1 FROM {x} AS q";
    tc.columns = {{"vc_0", "int"}, {"vc_1", "string"}};
    return tc;
}

RuleSet view_cte_rules() {
    RuleSet rules = load_rules(source("rules/repr.toml"));
    std::erase_if(rules.representations,
                  [](const Representation& r) { return r.name != "VIEW" && r.name != "CTE"; });
    return rules;
}

// A setting made by a statement; the fault backend perturbs the queries that run under it.
OptimizerVariant marked_setting(const std::string& name) {
    OptimizerVariant v;
    v.name = name;
    v.representations = {"VIEW"};
    v.setup = {"SELECT 'eriq_fault_setting'"};
    v.teardown = {"SELECT 'restored'"};
    return v;
}

}  // namespace

TEST_CASE("variants are drawn from the case's seed and named REPR[setting]", "[variant]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    REQUIRE(d.optimizer_variants.size() >= 3);
    const auto reps = representations_for(load_rules(source("rules/repr.toml")), d);
    TestCase tc = small_case();
    auto names = [&](const VariantPlan& plan) {
        std::vector<std::string> out;
        for (const auto& v : plan.variants) out.push_back(v.representation);
        return out;
    };
    const auto base = names(instantiate(reps, d, tc, "a"));
    const auto two = names(instantiate(reps, d, tc, "a", 2));
    REQUIRE(two.size() == base.size() + 2);
    CHECK(two == names(instantiate(reps, d, tc, "b", 2)));  // the same draw every time
    for (std::size_t i = base.size(); i < two.size(); ++i) {
        CHECK(two[i].find('[') != std::string::npos);
        CHECK(std::find(base.begin(), base.end(), base_representation(two[i])) != base.end());
    }
    // Some other case draws other variants.
    bool differs = false;
    for (int q = 1; q < 20 && !differs; ++q) {
        tc.query_index = q;
        differs = names(instantiate(reps, d, tc, "a", 2)) != two;
    }
    CHECK(differs);
    // A case that lists its representations runs exactly those.
    tc.representations = {base_representation(two.back()), two.back()};
    const auto listed = names(instantiate(reps, d, tc, "a", 0));
    CHECK(listed == tc.representations);
}

TEST_CASE("SQLite variants run with test_control and agree", "[variant]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = view_cte_rules();
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    CaseRunner runner(*backend, d, rules);
    runner.set_optimizer_variants(2);
    TestCase tc = small_case();
    runner.load_database(tc);
    CaseOutcome outcome = runner.run(tc, "s1");
    CHECK(outcome.verdict == Verdict::Consistent);
    REQUIRE(outcome.variants.size() == 4);
    CHECK(outcome.variants[2].variant.representation.find('[') != std::string::npos);
    CHECK(outcome.variants[2].ok);
}

TEST_CASE("a variant under a fault-injected setting is named in the report", "[variant]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    d.optimizer_variants = {marked_setting("faulty=on")};
    RuleSet rules = view_cte_rules();
    FaultInjectingBackend backend(
        open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{}),
        {{"eriq_fault_setting", Fault::ChangeFirstValue, true}});
    for (bool keep : {true, false}) {
        CAPTURE(keep);
        CaseRunner runner(backend, d, rules);
        runner.keep_consistent_results(keep);
        runner.set_optimizer_variants(1);
        TestCase tc = small_case();
        runner.load_database(tc);
        CaseOutcome outcome = runner.run(tc, "f1");
        REQUIRE(outcome.verdict == Verdict::Inconsistent);
        CHECK(outcome.classification.pattern == "VIEW=CTE\u2260VIEW[faulty=on]");
        CHECK(outcome.classification.minority == std::vector<std::string>{"VIEW[faulty=on]"});

        const TestCase pinned = with_variants_pinned(tc, outcome);
        CHECK(pinned.representations == std::vector<std::string>{"VIEW", "CTE", "VIEW[faulty=on]"});
        auto dir = ReportWriter(fresh_dir("variant"))
                       .write(pinned, outcome,
                              {"sqlite", "sqlite", "SQLite", "sqlite::memory:", {}, {}, {}, {}});
        CHECK(slurp(dir / "report.json").find("\"representation\": \"VIEW[faulty=on]\"") !=
              std::string::npos);
        CHECK(slurp(dir / "case.toml").find("VIEW[faulty=on]") != std::string::npos);
        const std::string sql = slurp(dir / "VIEW_faulty_on_.sql");  // the file-safe name
        CHECK(sql.find("CREATE VIEW eriq_view_f1") != std::string::npos);
        CHECK(sql.find("SELECT 'eriq_fault_setting'") < sql.find("FROM eriq_view_f1 AS q"));

        // The pinned case replays with the same variant and no random draw.
        CaseRunner replay(backend, d, rules);
        replay.load_database(pinned);
        CHECK(replay.run(pinned, "r1").classification.pattern == outcome.classification.pattern);
    }
}

TEST_CASE("a setting that cannot be made skips its variant", "[variant]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    OptimizerVariant broken = marked_setting("broken");
    broken.setup = {"SELECT no_such_function()"};
    d.optimizer_variants = {broken};
    RuleSet rules = view_cte_rules();
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    CaseRunner runner(*backend, d, rules);
    runner.set_optimizer_variants(1);
    TestCase tc = small_case();
    runner.load_database(tc);
    CaseOutcome outcome = runner.run(tc, "k1");
    CHECK(outcome.verdict == Verdict::Consistent);
    CHECK(outcome.variants.size() == 2);
    CHECK(outcome.skipped == std::vector<std::string>{"VIEW[broken]"});
}
