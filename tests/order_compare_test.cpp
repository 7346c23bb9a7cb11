// Order-aware comparison: the keys of Q's trailing ORDER BY, the key sequences of results,
// order-only patterns, and end to end on SQLite with a backend that reverses one
// representation's rows (caught) or returns tied rows in another order (not a finding).
#include <catch2/catch.hpp>

#include "catalog/dialect.hpp"
#include "engine/case_runner.hpp"
#include "exec/fault_injecting_backend.hpp"
#include "oracle/classify.hpp"
#include "oracle/order_spec.hpp"
#include "report/group_signature.hpp"
#include "report/report_writer.hpp"
#include "rules/rule_set.hpp"
#include "test_files.hpp"

using namespace eriq;
using eriq::test::fresh_dir;
using eriq::test::slurp;
using eriq::test::source;
using Fault = FaultInjectingBackend::Fault;

namespace {

NormValue text(const std::string& s) {
    return {ValueKind::Text, s};
}

NamedResult named(const std::string& name, std::vector<NormRow> rows_in_order,
                  std::size_t key_column) {
    NamedResult r;
    r.name = name;
    for (const auto& row : rows_in_order) r.order.push_back({row[key_column]});
    r.result.rows = std::move(rows_in_order);
    std::sort(r.result.rows.begin(), r.result.rows.end());
    return r;
}

}  // namespace

TEST_CASE("the keys of a trailing ORDER BY are read from Q", "[order]") {
    auto keys = trailing_order_keys(
        "SELECT q0.vc_0 AS vc_0, MIN(q0.vc_1) OVER (ORDER BY q0.vc_1) AS vc_1 FROM {x} AS q0 "
        "WHERE q0.vc_0 IN (SELECT vc_0 FROM t ORDER BY 1) ORDER BY vc_1 DESC, 1 NULLS FIRST "
        "LIMIT 3");
    REQUIRE(keys.size() == 2);
    CHECK(keys[0].expression == "vc_1");
    CHECK(keys[0].descending);
    CHECK(keys[0].ordinal == 0);
    CHECK(keys[1].ordinal == 1);
    CHECK_FALSE(keys[1].descending);
    CHECK(keys[1].nulls_first == std::optional<bool>(true));
    CHECK(keys[0].describe(NullOrder::Low) == "vc_1 DESC NULLS LAST");
    CHECK(keys[0].describe(NullOrder::High) == "vc_1 DESC NULLS FIRST");

    CHECK(trailing_order_keys("SELECT * FROM {x} AS q0").empty());
    // The ORDER BY of a window or a subquery is not Q's.
    CHECK(trailing_order_keys("SELECT MIN(a) OVER (ORDER BY a) FROM t").empty());
    CHECK(trailing_order_keys("SELECT * FROM (SELECT a FROM t ORDER BY a) AS d").empty());
}

TEST_CASE("order keys map to result columns by name or position, longest prefix", "[order]") {
    const std::vector<std::string> columns{"vc_0", "VC_1", "vc_2"};
    const std::string q = "SELECT * FROM t ORDER BY vc_1, 3, a + b, vc_0";
    auto keys = trailing_order_keys(q);
    CHECK(key_columns(keys, top_level_select_items(q), columns) == std::vector<std::size_t>{1, 2});
    const std::string unresolved = "SELECT * FROM t ORDER BY a + b, vc_0";
    CHECK(key_columns(trailing_order_keys(unresolved), top_level_select_items(unresolved), columns)
              .empty());
}

TEST_CASE("a qualified ORDER BY key reads the output column the select list gives it", "[order]") {
    // The same key three ways: qualified, bare, by position.
    for (const char* key : {"t2.d2", "d2", "2"}) {
        const std::string q =
            std::string("SELECT t1.c1, t2.d2 FROM t1 JOIN t2 ON t1.c1 = t2.c1 ORDER BY ") + key +
            " DESC";
        INFO(q);
        CHECK(key_columns(trailing_order_keys(q), top_level_select_items(q), {"c1", "d2"}) ==
              std::vector<std::size_t>{1});
    }
    // Aliased: the key may be the alias or the expression as written.
    const std::string aliased = "SELECT t1.c1 AS a, t2.d2 AS b FROM t1, t2 ORDER BY t2.d2, a";
    CHECK(key_columns(trailing_order_keys(aliased), top_level_select_items(aliased), {"a", "b"}) ==
          std::vector<std::size_t>{1, 0});
    // An alias wins over an item written as the key, as in the engines.
    const std::string swapped = "SELECT vc_1 AS vc_0, vc_0 AS vc_1 FROM x ORDER BY vc_1";
    CHECK(key_columns(trailing_order_keys(swapped), top_level_select_items(swapped),
                      {"vc_0", "vc_1"}) == std::vector<std::size_t>{1});
    // A qualified key whose column the select list does not show is not guessed at.
    const std::string other = "SELECT t1.d2 FROM t1 JOIN t2 ON t1.c1 = t2.c1 ORDER BY t2.d2";
    CHECK(key_columns(trailing_order_keys(other), top_level_select_items(other), {"d2"}).empty());
    // With a star, a qualified key reads the one column of its name.
    const std::string star = "SELECT * FROM x AS q0 ORDER BY q0.vc_1";
    CHECK(key_columns(trailing_order_keys(star), top_level_select_items(star), {"vc_0", "vc_1"}) ==
          std::vector<std::size_t>{1});
    CHECK(key_columns(trailing_order_keys(star), top_level_select_items(star), {"vc_1", "vc_1"})
              .empty());
}

