#pragma once
// The schema and the one-call verdict the prover's unit tests share: the Calcite tables EMP
// and DEPT, and FLAGS with boolean, date and decimal columns for the typing tests.
#include "verify/prover.hpp"

namespace eriq::test {

inline const verify::Schema& prove_schema() {
    static const auto s = verify::parse_schema(
        "CREATE TABLE EMP (EMPNO INT, ENAME VARCHAR(20), JOB VARCHAR(20), MGR INT, "
        "HIREDATE INT, COMM INT, SAL INT, DEPTNO INT, SLACKER INT);"
        "CREATE TABLE DEPT (DEPTNO INT, NAME VARCHAR(20));"
        "CREATE TABLE FLAGS (ID INT, B BOOLEAN, D DATE, X DECIMAL(10, 2));");
    return s;
}

inline verify::ProveResult::Status prove(const char* q1, const char* q2) {
    return verify::prove_pair(prove_schema(), q1, q2).status;
}

}  // namespace eriq::test
