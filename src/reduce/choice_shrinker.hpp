#pragma once
// Shrinks a generated case on the draws that derived its I and Q, the way Hypothesis's
// reducer shrinks its choice sequences (MacIver and Donaldson, "Test-Case Reduction via
// Test-Case Generation", ECOOP 2020): try shorter and smaller sequences, derive I and Q
// again from each, keep what still shows the finding. Every candidate is a query of the
// grammar by construction, so nothing here knows SQL or a dialect.
//
// Moves, repeated until none helps:
//   on spans (the parts of the derivation): leave an optional part out, drop one item of a
//   list, replace a production by its smallest derivation, replace a production by a
//   production of the same name and family inside it (a call by its argument, a UNION by
//   one arm);
//   on the plain sequence: delete blocks of 8, 4, 2 and 1 draws, set such blocks to 0, lower
//   single draws towards 0 by binary search.
// A candidate is kept when it is interesting and smaller: fewer characters of I and Q, then
// fewer draws, then smaller draws (shortlex), which also makes the search end.
#include <functional>
#include <optional>

#include "gen/case_generator.hpp"
#include "reduce/case_reducer.hpp"

namespace eriq {

// Derives I and Q from a choice sequence (gen/case_generator.hpp's replay with spans over the
// case's database); nullopt when the derivation fails.
using ReplayChoices = std::function<std::optional<ReplayedCase>(const ChoiceSequence&)>;

// `tc.choices` must replay to `tc`'s I and Q. The result keeps `tc`'s database; its choices
// are the draws of its I and Q. Fills `stats` (tests, accepted, seconds).
TestCase shrink_choices(const TestCase& tc, const ReplayChoices& replay,
                        const StillInteresting& interesting, const ReductionBudget& budget,
                        ReductionStats* stats = nullptr, const ReductionProgress& progress = {});

}  // namespace eriq
