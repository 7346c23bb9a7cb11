// Live MariaDB: a known MariaDB bug padded the way a campaign pads it (extra tables, rows,
// columns, joins, predicates, functions) reduces back to at most the original case with
// the same groups; padded copies land in one group, and another bug in another.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "engine/case_file.hpp"
#include "engine/case_runner.hpp"
#include "engine/finding_reducer.hpp"
#include "engine/options.hpp"
#include "engine/target.hpp"
#include "live_server.hpp"
#include "reduce/case_reducer.hpp"
#include "report/group_signature.hpp"

using namespace eriq;

namespace {

std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

struct MariadbTarget {
    Target t;
    std::unique_ptr<Backend> backend;
    MariadbTarget() {
        const ConnectionSpec spec = spec_for_db("eriq_reduce_test");
        RunOptions o;
        o.dialect = "mariadb";
        o.connect = fmt::format("mysql://{}:{}@{}:{}/{}", spec.user, spec.password, spec.host,
                                spec.port, spec.database);
        o.rules_file = source("rules/repr.toml");
        t = load_target(o, false);
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

const char* const kNotInCase = "tests/data/cases/mariadb_not_in_null_over_aggregate_derived.toml";

TestCase case_file(const char* rel) {
    TestCase tc = load_case_file(source(rel), nullptr);
    tc.dialect = "mariadb";
    return tc;
}

// known-bugs/mariadb.toml's NOT IN bug (an aggregate derived table over an empty table),
// with padding that keeps the bug.
TestCase padded_not_in_case(int variant) {
    TestCase tc = case_file(kNotInCase);
    tc.schema.push_back("CREATE TABLE t2 (c0 INT, c1 VARCHAR(10), c2 DOUBLE)");
    if (variant == 0) {
        tc.schema.push_back("CREATE INDEX i0 ON t2 (c1)");
        tc.rows.push_back("INSERT INTO t0 VALUES (5), (7)");
        tc.rows.push_back("INSERT INTO t2 VALUES (1, 'a', 1.5), (2, 'bb', -2.25), (NULL, NULL, 0)");
        tc.intermediate =
            "SELECT MIN(1) AS vc_0, -549 AS vc_1, ABS(-3) AS vc_2 FROM t1 AS s1 "
            "WHERE s1.c1 > -1000 OR s1.c1 IS NULL";
        tc.referencing =
            "SELECT -1 AS vc_4, UPPER('abc') AS vc_5 FROM {x} AS q2 WHERE q2.vc_1 NOT IN "
            "(SELECT s3.c1 AS vc_5 FROM t0 AS s3 WHERE s3.c1 < 100 OR s3.c1 IS NULL) "
            "AND EXISTS (SELECT 1 FROM t2 AS s4 WHERE s4.c1 LIKE 'b%')";
    } else {
        tc.rows.push_back("INSERT INTO t0 VALUES (-3)");
        tc.rows.push_back("INSERT INTO t2 VALUES (1, 'a', 0.5), (2, 'bb', NULL)");
        tc.intermediate =
            "SELECT MIN(1) AS vc_0, -549 AS vc_1 FROM t1 AS s1 JOIN t2 AS s2 ON s1.c1 = s2.c0";
        tc.referencing =
            "SELECT -1 AS vc_4, q2.vc_0 AS vc_6, CONCAT('x', 'y') AS vc_7 FROM {x} AS q2 "
            "WHERE q2.vc_1 NOT IN (SELECT s3.c1 FROM t0 AS s3) AND 1 = 1";
    }
    tc.x_references = 1;
    return tc;
}

}  // namespace

TEST_CASE("a padded MariaDB finding reduces back to its cause with the same groups",
          "[mariadb][reduce]") {
    MariadbTarget target;
    const TestCase original_case = case_file(kNotInCase);
    std::vector<std::string> signatures;
    for (int variant = 0; variant < 2; ++variant) {
        const TestCase tc = padded_not_in_case(variant);
        const CaseOutcome original = target.run(tc);
        REQUIRE(original.verdict == Verdict::Inconsistent);
        REQUIRE(original.classification.pattern == "VIEW=CTE=DERIVED≠TEMPT");
        const FindingReduction r =
            reduce_finding(*target.backend, target.t.dialect, target.t.rules, tc, original, {});
        INFO(r.reduced.intermediate << " | " << r.reduced.referencing);
        CHECK(same_finding(original, r.outcome));
        CHECK(case_statements(r.reduced) <= case_statements(original_case));
        CHECK(r.reduced.intermediate.size() <= original_case.intermediate.size());
        CHECK(r.reduced.referencing.size() <= original_case.referencing.size());
        CHECK_FALSE(r.stats.budget_spent);
        signatures.push_back(group_key(r.reduced, original.classification.pattern).signature);
    }
    // Differently padded copies of one bug land in one group ...
    CHECK(signatures[0] == signatures[1]);
    // ... and another bug with the same pattern in another.
    const TestCase other = case_file("tests/data/cases/mariadb_having_nullif_min_view.toml");
    const CaseOutcome other_outcome = target.run(other);
    REQUIRE(other_outcome.classification.pattern == "VIEW=CTE=DERIVED≠TEMPT");
    CHECK(group_key(other, other_outcome.classification.pattern).signature != signatures[0]);
}
