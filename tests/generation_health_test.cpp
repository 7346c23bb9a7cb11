#include <catch2/catch.hpp>

#include "engine/generation_health.hpp"

using namespace eriq;

TEST_CASE("generation that keeps failing in a row is given up", "[health]") {
    GenerationHealth h;
    for (int i = 0; i < GenerationHealth::kMaxConsecutiveFailures - 1; ++i)
        REQUIRE_FALSE(h.record(true));
    CHECK_FALSE(h.record(false));  // one success resets the run
    for (int i = 0; i < GenerationHealth::kMaxConsecutiveFailures - 1; ++i)
        REQUIRE_FALSE(h.record(true));
    auto why = h.record(true);
    REQUIRE(why);
    CHECK(why->rfind("generation failed for 200 intermediate queries in a row", 0) == 0);
}

TEST_CASE("generation that mostly fails is given up after enough attempts", "[health]") {
    GenerationHealth h;
    std::optional<std::string> why;
    int attempts = 0;
    // 19 failures, then one success: 95% fail, never 200 in a row.
    while (!why && attempts < 5000) why = h.record(++attempts % 20 != 0);
    REQUIRE(why);
    CHECK(attempts == 1001);  // attempt 1000 succeeded; successes are not judged
    CHECK(*why ==
          "generation failed for 951 of 1001 intermediate queries; check the grammar's "
          "weights, that 'referencing' reaches @x and that derivations stay within the "
          "generation budget (over_budget in summary.json; --dry-run shows what is generated)");
}

TEST_CASE("a healthy share of failures never stops generation", "[health]") {
    GenerationHealth h;
    for (int i = 1; i <= 100000; ++i) REQUIRE_FALSE(h.record(i % 3 == 0));
}
