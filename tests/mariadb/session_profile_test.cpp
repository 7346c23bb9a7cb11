// Live MariaDB: the dialect file's session profiles decide what the server accepts. Under
// "strict" (ONLY_FULL_GROUP_BY) a select item outside GROUP BY is an error; under "default"
// the same query runs. A case file's session statements apply to its run.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "catalog/dialect.hpp"
#include "engine/case_runner.hpp"
#include "exec/backend.hpp"
#include "live_server.hpp"
#include "rules/rule_set.hpp"

using namespace eriq;

namespace {

std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

const char* const kNotFullGroupBy = "SELECT c0, c1 FROM t0 GROUP BY c0";

std::unique_ptr<Backend> open_with_profile(const Dialect& d, const std::string& profile) {
    BackendOptions options;
    options.gate = d.gate;
    options.session_init = d.session_statements(profile);
    options.create_database = d.create_database;
    auto backend = open_backend(spec_for_db("eriq_profile_test"), options);
    backend->reset_workspace();
    backend->execute("CREATE TABLE t0 (c0 INT, c1 INT)");
    backend->execute("INSERT INTO t0 VALUES (1, 1), (2, 2)");
    return backend;
}

std::string outcome_of(Backend& backend, const std::string& sql) {
    try {
        return fmt::format("{} rows", backend.query(sql).rows.size());
    } catch (const BackendError& e) {
        return e.kind;
    }
}

}  // namespace

TEST_CASE("the session profile changes what MariaDB accepts", "[mariadb][session]") {
    const Dialect d = load_dialect(source("dialects/mariadb.toml"));
    REQUIRE(d.session_profile == "strict");
    REQUIRE(d.session_profiles.count("default") == 1);

    auto strict = open_with_profile(d, "");
    CHECK(outcome_of(*strict, kNotFullGroupBy) == "mysql:1055");
    strict->reset_workspace();
    strict.reset();

    auto lax = open_with_profile(d, "default");
    CHECK(outcome_of(*lax, kNotFullGroupBy) == "2 rows");
    // Still strict about values that do not fit a column.
    CHECK(outcome_of(*lax, "SELECT 1") == "1 rows");
    CHECK_THROWS_AS(lax->execute("INSERT INTO t0 VALUES (99999999999, 0)"), BackendError);
    lax->reset_workspace();

    CHECK_THROWS_WITH(d.session_statements("lax"),
                      Catch::Contains("has no session profile 'lax'") &&
                          Catch::Contains("it has: default, strict"));
}

TEST_CASE("a case's session statements apply to its run", "[mariadb][session]") {
    const Dialect d = load_dialect(source("dialects/mariadb.toml"));
    const RuleSet rules = load_rules(source("rules/repr.toml"));
    BackendOptions options;
    options.gate = d.gate;
    options.session_init = d.session_statements();
    options.create_database = d.create_database;
    auto backend = open_backend(spec_for_db("eriq_profile_test"), options);
    TestCase tc;
    tc.dialect = "mariadb";
    tc.schema = {"CREATE TABLE t0 (c0 INT, c1 INT)"};
    tc.rows = {"INSERT INTO t0 VALUES (1, 1), (2, 2)"};
    tc.intermediate = "SELECT c0 AS vc_0, c1 AS vc_1 FROM t0 GROUP BY c0";
    tc.referencing = "SELECT * FROM {x} AS x";
    tc.representations = {"VIEW", "DERIVED"};
    CaseRunner runner(*backend, d, rules);

    runner.load_database(tc);
    CaseOutcome refused = runner.run(tc, "p1");
    CHECK(refused.verdict == Verdict::Discarded);  // every representation fails: 1055

    tc.session = {"SET SESSION sql_mode = 'STRICT_TRANS_TABLES'"};
    runner.load_database(tc);
    CaseOutcome accepted = runner.run(tc, "p2");
    CHECK(accepted.verdict == Verdict::Consistent);
    REQUIRE(accepted.variants.size() == 2);
    CHECK(accepted.variants[0].result.rows.size() == 2);
    backend->reset_workspace();
}
