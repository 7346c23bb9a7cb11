// The raw-result fingerprint that lets campaigns judge identical results without
// normalizing them: its multiset semantics, and that campaigns reach the same verdicts
// with it as with full normalization on real generated SQLite cases.
#include <catch2/catch.hpp>

#include "catalog/dialect.hpp"
#include "engine/campaign.hpp"
#include "engine/case_runner.hpp"
#include "exec/backend.hpp"
#include "exec/result_fingerprint.hpp"
#include "generation_fixture.hpp"
#include "rules/rule_set.hpp"

using namespace eriq;

namespace {

ResultSet rows_of(const std::vector<std::vector<Value>>& rows) {
    ResultSet rs;
    rs.columns = {"vc_0", "vc_1"};
    rs.rows = rows;
    return rs;
}

const Value kOne{ValueKind::Int, "1"};
const Value kTwo{ValueKind::Int, "2"};
const Value kTextOne{ValueKind::Text, "1"};
const Value kEmpty{ValueKind::Text, ""};
const Value kNull = Value::null();

}  // namespace

TEST_CASE("a fingerprint ignores row order and counts duplicates", "[oracle]") {
    const auto a = fingerprint(rows_of({{kOne, kTwo}, {kTwo, kOne}, {kOne, kTwo}}));
    CHECK(a == fingerprint(rows_of({{kTwo, kOne}, {kOne, kTwo}, {kOne, kTwo}})));
    CHECK_FALSE(a == fingerprint(rows_of({{kOne, kTwo}, {kTwo, kOne}})));
    CHECK_FALSE(a == fingerprint(rows_of({{kOne, kTwo}, {kTwo, kOne}, {kTwo, kOne}})));
    CHECK(fingerprint(ResultSet{}) == fingerprint(rows_of({})));
}

TEST_CASE("a fingerprint tells apart columns, kinds and NULL", "[oracle]") {
    CHECK_FALSE(fingerprint(rows_of({{kOne, kTwo}})) == fingerprint(rows_of({{kTwo, kOne}})));
    CHECK_FALSE(fingerprint(rows_of({{kOne, kTwo}})) == fingerprint(rows_of({{kTextOne, kTwo}})));
    CHECK_FALSE(fingerprint(rows_of({{kNull, kOne}})) == fingerprint(rows_of({{kEmpty, kOne}})));
    // Sums of row hashes must not cancel: two rows swapping a value between them differ.
    CHECK_FALSE(fingerprint(rows_of({{kOne, kOne}, {kTwo, kTwo}})) ==
                fingerprint(rows_of({{kOne, kTwo}, {kTwo, kOne}})));
}

TEST_CASE("campaign judging by fingerprint reaches the verdicts of full normalization",
          "[engine]") {
    const test::Loaded l = test::load("sqlite");
    const RuleSet rules = load_rules(test::source("rules/repr.toml"));
    const std::vector<TestCase> cases = test::generate(l, 31, 600);
    REQUIRE(cases.size() == 600);

    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    CaseRunner full(*backend, l.dialect, rules);
    CaseRunner fast(*backend, l.dialect, rules);
    fast.keep_consistent_results(false);
    const TestCase* loaded = nullptr;
    int consistent = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const TestCase& tc = cases[i];
        if (!loaded || loaded->schema != tc.schema || loaded->rows != tc.rows) {
            full.load_database(tc);
            loaded = &tc;
        }
        const CaseOutcome expected = full.run(tc, "f" + std::to_string(i));
        const CaseOutcome got = fast.run(tc, "g" + std::to_string(i));
        INFO(tc.intermediate << "\n" << tc.referencing);
        REQUIRE(got.verdict == expected.verdict);
        CHECK(got.classification.pattern == expected.classification.pattern);
        CHECK(got.discard_kind == expected.discard_kind);
        if (expected.verdict == Verdict::Consistent) ++consistent;
    }
    CHECK(consistent >= 500);
}

TEST_CASE("SQLite fingerprints the driver's values without building rows", "[exec]") {
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{});
    auto print = [&](const std::string& sql) { return backend->query_fingerprint(sql); };
    const auto one_two = print("SELECT 1, 'a' UNION ALL SELECT 2, NULL");
    CHECK(one_two.rows == 2);
    CHECK(one_two == print("SELECT 2, NULL UNION ALL SELECT 1, 'a'"));
    CHECK_FALSE(one_two == print("SELECT 1, 'a' UNION ALL SELECT 1, 'a'"));
    CHECK_FALSE(one_two == print("SELECT 1, 'a' UNION ALL SELECT 2, ''"));
    CHECK_FALSE(print("SELECT 1") == print("SELECT 1.0"));
    CHECK_FALSE(print("SELECT 1") == print("SELECT '1'"));
    CHECK_FALSE(print("SELECT 'ab'") == print("SELECT x'6162'"));
    CHECK(print("SELECT 1 WHERE 0").rows == 0);
    // One statement per call, as query() takes it.
    CHECK_THROWS_AS(print("CREATE TEMP TABLE f (c INT); SELECT 7"), WorkspaceViolation);
}

TEST_CASE("a campaign generates the same cases with and without generator threads",
          "[engine][campaign]") {
    auto run = [](bool threaded) {
        RunOptions o;
        o.dialect = "sqlite";
        o.rules_file = test::source("rules/repr.toml");
        o.seed = 19;
        o.max_cases = 900;
        o.generator_thread = threaded;
        // Adaptation reacts to outcomes as they arrive, which a thread generating ahead sees
        // later; without it the same seed must give the same cases.
        o.weights = {{"adapt_factor", 1.0}};
        o.out_dir = test::fresh_dir(threaded ? "threaded" : "inline").string();
        o.verbosity = 0;
        return execute_campaign(o);
    };
    const CampaignResult threaded = run(true);
    const CampaignResult inline_ = run(false);
    CHECK(threaded.facts.generator_threads);
    CHECK_FALSE(inline_.facts.generator_threads);
    CHECK(threaded.stats.cases == 900);
    CHECK(threaded.stats.cases == inline_.stats.cases);
    CHECK(threaded.stats.valid == inline_.stats.valid);
    CHECK(threaded.stats.databases == inline_.stats.databases);
    CHECK(threaded.stats.discarded == inline_.stats.discarded);
    CHECK(threaded.facts.statements == inline_.facts.statements);
    CHECK(threaded.stats.tool_errors == 0);
}
