// eriq-prove's prover (src/verify/prover): equivalent pairs are proved, and pairs that differ on
// some database are never proved (soundness first).
#include <catch2/catch.hpp>

#include "prove_fixture.hpp"

using eriq::verify::ProveResult;

namespace {

using eriq::test::prove;

constexpr auto kProved = ProveResult::Status::Proved;

}  // namespace

TEST_CASE("equivalent pairs are proved", "[verify]") {
    // Join order and ON versus WHERE
    CHECK(prove("SELECT EMP.ENAME FROM EMP AS EMP, DEPT AS DEPT WHERE EMP.DEPTNO = DEPT.DEPTNO",
                "SELECT e.ENAME FROM DEPT AS d INNER JOIN EMP AS e ON e.DEPTNO = d.DEPTNO") ==
          kProved);
    // Constant folding and a nested SPJ
    CHECK(prove("SELECT * FROM EMP AS EMP WHERE CAST(EMP.EMPNO + 10 / 2 AS INTEGER) = 13",
                "SELECT * FROM (SELECT * FROM EMP AS E) AS t WHERE t.EMPNO + 5 = 13") == kProved);
    // A projected column fixed by the predicate
    CHECK(prove("SELECT EMP.MGR FROM EMP AS EMP WHERE EMP.MGR = 10",
                "SELECT 10 AS MGR FROM EMP AS EMP0 WHERE EMP0.MGR = 10") == kProved);
    // GROUP BY key order and a redundant constant key
    CHECK(prove("SELECT COUNT(*) FROM EMP AS EMP WHERE EMP.DEPTNO = 10 GROUP BY EMP.DEPTNO, "
                "EMP.SAL",
                "SELECT COUNT(*) FROM EMP AS EMP0 WHERE EMP0.DEPTNO = 10 GROUP BY EMP0.SAL") ==
          kProved);
    // UNION ALL branches in another order, filter pushed into them
    CHECK(prove("SELECT * FROM (SELECT * FROM DEPT AS a UNION ALL SELECT * FROM DEPT AS b WHERE "
                "b.DEPTNO = 1) AS t WHERE t.NAME = 'x'",
                "SELECT * FROM DEPT AS c WHERE c.NAME = 'x' AND c.DEPTNO = 1 UNION ALL SELECT * "
                "FROM DEPT AS d WHERE d.NAME = 'x'") == kProved);
    // Two empty results
    CHECK(prove("SELECT DEPT.DEPTNO FROM DEPT AS DEPT WHERE DEPT.DEPTNO = 7 AND DEPT.DEPTNO = 8",
                "SELECT t1.DEPTNO FROM (VALUES) AS t1") == kProved);
    // COUNT(col) is COUNT(*) where col is never NULL
    CHECK(prove("SELECT COUNT(EMP.SAL) FROM EMP AS EMP WHERE EMP.SAL > 0",
                "SELECT COUNT(*) FROM EMP AS EMP WHERE EMP.SAL > 0") == kProved);
    // The same LEFT JOIN spelled as a RIGHT JOIN
    CHECK(prove("SELECT e.ENAME, d.NAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO",
                "SELECT e.ENAME, d.NAME FROM DEPT AS d RIGHT JOIN EMP AS e ON d.DEPTNO = "
                "e.DEPTNO") == kProved);
    // DISTINCT and GROUP BY without aggregates
    CHECK(prove("SELECT DISTINCT EMP.JOB FROM EMP AS EMP",
                "SELECT EMP.JOB FROM EMP AS EMP GROUP BY EMP.JOB") == kProved);
}

