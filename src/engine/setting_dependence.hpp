#pragma once
// Which optimizer settings a reduced finding depends on. The reduced case runs once more with
// every optimizer-setting variant of the dialect on every representation it applies to; a
// setting whose variant X[s] lands on another side than X itself is one the wrong result
// depends on. "derived_merge=off" moving VIEW to TEMPT's side points a MariaDB developer at
// view merging; a setting that moves nothing rules its component out. Two findings of one
// cause depend on the same settings however their SQL differs, so triage shows this set and
// the group signature uses it (group_signature.hpp).
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "exec/backend.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

// The settings (variant names, sorted) whose variant of some representation X is in another
// group of `outcome`'s classification than X. Representations that failed or were skipped
// do not count.
std::vector<std::string> settings_that_move_sides(const CaseOutcome& outcome);

struct SettingDependence {
    bool measured = false;              // the all-variant run was inconsistent as expected
    std::vector<std::string> settings;  // settings_that_move_sides of that run
    TestCase all_variants;              // the case that ran (for a server fault's report)
    CaseOutcome outcome;                // its outcome; a ServerFault when the server failed
};

// Runs `reduced` with every optimizer-setting variant pinned. Not measured when the dialect
// has none, or when the run is not inconsistent (the variants changed nothing measurable).
SettingDependence measure_setting_dependence(Backend& backend, const Dialect& dialect,
                                             const RuleSet& rules, const TestCase& reduced);

}  // namespace eriq
