#pragma once
// Wires predicate sanity (issue 13 point 2) into a run: on with --z3 or the grammar knob
// z3_predicates > 0, it owns verify's Z3 checker and the run's counts; the generator re-draws
// the share z3_redraw (knob, default 1) of the degenerate predicates it finds.
#include <memory>

#include "dsl/grammar.hpp"
#include "engine/options.hpp"
#include "model/predicate_check.hpp"

namespace eriq {

class PredicateCheckSetup {
  public:
    PredicateCheckSetup(const RunOptions& options, const dsl::Grammar& grammar);
    // For CaseGenerator::set_predicate_check: null when the check is off.
    const PredicateCheck* check() const { return checker_ ? &check_ : nullptr; }
    const PredicateCheckStats* stats() const { return checker_ ? &stats_ : nullptr; }

  private:
    std::unique_ptr<PredicateChecker> checker_;
    PredicateCheckStats stats_;
    PredicateCheck check_;
};

}  // namespace eriq