TEST_CASE("non-equivalent pairs are never proved", "[verify]") {
    // A changed constant
    CHECK(prove("SELECT * FROM EMP AS EMP WHERE EMP.DEPTNO = 10",
                "SELECT * FROM EMP AS EMP WHERE EMP.DEPTNO = 11") != kProved);
    // A dropped predicate
    CHECK(prove("SELECT * FROM EMP AS EMP WHERE EMP.DEPTNO = 10 AND EMP.SAL > 5",
                "SELECT * FROM EMP AS EMP WHERE EMP.DEPTNO = 10") != kProved);
    // LEFT versus INNER join
    CHECK(prove("SELECT e.ENAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO",
                "SELECT e.ENAME FROM EMP AS e INNER JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO") !=
          kProved);
    // LEFT join with its sides swapped
    CHECK(prove("SELECT e.ENAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO",
                "SELECT e.ENAME FROM DEPT AS d LEFT JOIN EMP AS e ON e.DEPTNO = d.DEPTNO") !=
          kProved);
    // UNION versus UNION ALL
    CHECK(prove("SELECT DEPT.NAME FROM DEPT AS DEPT UNION SELECT EMP.JOB FROM EMP AS EMP",
                "SELECT DEPT.NAME FROM DEPT AS DEPT UNION ALL SELECT EMP.JOB FROM EMP AS EMP") !=
          kProved);
    // COUNT(*) versus COUNT(col) when col may be NULL
    CHECK(prove("SELECT EMP.DEPTNO, COUNT(*) FROM EMP AS EMP GROUP BY EMP.DEPTNO",
                "SELECT EMP.DEPTNO, COUNT(EMP.MGR) FROM EMP AS EMP GROUP BY EMP.DEPTNO") !=
          kProved);
    // DISTINCT dropped
    CHECK(prove("SELECT DISTINCT EMP.JOB FROM EMP AS EMP", "SELECT EMP.JOB FROM EMP AS EMP") !=
          kProved);
    // x = x drops NULL rows
    CHECK(prove("SELECT * FROM EMP AS EMP WHERE EMP.MGR = EMP.MGR", "SELECT * FROM EMP AS EMP") !=
          kProved);
    // NOT IN with a NULL differs from <> on both
    CHECK(prove("SELECT * FROM EMP AS EMP WHERE NOT (EMP.SAL = 1 OR EMP.SAL = NULL)",
                "SELECT * FROM EMP AS EMP WHERE EMP.SAL <> 1") != kProved);
    // A different grouping
    CHECK(prove("SELECT COUNT(*) FROM EMP AS EMP GROUP BY EMP.DEPTNO",
                "SELECT COUNT(*) FROM EMP AS EMP GROUP BY EMP.SAL") != kProved);
    // GROUP BY a constant (no row on an empty table) versus no GROUP BY (always one row)
    CHECK(prove("SELECT COUNT(*) FROM EMP AS EMP GROUP BY 1", "SELECT COUNT(*) FROM EMP AS EMP") !=
          kProved);
    // SUM versus MAX, and columns in another order
    CHECK(prove("SELECT SUM(EMP.SAL) FROM EMP AS EMP", "SELECT MAX(EMP.SAL) FROM EMP AS EMP") !=
          kProved);
    CHECK(prove("SELECT EMP.SAL, EMP.COMM FROM EMP AS EMP",
                "SELECT EMP.COMM, EMP.SAL FROM EMP AS EMP") != kProved);
    // A join against a different table, and one self-join too many
    CHECK(prove("SELECT EMP.ENAME FROM EMP AS EMP",
                "SELECT EMP.ENAME FROM EMP AS EMP, DEPT AS "
                "DEPT") != kProved);
}

TEST_CASE("unsupported features and bad SQL are reported as such", "[verify]") {
    CHECK(prove("SELECT * FROM EMP AS EMP INTERSECT SELECT * FROM EMP AS E",
                "SELECT * FROM EMP AS EMP") == ProveResult::Status::Unsupported);
    CHECK(prove("SELECT * FROM EMP AS EMP ORDER BY EMP.SAL FETCH NEXT 1 ROWS ONLY",
                "SELECT * FROM EMP AS EMP") == ProveResult::Status::Unsupported);
    CHECK(prove("SELEC * FROM EMP", "SELECT * FROM EMP AS EMP") == ProveResult::Status::ParseError);
}

TEST_CASE("normalization rules prove what they should and no more", "[verify]") {
    // A WHERE that rejects NULLs of the right side makes a LEFT JOIN inner.
    CHECK(prove("SELECT 1 FROM DEPT AS d LEFT JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE e.SAL > "
                "100",
                "SELECT 1 FROM DEPT AS d INNER JOIN (SELECT * FROM EMP AS x WHERE x.SAL > 100) AS "
                "t ON d.DEPTNO = t.DEPTNO") == kProved);
    // IS NULL or an OR with a NULL-tolerant arm does not.
    CHECK(prove("SELECT 1 FROM DEPT AS d LEFT JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE e.SAL > "
                "100 OR e.SAL IS NULL",
                "SELECT 1 FROM DEPT AS d INNER JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE e.SAL > "
                "100 OR e.SAL IS NULL") != kProved);
    // FULL JOIN filtered on the left side only is a LEFT JOIN, not an inner one.
    CHECK(prove("SELECT 1 FROM DEPT AS d FULL JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE d.NAME = "
                "'x'",
                "SELECT 1 FROM DEPT AS d LEFT JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE d.NAME = "
                "'x'") == kProved);
    CHECK(prove("SELECT 1 FROM DEPT AS d FULL JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE d.NAME = "
                "'x'",
                "SELECT 1 FROM DEPT AS d INNER JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE d.NAME = "
                "'x'") != kProved);
    CHECK(prove("SELECT d.NAME, e.ENAME FROM DEPT AS d FULL JOIN EMP AS e ON d.DEPTNO = "
                "e.DEPTNO WHERE e.SAL = 1",
                "SELECT d.NAME, e.ENAME FROM DEPT AS d RIGHT JOIN EMP AS e ON d.DEPTNO = "
                "e.DEPTNO WHERE e.SAL = 1") == kProved);
    CHECK(prove("SELECT d.NAME, e.ENAME FROM DEPT AS d FULL JOIN EMP AS e ON d.DEPTNO = "
                "e.DEPTNO WHERE e.SAL = 1",
                "SELECT d.NAME, e.ENAME FROM DEPT AS d LEFT JOIN EMP AS e ON d.DEPTNO = "
                "e.DEPTNO WHERE e.SAL = 1") != kProved);
    // HAVING on a group key is a WHERE; HAVING on an aggregate is not.
    CHECK(prove("SELECT EMP.DEPTNO, COUNT(*) FROM EMP AS EMP GROUP BY EMP.DEPTNO HAVING "
                "EMP.DEPTNO > 3",
                "SELECT EMP.DEPTNO, COUNT(*) FROM EMP AS EMP WHERE EMP.DEPTNO > 3 GROUP BY "
                "EMP.DEPTNO") == kProved);
    CHECK(prove("SELECT EMP.DEPTNO, COUNT(*) FROM EMP AS EMP GROUP BY EMP.DEPTNO HAVING "
                "COUNT(*) > 3",
                "SELECT EMP.DEPTNO, COUNT(*) FROM EMP AS EMP WHERE EMP.DEPTNO > 3 GROUP BY "
                "EMP.DEPTNO") != kProved);
    // Aggregates over an empty VALUES
    CHECK(prove("SELECT COUNT(*), SUM(t.X) FROM (VALUES) AS t",
                "SELECT * FROM (VALUES (0, NULL)) AS t1") == kProved);
    CHECK(prove("SELECT COUNT(*) FROM (VALUES) AS t", "SELECT * FROM (VALUES (1)) AS t1") !=
          kProved);
}