TEST_CASE("the select list is read at the top level, after WITH, with aliases", "[order]") {
    auto items = top_level_select_items(
        "WITH w AS (SELECT 1 AS z) SELECT DISTINCT t.a, COUNT(*) n, CASE WHEN a THEN 1 ELSE b "
        "END, f(x, y) AS g FROM w");
    REQUIRE(items.size() == 4);
    CHECK(items[0].expression == "t.a");
    CHECK(items[0].alias.empty());
    CHECK(items[1].alias == "n");
    CHECK(items[2].alias.empty());
    CHECK(items[3].alias == "g");
    CHECK(output_names(items) == std::vector<std::string>{"a", "n", items[2].expression, "g"});
}

TEST_CASE("an order-only difference is its own pattern and ties are not compared", "[order]") {
    const NormRow one_a{text("1"), text("a")}, one_b{text("1"), text("b")},
        two_c{text("2"), text("c")};
    std::vector<NamedResult> results{named("VIEW", {one_a, one_b, two_c}, 0),
                                     named("CTE", {one_b, one_a, two_c}, 0),  // a tie swapped
                                     named("TEMPT", {two_c, one_a, one_b}, 0)};
    Classification unordered = classify(results, {});
    CHECK(unordered.consistent);

    Classification c = classify(results, {}, true);
    CHECK_FALSE(c.consistent);
    CHECK(c.order_only);
    CHECK(c.pattern == "VIEW=CTE\u2260TEMPT (order)");
    CHECK(c.minority == std::vector<std::string>{"TEMPT"});

    // A multiset difference is reported as one, whatever the order.
    results[2].result.rows.pop_back();
    Classification m = classify(results, {}, true);
    CHECK_FALSE(m.order_only);
    CHECK(m.pattern == "VIEW=CTE\u2260TEMPT");
    // Group signatures keep the two apart.
    CHECK(grouping_pattern(c, {}) != grouping_pattern(m, {}));
    CHECK(grouping_pattern(c, {}).ends_with(" (order)"));
}

namespace {

struct OrderedRun {
    CaseOutcome outcome;
    std::filesystem::path report;
};

// VIEW, CTE and TEMPT over `rows`, Q ordered by vc_0; TEMPT's rows come back reversed.
OrderedRun run_reversed_tempt(const std::string& rows, bool keep_consistent_results) {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    RuleSet rules = load_rules(source("rules/repr.toml"));
    std::erase_if(rules.representations, [](const Representation& r) {
        return r.name != "VIEW" && r.name != "CTE" && r.name != "TEMPT";
    });
    FaultInjectingBackend backend(
        open_backend(ConnectionSpec::parse("sqlite::memory:"), BackendOptions{}),
        {{"FROM eriq_tempt_o1", Fault::ReverseRows}});
    TestCase tc;
    tc.dialect = "sqlite";
    tc.schema = {"CREATE TABLE t0 (c0 INT, c1 TEXT)"};
    tc.rows = {rows};
    tc.intermediate = "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0";
    tc.referencing = "SELECT q0.vc_0 AS vc_0, q0.vc_1 AS vc_1 FROM {x} AS q0 ORDER BY vc_0 DESC";
    tc.columns = {{"vc_0", "int"}, {"vc_1", "string"}};
    tc.ordered = true;
    CaseRunner runner(backend, d, rules);
    runner.keep_consistent_results(keep_consistent_results);
    runner.load_database(tc);
    OrderedRun run;
    run.outcome = runner.run(tc, "o1");
    REQUIRE(backend.faults_injected() > 0);
    if (run.outcome.verdict == Verdict::Inconsistent)
        run.report = ReportWriter(fresh_dir("order"))
                         .write(tc, run.outcome,
                                {"sqlite", "sqlite", "SQLite", "sqlite::memory:", {}, {}, {}, {}});
    return run;
}

}  // namespace

TEST_CASE("a representation whose rows come reversed is an order-only finding", "[order]") {
    for (bool keep : {true, false}) {
        CAPTURE(keep);
        auto run =
            run_reversed_tempt("INSERT INTO t0 VALUES (1, 'a'), (2, 'b'), (NULL, 'c')", keep);
        REQUIRE(run.outcome.verdict == Verdict::Inconsistent);
        CHECK(run.outcome.classification.pattern == "VIEW=CTE\u2260TEMPT (order)");
        CHECK(run.outcome.order_keys == std::vector<std::string>{"vc_0 DESC NULLS LAST"});
        REQUIRE_FALSE(run.report.empty());
        const std::string json = slurp(run.report / "report.json");
        CHECK(json.find("\"ordered\": true") != std::string::npos);
        CHECK(json.find("\"order\": [") != std::string::npos);
        CHECK(slurp(run.report / "case.toml").find("ordered = true") != std::string::npos);
        const std::string sql = slurp(run.report / "TEMPT.sql");
        CHECK(sql.find("-- in this order of vc_0 DESC NULLS LAST: (NULL) (1) (2)") !=
              std::string::npos);
    }
}

TEST_CASE("tied rows in another order are not a finding", "[order]") {
    for (bool keep : {true, false}) {
        CAPTURE(keep);
        // Every row ties on vc_0: reversing them changes only the order within the tie.
        auto run = run_reversed_tempt("INSERT INTO t0 VALUES (1, 'a'), (1, 'b'), (1, 'c')", keep);
        CHECK(run.outcome.verdict == Verdict::Consistent);
    }
}
