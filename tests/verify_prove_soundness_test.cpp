// Pairs that are NOT equivalent, each shown to differ on SQLite with a small database (given in
// the comment), which eriq-prove must never prove: aggregates over empty input, the column
// order of outer joins, and expressions of different types.
#include <catch2/catch.hpp>

#include "prove_fixture.hpp"

using eriq::verify::ProveResult;

namespace {

using eriq::test::prove;

constexpr auto kProved = ProveResult::Status::Proved;
constexpr auto kUnsupported = ProveResult::Status::Unsupported;

}  // namespace

TEST_CASE("a SUM of partial counts is not a COUNT over empty input", "[verify][soundness]") {
    // Empty EMP: the first gives NULL (SUM over no partial rows), the second 0.
    CHECK(prove("SELECT SUM(u.c) FROM (SELECT a.DEPTNO, COUNT(*) AS c FROM EMP AS a GROUP BY "
                "a.DEPTNO UNION ALL SELECT b.DEPTNO, COUNT(*) FROM EMP AS b GROUP BY b.DEPTNO) "
                "AS u",
                "SELECT COUNT(*) FROM (SELECT * FROM EMP AS a UNION ALL SELECT * FROM EMP AS b) "
                "AS t") != kProved);
    // EMP (EMPNO, SAL, DEPTNO, COMM) = (1, 5, 10, NULL), (2, 2, 20, 7): the WHERE removes every
    // row; NULL versus 0 again, with COUNT(col).
    CHECK(prove("SELECT SUM(u.c) FROM (SELECT a.DEPTNO, COUNT(a.COMM) AS c FROM EMP AS a WHERE "
                "a.SAL > 1000 GROUP BY a.DEPTNO UNION ALL SELECT b.DEPTNO, COUNT(b.COMM) FROM EMP "
                "AS b WHERE b.SAL > 1000 GROUP BY b.DEPTNO) AS u",
                "SELECT COUNT(t.COMM) FROM (SELECT * FROM EMP AS a WHERE a.SAL > 1000 UNION ALL "
                "SELECT * FROM EMP AS b WHERE b.SAL > 1000) AS t") != kProved);
    // Keyed outer aggregates still combine: a group exists only where some row does.
    CHECK(prove("SELECT u.DEPTNO, SUM(u.c) FROM (SELECT a.DEPTNO, COUNT(*) AS c FROM EMP AS a "
                "GROUP BY a.DEPTNO UNION ALL SELECT b.DEPTNO, COUNT(*) FROM EMP AS b GROUP BY "
                "b.DEPTNO) AS u GROUP BY u.DEPTNO",
                "SELECT t.DEPTNO, COUNT(*) FROM (SELECT * FROM EMP AS a UNION ALL SELECT * FROM "
                "EMP AS b) AS t GROUP BY t.DEPTNO") == kProved);
    // A keyless SUM of partial SUMs is NULL over empty input on both sides.
    CHECK(prove("SELECT SUM(u.s) FROM (SELECT a.DEPTNO, SUM(a.SAL) AS s FROM EMP AS a GROUP BY "
                "a.DEPTNO UNION ALL SELECT b.DEPTNO, SUM(b.SAL) FROM EMP AS b GROUP BY b.DEPTNO) "
                "AS u",
                "SELECT SUM(t.SAL) FROM (SELECT * FROM EMP AS a UNION ALL SELECT * FROM EMP AS b) "
                "AS t") == kProved);
}

TEST_CASE("outer joins keep the column order of the SQL text", "[verify][soundness]") {
    // EMP (1, 'x', SAL 5, DEPTNO 10), DEPT (10, 'd'), (30, 'e'): the first query's rows start
    // with EMP's columns, the second's with DEPT's.
    CHECK(prove("SELECT * FROM EMP AS A RIGHT JOIN DEPT AS B ON A.DEPTNO = B.DEPTNO",
                "SELECT * FROM DEPT AS B LEFT JOIN EMP AS A ON A.DEPTNO = B.DEPTNO") != kProved);
    CHECK(prove("SELECT A.*, B.* FROM DEPT AS B LEFT JOIN EMP AS A ON A.DEPTNO = B.DEPTNO",
                "SELECT * FROM EMP AS A RIGHT JOIN DEPT AS B ON A.DEPTNO = B.DEPTNO") == kProved);
    CHECK(prove("SELECT * FROM (SELECT * FROM EMP AS A RIGHT JOIN DEPT AS B ON A.DEPTNO = "
                "B.DEPTNO) AS t WHERE t.NAME = 'd'",
                "SELECT A.*, B.* FROM DEPT AS B LEFT JOIN EMP AS A ON A.DEPTNO = B.DEPTNO WHERE "
                "B.NAME = 'd'") == kProved);
    CHECK(prove("SELECT * FROM DEPT AS B FULL JOIN EMP AS A ON A.DEPTNO = B.DEPTNO WHERE A.SAL = 1",
                "SELECT * FROM EMP AS A LEFT JOIN DEPT AS B ON A.DEPTNO = B.DEPTNO WHERE A.SAL = "
                "1") != kProved);
    CHECK(prove("SELECT * FROM DEPT AS B FULL JOIN EMP AS A ON A.DEPTNO = B.DEPTNO WHERE A.SAL = 1",
                "SELECT B.*, A.* FROM EMP AS A LEFT JOIN DEPT AS B ON A.DEPTNO = B.DEPTNO WHERE "
                "A.SAL = 1") == kProved);
}

