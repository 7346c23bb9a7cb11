// Live PostgreSQL: a seeded campaign over the shipped postgres dialect and grammar runs
// without tool errors, and most generated cases are valid SQL there.
#include <catch2/catch.hpp>

#include <filesystem>

#include "../test_files.hpp"
#include "engine/campaign.hpp"
#include "live_server.hpp"

using namespace eriq;

namespace {

std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

}  // namespace

TEST_CASE("a seeded PostgreSQL campaign runs without tool errors", "[postgres][campaign]") {
    const std::string db = "eriq_pg_campaign_test";
    drop_database(db);
    RunOptions o;
    o.dialect = "postgres";
    o.connect = url_for_db(db);
    o.rules_file = source("rules/repr.toml");
    o.seed = 11;
    o.max_cases = 500;
    o.out_dir = (eriq::test::fresh_dir("postgres-campaign") / "out").string();
    o.verbosity = 0;
    auto result = execute_campaign(o);
    const auto& s = result.stats;
    CHECK(s.cases == 500);
    CHECK(s.tool_errors == 0);
    CHECK(s.server_faults == 0);
    CHECK(s.generation_failures == 0);
    CHECK(s.valid + s.discarded_total() == s.cases);
    const double share = static_cast<double>(s.valid) / static_cast<double>(s.cases);
    WARN("PostgreSQL valid share over 500 seeded cases: " << share << ", findings " << s.findings);
    // An upper bound, not only a lower one: a normalizer or rule that flags everything fails.
    CHECK(s.findings * 50 <= s.cases);
    CHECK(share >= 0.85);
    CHECK(result.facts.server_version.rfind("PostgreSQL ", 0) == 0);
    CHECK(std::filesystem::exists(std::filesystem::path(o.out_dir) / "summary.json"));
    drop_database(db);
}
