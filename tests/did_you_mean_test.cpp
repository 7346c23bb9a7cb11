#include <catch2/catch.hpp>

#include "util/did_you_mean.hpp"

using namespace eriq;

TEST_CASE("did-you-mean names the nearest known name for a typo", "[util]") {
    const std::vector<std::string> knobs{"union", "distinct", "where", "tables_max", "tables_min"};
    CHECK(nearest_name("unoin", knobs) == "union");       // a swap
    CHECK(nearest_name("dstinct", knobs) == "distinct");  // a deletion
    CHECK(nearest_name("tables_mx", knobs) == "tables_max");
    CHECK(nearest_name("WHERE", knobs) == "where");  // case does not count
    CHECK(did_you_mean("unoin", knobs) == " (did you mean 'union'?)");
}

TEST_CASE("did-you-mean stays silent when nothing is close", "[util]") {
    const std::vector<std::string> knobs{"union", "distinct"};
    CHECK(nearest_name("zzz", knobs).empty());
    CHECK(did_you_mean("queries_per_round", knobs).empty());
    CHECK(did_you_mean("x", {}).empty());
}
