// Which columns of I the referencing query never reads, and I with them set to NULL in every
// arm (engine/unread_columns.hpp); the verdict an error from such a column gets.
#include <catch2/catch.hpp>

#include "engine/case_file.hpp"
#include "engine/target.hpp"
#include "engine/unread_columns.hpp"
#include "report/group_verdict.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

using Names = std::vector<std::string>;
using Positions = std::vector<std::size_t>;
const SqlLexis kLexis = SqlLexis::standard();

}  // namespace

TEST_CASE("unread columns are the select items no reader names", "[unread]") {
    const auto u = unread_columns("SELECT t0.c0 AS vc_0, 1 / 0 AS vc_1, s.c1 FROM t0 JOIN s ON 1",
                                  {"SELECT q.vc_0 FROM {x} AS q"}, kLexis);
    REQUIRE(u);
    CHECK(u->positions == Positions{1, 2});
    CHECK(u->names == Names{"vc_1", "c1"});
    // An item without a name (an expression) is never read by name.
    const auto expr =
        unread_columns("SELECT CAST(c0 AS INT) FROM t0", {"SELECT 1 FROM {x}"}, kLexis);
    REQUIRE(expr);
    CHECK(expr->names == Names{"column 1"});
    // A trailing keyword is no name to show.
    const auto keyword =
        unread_columns("SELECT CASE WHEN c0 THEN 1 END FROM t0", {"SELECT 1 FROM {x}"}, kLexis);
    REQUIRE(keyword);
    CHECK(keyword->names == Names{"column 1"});
    // The outer query reads too; a quoted name counts.
    const auto outer =
        unread_columns("SELECT a AS vc_0, b AS vc_1 FROM t",
                       {"SELECT q.vc_0 FROM {x} AS q", "SELECT \"vc_1\" FROM ({Q})"}, kLexis);
    REQUIRE(outer);
    CHECK(outer->positions.empty());
}

TEST_CASE("unread columns are not guessed when I or Q cannot be read", "[unread]") {
    CHECK_FALSE(unread_columns("WITH c AS (SELECT 1 AS a) SELECT a FROM c", {"SELECT 1"}, kLexis));
    CHECK_FALSE(unread_columns("(SELECT 1 AS a) UNION (SELECT 2)", {"SELECT 1"}, kLexis));
    CHECK_FALSE(unread_columns("SELECT 1 AS a, 2 AS b UNION SELECT 3", {"SELECT 1"}, kLexis));
    CHECK_FALSE(unread_columns("SELECT 1 AS a", {"SELECT * FROM {x}"}, kLexis));
    CHECK_FALSE(unread_columns("SELECT (1 AS a", {"SELECT 1"}, kLexis));
}

TEST_CASE("null_columns replaces an item in every arm and keeps the first arm's names",
          "[unread]") {
    CHECK(null_columns("SELECT a AS vc_0, f(b, c) AS vc_1 FROM t UNION ALL SELECT 1, 2 FROM u", {1},
                       kLexis) ==
          "SELECT a AS vc_0, NULL AS vc_1 FROM t UNION ALL SELECT 1, NULL FROM u");
    CHECK(null_columns("SELECT DISTINCT CAST(x AS INT) FROM t", {0}, kLexis) ==
          "SELECT DISTINCT NULL AS eriq_unread_1 FROM t");
    CHECK(null_columns("SELECT a, b", {1}, kLexis) == "SELECT a, NULL AS eriq_unread_2");
}

TEST_CASE("an error from a column Q never reads is expected, otherwise it stays unclear",
          "[unread][verdict]") {
    VerdictEvidence e;
    e.pattern = "error_only_in_TEMPT+CTE_MAT";
    e.sides = {{"VIEW", "CTE", "DERIVED"}, {"TEMPT", "CTE_MAT"}};
    e.unread.state = UnreadColumnsCheck::State::Explained;
    e.unread.columns = {"vc_1"};
    const GroupVerdict expected = decide_group_verdict(e);
    CHECK(expected.kind == GroupVerdict::Kind::Expected);
    CHECK(expected.because.starts_with("the error comes from vc_1, which Q never reads"));
    e.unread.state = UnreadColumnsCheck::State::NotExplained;
    CHECK(decide_group_verdict(e).kind == GroupVerdict::Kind::Unclear);
}

TEST_CASE("on SQLite an error only an unread column raises is explained by the check",
          "[unread][engine]") {
    RunOptions options;
    options.dialect = "sqlite";
    const Target t = load_target(options, false);
    auto backend = open_backend(t.connection, t.backend_options);
    TestCase tc;
    tc.dialect = "sqlite";
    tc.schema = {"CREATE TABLE t0 (c0 INT)"};
    tc.rows = {"INSERT INTO t0 VALUES (1)"};
    // abs(-2^63) overflows: an error in every form that evaluates vc_1.
    tc.intermediate = "SELECT c0 AS vc_0, abs(-9223372036854775807 - 1) AS vc_1 FROM t0";
    tc.referencing = "SELECT q.vc_0 FROM {x} AS q";
    tc.x_references = 1;
    const UnreadCheckRun unread = check_unread_columns(*backend, t.dialect, t.rules, tc);
    CHECK(unread.check.state == UnreadColumnsCheck::State::Explained);
    CHECK(unread.check.columns == Names{"vc_1"});
    // When Q reads the failing column, NULLing the others changes nothing.
    tc.intermediate = "SELECT abs(-9223372036854775807 - 1) AS vc_0, c0 AS vc_1 FROM t0";
    const UnreadCheckRun read = check_unread_columns(*backend, t.dialect, t.rules, tc);
    CHECK(read.check.state == UnreadColumnsCheck::State::NotExplained);
}
