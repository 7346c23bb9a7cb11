// Live DuckDB: a seeded campaign over the shipped duckdb dialect and grammar runs without
// tool errors, most generated cases are valid SQL there, and findings stay rare.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../test_files.hpp"
#include "engine/campaign.hpp"
#include "live_duckdb.hpp"

using namespace eriq;

TEST_CASE("a seeded DuckDB campaign is mostly valid with few findings", "[duckdb][campaign]") {
    RunOptions o;
    o.dialect = "duckdb";
    o.rules_file = std::string(ERIQ_SOURCE_DIR) + "/rules/repr.toml";
    if (!duckdb_library().empty()) o.driver_libraries = {duckdb_library()};
    o.seed = 7;
    o.max_cases = 3000;
    o.out_dir = (eriq::test::fresh_dir("duckdb-campaign") / "out").string();
    o.verbosity = 0;
    auto result = execute_campaign(o);
    const auto& s = result.stats;
    CHECK(s.cases == 3000);
    CHECK(s.tool_errors == 0);
    CHECK(s.server_faults == 0);
    CHECK(s.generation_failures == 0);
    CHECK(s.valid + s.discarded_total() == s.cases);
    const double share = static_cast<double>(s.valid) / static_cast<double>(s.cases);
    WARN("DuckDB valid share over 3000 seeded cases: " << share << ", findings " << s.findings);
    CHECK(share >= 0.90);
    // An upper bound, not only a lower one: a normalizer or rule that flags everything fails.
    CHECK(s.findings * 100 <= s.cases);
    CHECK(result.facts.server_version.rfind("DuckDB v1.", 0) == 0);
    std::filesystem::remove_all(o.out_dir);
}
