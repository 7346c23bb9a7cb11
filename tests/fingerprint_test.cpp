// The raw-result fingerprint that lets campaigns judge identical results without
// normalizing them: its multiset semantics, and that campaigns reach the same verdicts
// with it as with full normalization on real generated SQLite cases.
#include <catch2/catch.hpp>

#include "catalog/dialect.hpp"
#include "engine/case_runner.hpp"
#include "exec/backend.hpp"
#include "generation_fixture.hpp"
#include "oracle/fingerprint.hpp"
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