TEST_CASE("partial aggregates over UNION ALL combine only when they fit", "[verify]") {
    const char* whole =
        "SELECT t.ENAME, SUM(t.SAL), COUNT(*) FROM (SELECT * FROM EMP AS a UNION ALL SELECT * "
        "FROM EMP AS b) AS t GROUP BY t.ENAME";
    CHECK(prove(whole,
                "SELECT u.ENAME, SUM(u.s), SUM(u.c) FROM (SELECT a.ENAME, SUM(a.SAL) AS s, "
                "COUNT(*) AS c FROM EMP AS a GROUP BY a.ENAME UNION ALL SELECT b.ENAME, "
                "SUM(b.SAL), COUNT(*) FROM EMP AS b GROUP BY b.ENAME) AS u GROUP BY u.ENAME") ==
          kProved);
    // COUNT of the partial counts counts groups, not rows.
    CHECK(prove(whole,
                "SELECT u.ENAME, SUM(u.s), COUNT(u.c) FROM (SELECT a.ENAME, SUM(a.SAL) AS s, "
                "COUNT(*) AS c FROM EMP AS a GROUP BY a.ENAME UNION ALL SELECT b.ENAME, "
                "SUM(b.SAL), COUNT(*) FROM EMP AS b GROUP BY b.ENAME) AS u GROUP BY u.ENAME") !=
          kProved);
    // SUM of partial maxima is not a sum.
    CHECK(prove(whole,
                "SELECT u.ENAME, SUM(u.s), SUM(u.c) FROM (SELECT a.ENAME, MAX(a.SAL) AS s, "
                "COUNT(*) AS c FROM EMP AS a GROUP BY a.ENAME UNION ALL SELECT b.ENAME, "
                "SUM(b.SAL), COUNT(*) FROM EMP AS b GROUP BY b.ENAME) AS u GROUP BY u.ENAME") !=
          kProved);
    // Keyless partials (one row per branch even when empty) under a keyed outer aggregate
    CHECK(prove("SELECT t.X, COUNT(*) FROM (SELECT 1 AS X FROM EMP AS a UNION ALL SELECT 1 FROM "
                "EMP AS b) AS t GROUP BY t.X",
                "SELECT u.X, SUM(u.c) FROM (SELECT 1 AS X, COUNT(*) AS c FROM EMP AS a UNION ALL "
                "SELECT 1, COUNT(*) FROM EMP AS b) AS u GROUP BY u.X") != kProved);
}

TEST_CASE("CAST AS INTEGER keeps numbers but not strings", "[verify]") {
    CHECK(prove("SELECT CAST(EMP.SAL + 1 AS INTEGER) FROM EMP AS EMP",
                "SELECT EMP.SAL + 1 FROM EMP AS EMP") == kProved);
    // '1' and '01' cast to the same integer but are different strings.
    CHECK(prove("SELECT * FROM EMP AS EMP WHERE CAST(EMP.JOB AS INTEGER) = CAST(EMP.ENAME AS "
                "INTEGER)",
                "SELECT * FROM EMP AS EMP WHERE EMP.JOB = EMP.ENAME") != kProved);
}
