#pragma once
// Issue 13 point 3, wired after the rules are loaded: every representation that exists on the
// dialect (with the dialect's template overrides) must be shown by src/verify to be a faithful
// embedding of I into Q. A rule that cannot be is refused (LoadError at its [[representation]]
// table), unless it says `unverified = true`: then it loads with a warning on `warnings`.
// Proofs are remembered in `cache` (engine/soundness_cache.hpp).
#include <cstdio>

#include "catalog/dialect.hpp"
#include "engine/soundness_cache.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

struct SoundnessCheckCounts {
    int proved = 0;      // proved now (and remembered)
    int remembered = 0;  // proved before, found in the cache
    int unverified = 0;  // not shown sound, loaded because marked unverified
};

SoundnessCheckCounts check_rule_soundness(const RuleSet& rules, const Dialect& dialect,
                                          std::FILE* warnings,
                                          const SoundnessCache& cache = SoundnessCache());

}  // namespace eriq
