#include <catch2/catch.hpp>

#include <chrono>

#include "catalog/benign_pattern.hpp"
#include "engine/case_runner.hpp"
#include "util/version_order.hpp"

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

TEST_CASE("release numbers order component by component", "[benign]") {
    CHECK(release_before("SQLite 3.40.1", "3.43.0"));
    CHECK_FALSE(release_before("SQLite 3.53.2", "3.43.0"));
    CHECK_FALSE(release_before("SQLite 3.43", "3.43.0"));
    CHECK(release_before("SQLite 3.9.2", "3.43.0"));
    CHECK(release_before("10.11.19-MariaDB-0+deb12u1", "11.4"));
    CHECK_FALSE(release_before("PostgreSQL 15.18 (Debian 15.18-0+deb12u1)", "15.2"));
    CHECK_FALSE(release_before("", "3.43.0"));
    CHECK_FALSE(release_before("unknown", "3.43.0"));
}

TEST_CASE("a benign entry bounded by I applies only when I holds its pattern", "[benign]") {
    Dialect d;
    BenignDifference b;
    b.reason = "a clipped TIME result's precision";
    b.query_regex = "\\btimediff\\s*\\(";
    b.pattern = BenignPattern(b.query_regex);
    b.intermediate_regex = "'[^']*'\\s+AS\\s+vc_\\d+";
    b.intermediate_pattern = BenignPattern(b.intermediate_regex);
    b.representations = {"TEMPT"};
    d.benign.push_back(b);
    TestCase tc;
    tc.intermediate = "SELECT '1970-01-01 00:00:00' AS vc_0 FROM t2 AS s0";
    tc.referencing = "SELECT TIMEDIFF(q1.vc_0, '1000-01-01 00:00:00') FROM x AS q1";
    Classification c;
    c.consistent = false;
    c.minority = {"TEMPT"};
    CHECK(matching_benign(d, tc, c) != nullptr);
    // The same Q over a stored column: I does not hold the literal.
    tc.intermediate = "SELECT s0.c0 AS vc_0 FROM t2 AS s0";
    CHECK(matching_benign(d, tc, c) == nullptr);
    // A literal only in Q is not I's column either.
    tc.referencing = "SELECT TIMEDIFF(q1.vc_0, '1000-01-01 00:00:00') AS vc_9 FROM x AS q1";
    CHECK(matching_benign(d, tc, c) == nullptr);
}

TEST_CASE("a benign entry bounded by data and release applies only within both", "[benign]") {
    Dialect d;
    BenignDifference b;
    b.reason = "order-dependent float sum";
    b.query_regex = "\\bavg\\s*\\(";
    b.pattern = BenignPattern(b.query_regex);
    b.rows_regex = "9223372036854775807";
    b.rows_pattern = BenignPattern(b.rows_regex);
    b.before_version = "3.43.0";
    b.representations = {"CTE_MAT"};
    d.benign.push_back(b);
    TestCase tc;
    tc.intermediate = "SELECT c0 AS vc_0 FROM t0";
    tc.referencing = "SELECT AVG(q1.vc_0) FROM {x} AS q1";
    tc.rows = {"INSERT INTO t0 VALUES (1)", "INSERT INTO t0 VALUES (9223372036854775807)"};
    Classification c;
    c.consistent = false;
    c.minority = {"CTE_MAT"};
    CHECK(matching_benign(d, tc, c, {}, "SQLite 3.40.1") != nullptr);
    CHECK(matching_benign(d, tc, c, {}, "SQLite 3.53.2") == nullptr);
    CHECK(matching_benign(d, tc, c, {}, "") == nullptr);
    tc.rows = {"INSERT INTO t0 VALUES (1), (796)"};
    CHECK(matching_benign(d, tc, c, {}, "SQLite 3.40.1") == nullptr);
}
