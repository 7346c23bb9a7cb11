// Which optimizer settings a finding depends on: the settings whose variant X[s] lands on
// another side of the classification than X itself.
#include <catch2/catch.hpp>

#include "engine/setting_dependence.hpp"

using namespace eriq;

namespace {

CaseOutcome split(std::vector<std::vector<std::string>> groups,
                  std::vector<std::pair<std::string, std::string>> errors = {}) {
    CaseOutcome o;
    o.verdict = Verdict::Inconsistent;
    o.classification.consistent = false;
    o.classification.groups = std::move(groups);
    o.classification.errors = std::move(errors);
    return o;
}

using Settings = std::vector<std::string>;

}  // namespace

TEST_CASE("a setting counts when its variant leaves its base representation's side", "[settings]") {
    const CaseOutcome o = split({{"TEMPT", "VIEW[derived_merge=off]", "CTE[derived_merge=off]"},
                                 {"VIEW", "CTE", "VIEW[subquery_cache=off]"}});
    CHECK(settings_that_move_sides(o) == Settings{"derived_merge=off"});
}

TEST_CASE("settings that move nothing give an empty set", "[settings]") {
    const CaseOutcome o = split({{"VIEW", "VIEW[no_push_down]", "CTE", "CTE[no_push_down]"},
                                 {"TEMPT", "CTE_MAT", "CTE_MAT[no_push_down]"}});
    CHECK(settings_that_move_sides(o).empty());
}

TEST_CASE("several settings are listed once each, sorted", "[settings]") {
    const CaseOutcome o = split(
        {{"TEMPT", "VIEW[no_transitive]", "CTE[no_query_flattener]", "VIEW[no_query_flattener]"},
         {"VIEW", "CTE", "CTE[no_transitive]"}});
    CHECK(settings_that_move_sides(o) == Settings{"no_query_flattener", "no_transitive"});
}

TEST_CASE("a failed variant or base does not count as a move", "[settings]") {
    const CaseOutcome failed_variant =
        split({{"VIEW", "CTE"}, {"TEMPT"}, {"VIEW[derived_merge=off]"}},
              {{"VIEW[derived_merge=off]", "timeout"}});
    CHECK(settings_that_move_sides(failed_variant).empty());
    const CaseOutcome failed_base =
        split({{"TEMPT", "CTE[split_materialized=off]"}, {"CTE"}}, {{"CTE", "syntax"}});
    CHECK(settings_that_move_sides(failed_base).empty());
}
