#pragma once
// A [[benign]] entry is matched against the case as generated, which may hold the construct
// the entry names without needing it for the difference: the entry would then mask a bug.
// The check reduces the case with the dialect's [[benign]] entries off (the same groups must
// stay) and matches the entries again on the reduced case; one that no entry explains is a
// finding after all.
#include "engine/finding_reducer.hpp"

namespace eriq {

struct BenignCheck {
    bool masked = false;  // the reduced case is a finding that no [[benign]] entry explains
    FindingReduction reduction;
};

// `outcome` is the case's Benign outcome. Leaves the workspace reset; a server fault during
// the reduction is in reduction.fault_case, as for reduce_finding.
BenignCheck check_benign_on_reduced(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                    const TestCase& tc, const CaseOutcome& outcome,
                                    const ReductionBudget& budget,
                                    const CaseGenerator* generator = nullptr);

// `outcome` (Benign) as the finding it is once its entry no longer applies; it keeps the
// entry's reason, which report.json shows as `benign_entry_not_needed`.
CaseOutcome as_finding(CaseOutcome outcome);

}  // namespace eriq
