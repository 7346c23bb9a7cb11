// eriq-prove's counterexample search (src/refute/): a pair that differs gets a small database,
// confirmed on SQLite, on which it differs; an equivalent pair never gets one.
#include <catch2/catch.hpp>

#include "refute/counterexample.hpp"

using eriq::refute::find_counterexample;
using eriq::refute::runnable_query;

namespace {

const eriq::verify::Schema& schema() {
    static const auto s = eriq::verify::parse_schema(
        "CREATE TABLE EMP (EMPNO INT, ENAME VARCHAR(20), SAL INT, DEPTNO INT, COMM INT);"
        "CREATE TABLE DEPT (DEPTNO INT, NAME VARCHAR(20));");
    return s;
}

}  // namespace

TEST_CASE("a pair that differs gets a confirmed small counterexample", "[refute]") {
    // Over empty input a SUM of partial counts is NULL, the COUNT 0.
    auto r = find_counterexample(
        schema(),
        "SELECT SUM(u.c) FROM (SELECT a.DEPTNO, COUNT(*) AS c FROM EMP AS a GROUP BY a.DEPTNO "
        "UNION ALL SELECT b.DEPTNO, COUNT(*) FROM EMP AS b GROUP BY b.DEPTNO) AS u",
        "SELECT COUNT(*) FROM (SELECT * FROM EMP AS a UNION ALL SELECT * FROM EMP AS b) AS t");
    REQUIRE(r.counterexample);
    CHECK(r.counterexample->left != r.counterexample->right);
    CHECK(r.counterexample->left == std::vector<eriq::refute::Row>{{"NULL"}});
    CHECK(r.counterexample->right == std::vector<eriq::refute::Row>{{"0"}});

    // A changed constant: some EMP row must have DEPTNO 10 or 11.
    r = find_counterexample(schema(), "SELECT e.ENAME FROM EMP AS e WHERE e.DEPTNO = 10",
                            "SELECT e.ENAME FROM EMP AS e WHERE e.DEPTNO = 11");
    REQUIRE(r.counterexample);
    CHECK(r.counterexample->rows == 1);
    REQUIRE(r.counterexample->inserts.size() == 1);
    CHECK(r.counterexample->inserts[0].rfind("INSERT INTO EMP ", 0) == 0);

    // Duplicates: UNION versus UNION ALL needs two equal rows.
    r = find_counterexample(schema(),
                            "SELECT d.NAME FROM DEPT AS d UNION SELECT d.NAME FROM DEPT AS d",
                            "SELECT d.NAME FROM DEPT AS d UNION ALL SELECT d.NAME FROM DEPT AS d");
    REQUIRE(r.counterexample);
    CHECK(r.counterexample->rows <= 2);
}

TEST_CASE("an equivalent pair never gets a counterexample", "[refute]") {
    eriq::refute::RefuteOptions options;
    options.max_databases = 400;
    auto r = find_counterexample(
        schema(), "SELECT e.ENAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO",
        "SELECT e.ENAME FROM DEPT AS d RIGHT JOIN EMP AS e ON d.DEPTNO = e.DEPTNO", options);
    CHECK_FALSE(r.counterexample);
    CHECK(r.skipped.empty());
    CHECK(r.databases == 400);
    r = find_counterexample(schema(),
                            "SELECT e.SAL FROM EMP AS e WHERE e.SAL > 1 OR e.SAL <= 1 OR e.SAL "
                            "IS NULL",
                            "SELECT e.SAL FROM EMP AS e", options);
    CHECK_FALSE(r.counterexample);
    CHECK(r.databases == 400);
}

TEST_CASE("only one deterministic read-only SELECT is run", "[refute]") {
    CHECK(runnable_query("SELECT 1"));
    CHECK(runnable_query("(SELECT 1) UNION SELECT 2;"));
    CHECK(*runnable_query("SELECT t.$f1 FROM t") == "SELECT t.\"$f1\" FROM t");
    CHECK_FALSE(runnable_query("ATTACH DATABASE 'x.db' AS x"));
    CHECK_FALSE(runnable_query("SELECT 1; DELETE FROM EMP"));
    CHECK_FALSE(runnable_query("SELECT * FROM EMP ORDER BY SAL LIMIT 1"));
    CHECK_FALSE(runnable_query("SELECT RANDOM()"));
    CHECK_FALSE(runnable_query("SELECT 'unterminated"));
    auto r = find_counterexample(schema(), "DROP TABLE EMP", "SELECT 1");
    CHECK_FALSE(r.counterexample);
    CHECK_FALSE(r.skipped.empty());
}
