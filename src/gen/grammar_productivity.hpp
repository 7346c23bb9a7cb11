#pragma once
// Whether every production a campaign can reach has a finite derivation under the
// current weights (knob overrides applied), so generation cannot loop forever on a
// grammar whose only ways out are weighted 0, left-recursive or missing.
#include <string>
#include <vector>

#include "dsl/grammar.hpp"

namespace eriq {

// The entry points a generator derives: `intermediate` and `referencing`, and for cases in a
// correlated position `outer_from`, `correlated_intermediate` and `placement`
// (gen/case_generator.hpp).
const std::vector<std::string>& entry_productions();
// The entry points a generator with this grammar's knobs derives: the correlated ones only
// while the knob `correlated` is above 0.
std::vector<std::string> active_entry_productions(const dsl::Grammar& g);

// The productions reachable from `roots`, in breadth-first order; `weighted`: only
// through alternatives and optional parts whose weight is above 0.
std::vector<std::string> reachable_productions(
    const dsl::Grammar& g, bool weighted, std::vector<std::string> roots = entry_productions());

// Throws LoadError at the production that has no finite derivation within the depth
// limit, or whose only alternatives recurse into themselves.
void check_productivity(const dsl::Grammar& g);

}  // namespace eriq
