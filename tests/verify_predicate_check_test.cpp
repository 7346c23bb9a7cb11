// Predicate sanity (issue 13 point 2): verify's Z3 checker classifies generated predicates over
// the columns of the generated database, and the generator re-draws the degenerate ones.
#include <catch2/catch.hpp>

#include "verify/z3_predicate_checker.hpp"

using eriq::PredicateColumn;
using eriq::PredicateVerdict;

namespace {

PredicateVerdict classify(const std::string& sql, bool not_null, const char* family = "int") {
    static const auto checker = eriq::verify::make_z3_predicate_checker();
    const std::vector<PredicateColumn> columns{
        {"s0.c0", family, not_null, {}, {}},
        {"s0.c1", "string", false, {}, {}},
        {"s1.c2", "int", false, -128, 127},
    };
    return checker->classify(sql, columns);
}

}  // namespace

TEST_CASE("known contradictions and tautologies are classified", "[verify][z3]") {
    for (bool not_null : {false, true}) {
        INFO("NOT NULL: " << not_null);
        CHECK(classify("s0.c0 > 5 AND s0.c0 < 3", not_null) == PredicateVerdict::Contradiction);
        CHECK(classify("s0.c0 IS NULL OR s0.c0 IS NOT NULL", not_null) ==
              PredicateVerdict::Tautology);
        CHECK(classify("s0.c0 > 5 OR s0.c0 <= 5", not_null) ==
              (not_null ? PredicateVerdict::Tautology : PredicateVerdict::Contingent));
        CHECK(classify("s0.c0 IS NULL", not_null) ==
              (not_null ? PredicateVerdict::Contradiction : PredicateVerdict::Contingent));
        CHECK(classify("s0.c0 > 5", not_null) == PredicateVerdict::Contingent);
        CHECK(classify("NOT (s0.c0 = s0.c0)", not_null) == PredicateVerdict::Contradiction);
    }
    // NULL = NULL is never TRUE; a string equals itself unless NULL
    CHECK(classify("NULL = NULL", false) == PredicateVerdict::Contradiction);
    CHECK(classify("s0.c1 = 'a' AND s0.c1 = 'b'", false) == PredicateVerdict::Contradiction);
    CHECK(classify("s0.c1 IN ('a', 'b')", false) == PredicateVerdict::Contingent);
}

TEST_CASE("the type's boundary values bound an int column", "[verify][z3]") {
    CHECK(classify("s1.c2 > 200", false) == PredicateVerdict::Contradiction);
    CHECK(classify("s1.c2 < 200 OR s1.c2 IS NULL", false) == PredicateVerdict::Tautology);
    CHECK(classify("s1.c2 > 100", false) == PredicateVerdict::Contingent);
}

TEST_CASE("what cannot be encoded stays unknown or contingent", "[verify][z3]") {
    // unknown functions are uninterpreted: contingent unless the shape decides
    CHECK(classify("FOO(s0.c0) > 3", false) == PredicateVerdict::Contingent);
    CHECK(classify("FOO(s0.c0) > 3 AND FOO(s0.c0) < 2", false) == PredicateVerdict::Contradiction);
    // float columns, decimal literals, division, outer columns, unparsable text: unknown
    CHECK(classify("s0.c0 > 1 AND s0.c0 < 2", false, "float") == PredicateVerdict::Unknown);
    CHECK(classify("s0.c0 > 1.5", false) == PredicateVerdict::Unknown);
    CHECK(classify("s0.c0 / 2 = 1", false) == PredicateVerdict::Unknown);
    CHECK(classify("s9.c0 = 1", false) == PredicateVerdict::Unknown);
    CHECK(classify("s0.c0 <=> 1", false) == PredicateVerdict::Unknown);
    CHECK(classify("EXISTS (SELECT 1)", false) == PredicateVerdict::Unknown);
}

TEST_CASE("aggregates of a HAVING are unknown values, COUNT never NULL", "[verify][z3]") {
    CHECK(classify("COUNT(s0.c0) >= 0", false) == PredicateVerdict::Tautology);
    CHECK(classify("MAX(s0.c0) > 3 AND MAX(s0.c0) < 2", false) == PredicateVerdict::Contradiction);
    CHECK(classify("MAX(s0.c0) IS NULL", false) == PredicateVerdict::Contingent);
    CHECK(classify("AVG(s0.c0) > 1", false) == PredicateVerdict::Unknown);
}
