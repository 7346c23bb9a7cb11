// The end of a campaign: the summary lists the findings by pattern only with --verbose (the
// groups of the output folder follow it, engine/triage_command.hpp).
#include <catch2/catch.hpp>

#include <string>

#include "engine/campaign_stats.hpp"

using namespace eriq;

TEST_CASE("the campaign summary lists findings by pattern only when verbose", "[engine]") {
    CampaignStats stats;
    stats.cases = 100;
    stats.valid = 98;
    stats.findings = 3;
    stats.patterns["VIEW=CTE≠TEMPT"] = 2;
    stats.patterns["VIEW≠CTE=TEMPT"] = 1;
    RunFacts facts;
    facts.dialect = "sqlite";
    facts.seed = 1;

    const std::string normal = summary_text(stats, facts, false);
    CHECK(normal.find("findings 3") != std::string::npos);
    CHECK(normal.find("findings by pattern") == std::string::npos);
    CHECK(normal.find("VIEW=CTE≠TEMPT") == std::string::npos);

    const std::string verbose = summary_text(stats, facts, true);
    CHECK(verbose.find("findings by pattern") != std::string::npos);
    CHECK(verbose.find("      2  VIEW=CTE≠TEMPT") != std::string::npos);
    CHECK(verbose.find("      1  VIEW≠CTE=TEMPT") != std::string::npos);
}
