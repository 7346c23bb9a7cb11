#include <catch2/catch.hpp>

#include <chrono>

#include "catalog/benign_pattern.hpp"
#include "engine/case_runner.hpp"

using namespace eriq;

TEST_CASE("benign patterns match case-insensitively anywhere in the text", "[benign]") {
    BenignPattern p("COERCIBILITY\\s*\\(");
    CHECK(p.found_in("SELECT coercibility (c0) FROM x"));
    CHECK_FALSE(p.found_in("SELECT COERCIBILITY FROM x"));
    CHECK_FALSE(BenignPattern().found_in("anything"));
}

TEST_CASE("benign patterns take linear time on long queries", "[benign]") {
    // std::regex overflowed its stack on 120 KB and backtracked for minutes on 600 chars.
    BenignPattern p("(.|\\s)*XYZ");
    const std::string big(120 * 1024, 'a');
    const std::string medium(600, ' ');
    const auto start = std::chrono::steady_clock::now();
    CHECK_FALSE(p.found_in(big));
    CHECK_FALSE(p.found_in(medium));
    CHECK(p.found_in(big + "xyz"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("invalid RE2 syntax is refused with RE2's reason", "[benign]") {
    CHECK_THROWS_WITH(BenignPattern("("), Catch::Contains("missing )"));
    CHECK_THROWS_WITH(BenignPattern("(a)\\1"), Catch::Contains("invalid escape"));
}

TEST_CASE("a case is benign when its query matches and the odd ones are declared", "[benign]") {
    Dialect d;
    BenignDifference b;
    b.reason = "documented";
    b.query_regex = "coercibility\\(";
    b.pattern = BenignPattern(b.query_regex);
    b.representations = {"TEMPT"};
    d.benign.push_back(b);
    TestCase tc;
    tc.intermediate = "SELECT COERCIBILITY(c0) AS vc_0 FROM t0";
    tc.referencing = "SELECT * FROM {x} AS q0";
    Classification c;
    c.consistent = false;
    c.minority = {"TEMPT"};
    REQUIRE(matching_benign(d, tc, c) != nullptr);
    CHECK(matching_benign(d, tc, c)->reason == "documented");
    c.minority = {"VIEW"};
    CHECK(matching_benign(d, tc, c) == nullptr);
    tc.intermediate = "SELECT c0 AS vc_0 FROM t0";
    c.minority = {"TEMPT"};
    CHECK(matching_benign(d, tc, c) == nullptr);
}

TEST_CASE("a benign difference also explains its side joined by a Q-dependent representation",
          "[benign]") {
    Dialect d;
    BenignDifference b;
    b.reason = "JSON subtype";
    b.query_regex = "json_quote\\(";
    b.pattern = BenignPattern(b.query_regex);
    b.representations = {"TEMPT", "CTE_MAT"};
    d.benign.push_back(b);
    TestCase tc;
    tc.intermediate = "SELECT json_object('', c0) AS vc_0 FROM t0";
    tc.referencing = "SELECT json_quote(q1.vc_0) FROM {x} AS q1 JOIN {x} AS q2 ON 1";
    // Q names x twice: SQLite materializes the CTE, which then sides with the temporary table.
    Classification c;
    c.consistent = false;
    c.groups = {{"CTE", "TEMPT", "CTE_MAT"}, {"VIEW", "DERIVED"}};
    c.minority = {"VIEW", "DERIVED"};
    CHECK(matching_benign(d, tc, c) == nullptr);
    REQUIRE(matching_benign(d, tc, c, {"CTE"}) != nullptr);
    // A listed representation on the other side too: not the documented split.
    c.groups = {{"CTE", "TEMPT"}, {"VIEW", "DERIVED", "CTE_MAT"}};
    c.minority = {"CTE", "TEMPT"};
    CHECK(matching_benign(d, tc, c, {"CTE"}) == nullptr);
    // A representation that is neither listed nor Q-dependent on the listed side: no.
    c.groups = {{"DERIVED", "TEMPT", "CTE_MAT"}, {"VIEW", "CTE"}};
    c.minority = {"VIEW", "CTE"};
    CHECK(matching_benign(d, tc, c, {"CTE"}) == nullptr);
}
