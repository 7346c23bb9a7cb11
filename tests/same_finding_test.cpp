#include <catch2/catch.hpp>

#include "engine/finding_reducer.hpp"

using namespace eriq;

namespace {

CaseOutcome inconsistent(std::vector<std::vector<std::string>> groups, const std::string& pattern) {
    CaseOutcome o;
    o.verdict = Verdict::Inconsistent;
    o.classification.groups = std::move(groups);
    o.classification.pattern = pattern;
    return o;
}

}  // namespace

// Seed 36 on SQLite 3.53.2: the generator skipped TEMPT for an ordered I, the reduction's
// choices no longer did, and the finding stayed unreduced (the whole reduction was thrown
// away at the end because "(TEMPT_SKIP)" was missing from the reduced pattern).
TEST_CASE("a finding is the same whether or not a representation was skipped", "[reduce]") {
    const CaseOutcome original = inconsistent({{"VIEW", "CTE", "DERIVED"}, {"CTE_MAT"}},
                                              "VIEW=CTE=DERIVED≠CTE_MAT (order)(TEMPT_SKIP)");
    CHECK(same_finding(original, inconsistent({{"VIEW", "CTE", "DERIVED"}, {"CTE_MAT"}},
                                              "VIEW=CTE=DERIVED≠CTE_MAT (order)")));
    CHECK(same_finding(inconsistent({{"CTE"}, {"DERIVED"}}, "CTE≠DERIVED(VIEW_SKIP)(TEMPT_SKIP)"),
                       inconsistent({{"CTE"}, {"DERIVED"}}, "CTE≠DERIVED(TEMPT_SKIP)")));
    SECTION("the groups of the representations that ran must still agree") {
        CHECK_FALSE(
            same_finding(original, inconsistent({{"VIEW", "CTE", "DERIVED", "TEMPT"}, {"CTE_MAT"}},
                                                "VIEW=CTE=DERIVED=TEMPT≠CTE_MAT (order)")));
        CHECK_FALSE(same_finding(original, inconsistent({{"VIEW", "CTE", "DERIVED"}, {"CTE_MAT"}},
                                                        "VIEW=CTE=DERIVED≠CTE_MAT")));
    }
}
