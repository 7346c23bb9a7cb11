#pragma once
// Checks a grammar against the rules it runs with: every @skip_representation(R) names a
// representation the rules declare.
#include "dsl/grammar.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

// Throws LoadError at the built-in's file:line:col naming the rules' representations.
void check_grammar_representations(const dsl::Grammar& g, const RuleSet& rules);

}  // namespace eriq
