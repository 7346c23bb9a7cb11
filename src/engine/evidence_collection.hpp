#pragma once
// Collects the evidence of a reduced finding (report/finding_evidence.hpp): its de-optimized
// reference (deoptimized_reference.hpp) and, for an error-only finding, the unread-columns
// check (unread_columns.hpp), timing both.
#include <optional>

#include "catalog/dialect.hpp"
#include "exec/backend.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "report/finding_evidence.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

struct EvidenceRun {
    FindingEvidence evidence;
    // When the server failed under one of the runs: that run's case and outcome.
    std::optional<TestCase> fault_case;
    CaseOutcome fault_outcome;
};

// `outcome` is the reduced case's own outcome (its split and pattern).
EvidenceRun collect_evidence(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                             const TestCase& reduced, const CaseOutcome& outcome);

}  // namespace eriq
