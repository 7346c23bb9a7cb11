// SQL-to-Z3 encoding (src/verify/expr_encoder): three-valued logic over (value, is_null) pairs.
#include <catch2/catch.hpp>

#include "verify/predicate_class.hpp"
#include "verify/sql_parse.hpp"

using eriq::verify::classify_predicate;
using eriq::verify::PredicateClass;

namespace {
PredicateClass classify(const char* sql, std::vector<std::string> not_null = {}) {
    return classify_predicate(sql, {"x", "y", "s"}, not_null);
}
}  // namespace

TEST_CASE("x = x is not a tautology when x may be NULL", "[verify]") {
    CHECK(classify("x = x") == PredicateClass::Contingent);
    CHECK(classify("x = x", {"x"}) == PredicateClass::Tautology);
}

TEST_CASE("x IS NULL OR x = x is a tautology", "[verify]") {
    CHECK(classify("x IS NULL OR x = x") == PredicateClass::Tautology);
    CHECK(classify("x IS NOT NULL AND x IS NULL") == PredicateClass::Contradiction);
}

TEST_CASE("NOT of an unknown comparison stays unknown", "[verify]") {
    // x <> x is FALSE or NULL, so NOT (x <> x) is TRUE or NULL: never a WHERE-tautology.
    CHECK(classify("NOT (x <> x)") == PredicateClass::Contingent);
    CHECK(classify("x = 1 AND x = 2") == PredicateClass::Contradiction);
    CHECK(classify("x > 1 OR x <= 1") == PredicateClass::Contingent);
    CHECK(classify("x > 1 OR x <= 1", {"x"}) == PredicateClass::Tautology);
}

TEST_CASE("comparisons with the NULL literal are never true", "[verify]") {
    CHECK(classify("x = NULL") == PredicateClass::Contradiction);
    CHECK(classify("NULL IS NULL") == PredicateClass::Tautology);
    CHECK(classify("1 + 2 > 3 + NULL") == PredicateClass::Contradiction);
    CHECK(classify("NOT (x = NULL)") == PredicateClass::Contradiction);
}

TEST_CASE("IN lists, BETWEEN and CASE follow SQL", "[verify]") {
    // x NOT IN (1, NULL) is never TRUE: the NULL element makes it FALSE or NULL.
    CHECK(classify("x NOT IN (1, NULL)") == PredicateClass::Contradiction);
    CHECK(classify("x IN (1, NULL)") == PredicateClass::Contingent);
    CHECK(classify("x BETWEEN 5 AND 3") == PredicateClass::Contradiction);
    CHECK(classify("CASE WHEN x > 0 THEN TRUE ELSE x <= 0 END", {"x"}) ==
          PredicateClass::Tautology);
    // Without ELSE a CASE is NULL when no branch matches.
    CHECK(classify("CASE WHEN x > 0 THEN TRUE END", {"x"}) == PredicateClass::Contingent);
}

TEST_CASE("COALESCE and NULLIF", "[verify]") {
    CHECK(classify("COALESCE(x, 0) = COALESCE(x, 0)") == PredicateClass::Tautology);
    CHECK(classify("NULLIF(x, x) IS NULL") == PredicateClass::Tautology);
    CHECK(classify("NULLIF(x, 1) = 1") == PredicateClass::Contradiction);
}

TEST_CASE("strings and unknown functions are uninterpreted but consistent", "[verify]") {
    CHECK(classify("'a' = 'b'") == PredicateClass::Contradiction);
    CHECK(classify("s = 'a' AND s = 'b'") == PredicateClass::Contradiction);
    // An unknown function may return NULL even for a non-NULL argument.
    CHECK(classify("UPPER(s) = UPPER(s)", {"s"}) == PredicateClass::Contingent);
    CHECK(classify("UPPER(s) IS NULL OR UPPER(s) = UPPER(s)") == PredicateClass::Tautology);
    CHECK(classify("UPPER(s) = s") == PredicateClass::Contingent);
    CHECK(classify("s LIKE 'a%' OR NOT (s LIKE 'a%')", {"s"}) == PredicateClass::Tautology);
}

TEST_CASE("integer arithmetic and constant division", "[verify]") {
    CHECK(classify("x + 10 / 2 = 13 AND x <> 8", {"x"}) == PredicateClass::Contradiction);
    CHECK(classify("-7 / 2 = -3") == PredicateClass::Tautology);  // truncates toward zero
    CHECK(classify("1 / 0 IS NULL") == PredicateClass::Tautology);
    CHECK(classify("x * 2 = x + x", {"x"}) == PredicateClass::Tautology);
}

TEST_CASE("bad predicates are reported, not classified", "[verify]") {
    CHECK_THROWS_AS(classify("x = "), eriq::verify::ParseError);
    CHECK_THROWS_AS(classify("z = 1"), eriq::verify::Unsupported);
}

TEST_CASE("predicates over the columns they read, qualified or not", "[verify]") {
    CHECK(classify_predicate("t0.c1 > 3 AND t0.c1 < 2", {}) == PredicateClass::Contradiction);
    CHECK(classify_predicate("t0.c1 = t1.c1", {}) == PredicateClass::Contingent);
    CHECK(classify_predicate("t0.c1 IS NULL OR t0.c1 <> 5 OR t0.c1 = 5", {}) ==
          PredicateClass::Tautology);
    // Same name, other table: a different column.
    CHECK(classify_predicate("t0.c1 = 1 AND t1.c1 = 2", {}) == PredicateClass::Contingent);
}
