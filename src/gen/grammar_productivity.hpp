#pragma once
// Whether every production a campaign can reach has a finite derivation under the
// current weights (knob overrides applied), so generation cannot loop forever on a
// grammar whose only ways out are weighted 0, left-recursive or missing.
#include "dsl/grammar.hpp"

namespace eriq {

// Throws LoadError at the production that has no finite derivation within the depth
// limit, or whose only alternatives recurse into themselves.
void check_productivity(const dsl::Grammar& g);

}  // namespace eriq
