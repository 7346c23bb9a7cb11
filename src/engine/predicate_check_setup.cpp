#include "engine/predicate_check_setup.hpp"

#include "verify/z3_predicate_checker.hpp"

namespace eriq {

PredicateCheckSetup::PredicateCheckSetup(const RunOptions& options, const dsl::Grammar& grammar) {
    if (!options.z3_predicates && !(grammar.knob("z3_predicates", 0) > 0)) return;
    checker_ = verify::make_z3_predicate_checker(
        static_cast<unsigned>(grammar.knob("z3_rlimit", 200000)),
        static_cast<unsigned>(grammar.knob("z3_timeout_ms", 200)));
    check_ = {checker_.get(), grammar.knob("z3_redraw", 1), &stats_};
}

}  // namespace eriq