TEST_CASE("strings, numbers, booleans and dates are different types", "[verify][soundness]") {
    // EMP (1, 'x'), (2, 'x'): 'x' + 0 = 'x' is false on SQLite, so the first query is empty.
    CHECK(prove("SELECT * FROM EMP AS E WHERE E.ENAME + 0 = E.ENAME",
                "SELECT * FROM EMP AS E WHERE E.ENAME IS NOT NULL") != kProved);
    // SAL = 2: 2 IS TRUE holds on SQLite, 2 = 1 does not.
    CHECK(prove("SELECT * FROM EMP AS E WHERE E.SAL IS TRUE",
                "SELECT * FROM EMP AS E WHERE E.SAL = 1") != kProved);
    // An integer used as a condition is refused, not guessed.
    CHECK(prove("SELECT * FROM EMP AS E WHERE E.SAL IS TRUE",
                "SELECT * FROM EMP AS E WHERE E.SAL") == kUnsupported);
    // A string compared with a number converts one of them, each dialect its own way: '5.0'
    // = 5 on MySQL, not on SQLite. The comparison is an unknown but consistent predicate.
    CHECK(prove("SELECT * FROM DEPT AS D WHERE D.NAME = 5",
                "SELECT * FROM DEPT AS D WHERE D.NAME = '5'") != kProved);
    CHECK(prove("SELECT * FROM DEPT AS D WHERE D.NAME = 5 AND D.NAME = 6",
                "SELECT * FROM DEPT AS D WHERE 1 = 0") != kProved);
    CHECK(prove("SELECT * FROM EMP AS E, DEPT AS D WHERE E.ENAME = D.DEPTNO",
                "SELECT * FROM EMP AS E, DEPT AS D WHERE D.DEPTNO = E.ENAME") == kProved);
    CHECK(prove("SELECT TRUE FROM DEPT AS D", "SELECT 1 FROM DEPT AS D") != kProved);
    CHECK(prove("SELECT '1' FROM DEPT AS D", "SELECT 1 FROM DEPT AS D") != kProved);
    // A decimal column may hold 1.5: no integer reasoning about it.
    CHECK(prove("SELECT * FROM FLAGS AS F WHERE F.X > 1 AND F.X < 2",
                "SELECT * FROM FLAGS AS F WHERE 1 = 0") != kProved);
    CHECK(prove("SELECT * FROM FLAGS AS F WHERE F.X + 1 > 2", "SELECT * FROM FLAGS AS F") ==
          kUnsupported);
    CHECK(prove("SELECT * FROM FLAGS AS F WHERE F.D < '2020-01-02' AND F.D > '2020-01-01'",
                "SELECT * FROM FLAGS AS F WHERE 1 = 0") != kProved);
    // Well-typed pairs are still proved.
    CHECK(prove("SELECT * FROM FLAGS AS F WHERE F.B",
                "SELECT * FROM FLAGS AS F WHERE F.B IS TRUE") == kProved);
    CHECK(prove("SELECT F.X FROM FLAGS AS F WHERE F.D > F.D",
                "SELECT F.X FROM FLAGS AS F WHERE "
                "1 = 0") == kProved);
    CHECK(prove("SELECT UPPER(E.ENAME) FROM EMP AS E WHERE E.JOB = 'a'",
                "SELECT UPPER(E.ENAME) FROM EMP AS E WHERE 'a' = E.JOB") == kProved);
}

TEST_CASE("a filter on a LEFT join's preserved side moves into that side only",
          "[verify][soundness]") {
    CHECK(prove("SELECT 1 FROM DEPT AS d FULL JOIN EMP AS e ON d.DEPTNO = e.DEPTNO WHERE e.SAL > "
                "100",
                "SELECT 1 FROM DEPT AS d RIGHT JOIN (SELECT * FROM EMP AS x WHERE x.SAL > 100) AS "
                "t ON d.DEPTNO = t.DEPTNO") == kProved);
    CHECK(prove("SELECT e.ENAME, d.NAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO "
                "WHERE e.JOB = 'a'",
                "SELECT t.ENAME, d.NAME FROM (SELECT * FROM EMP AS x WHERE x.JOB = 'a') AS t LEFT "
                "JOIN DEPT AS d ON t.DEPTNO = d.DEPTNO") == kProved);
    // EMP (ENAME 'x', DEPTNO 10), DEPT (10, 'b'): the first query drops the matched row, the
    // second keeps it NULL-padded (its filtered DEPT is empty): the padded side is not pushed.
    CHECK(prove("SELECT e.ENAME, d.NAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO "
                "WHERE d.NAME IS NULL",
                "SELECT e.ENAME, t.NAME FROM EMP AS e LEFT JOIN (SELECT * FROM DEPT AS x WHERE "
                "x.NAME IS NULL) AS t ON e.DEPTNO = t.DEPTNO") != kProved);
    // EMP (ENAME 'x', JOB 'c', DEPTNO 10), DEPT (10, NULL): the first query keeps the row, the
    // second filters it out: a conjunct that also reads the padded side stays above the join.
    CHECK(prove("SELECT e.ENAME FROM EMP AS e LEFT JOIN DEPT AS d ON e.DEPTNO = d.DEPTNO WHERE "
                "d.NAME IS NULL OR e.JOB = 'a'",
                "SELECT t.ENAME FROM (SELECT * FROM EMP AS x WHERE x.JOB = 'a') AS t LEFT JOIN "
                "DEPT AS d ON t.DEPTNO = d.DEPTNO") != kProved);
}
