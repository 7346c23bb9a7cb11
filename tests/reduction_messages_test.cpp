#include <catch2/catch.hpp>

#include "engine/reduction_messages.hpp"

using namespace eriq;

TEST_CASE("a campaign says why a finding stayed unreduced", "[reduce][messages]") {
    CaseOutcome rerun;
    rerun.verdict = Verdict::Consistent;
    CHECK(not_reduced_message("000029-4846bd28bdd169b2", rerun, 1) ==
          "\neriq: not reduced 000029-4846bd28bdd169b2: run alone, its case gave no difference "
          "(1 tests); `eriq-gen reduce` on the folder tries again\n");
    rerun.verdict = Verdict::Inconsistent;
    rerun.classification.pattern = "VIEW=CTE=DERIVED≠CTE_MAT (order)";
    CHECK(not_reduced_message("000046", rerun, 2).find("gave VIEW=CTE=DERIVED≠CTE_MAT (order)") !=
          std::string::npos);
}

TEST_CASE("the reduction line counts statements and characters before and after",
          "[reduce][messages]") {
    TestCase before;
    before.schema = {"CREATE TABLE t0 (c0 INT)", "CREATE TABLE t1 (c0 INT)"};
    before.rows = {"INSERT INTO t0 VALUES (1)", "INSERT INTO t1 VALUES (1)"};
    before.intermediate = "SELECT c0 FROM t0 WHERE c0 > 0";
    before.referencing = "SELECT * FROM x";
    TestCase after = before;
    after.schema.pop_back();
    after.rows.pop_back();
    after.intermediate = "SELECT c0 FROM t0";
    CHECK(reduced_message("000001", "server fault ", before, after, 12, 0.25) ==
          "\neriq: reduced server fault 000001: 6 -> 4 statements, I 30 -> 17 and Q 15 -> 15 "
          "characters, 12 tests in 0.2 s\n");
}
