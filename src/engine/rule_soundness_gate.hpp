#pragma once
// Issue 13 point 3, wired after the rules are loaded: every representation that exists on the
// dialect (with the dialect's template overrides) must be shown by src/verify to be a faithful
// embedding of I into Q. A rule that cannot be is refused (LoadError at its [[representation]]
// table), unless it says `unverified = true`: then it loads with a warning on `warnings`.
#include <cstdio>

#include "catalog/dialect.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

void check_rule_soundness(const RuleSet& rules, const Dialect& dialect, std::FILE* warnings);

}  // namespace eriq
