#pragma once
// Independent evidence for a reduced finding: the case run once more with every optimizer
// setting the dialect declares switched off at once (SQLite's test-control mask, MariaDB's
// optimizer_switch, PostgreSQL's enable_*), on every representation. When all those
// de-optimized forms give one result, that result is a reference the optimizer did not
// shape, and the side of the finding that gives it is likely right (report/group_verdict.hpp).
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "exec/backend.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "report/finding_evidence.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

// The name of the all-settings-off variant: "VIEW[deoptimized]".
inline constexpr const char* kDeoptimizedVariant = "deoptimized";

// One optimizer variant that runs the setup of all of the dialect's, in file order (their
// teardowns in reverse order), with their SQLite masks together, on every representation.
OptimizerVariant all_settings_off(const std::vector<OptimizerVariant>& variants);

// What the de-optimized forms of `outcome` (a run of the base forms and their
// X[deoptimized] variants) say about the original `groups` of the finding.
DeoptimizedReference read_deoptimized(const CaseOutcome& outcome,
                                      const std::vector<std::vector<std::string>>& groups);

struct DeoptimizedRun {
    DeoptimizedReference reference;
    TestCase ran;         // the case that ran (for a server fault's report)
    CaseOutcome outcome;  // a ServerFault when the server failed
};

// Runs `reduced` (whose outcome split its representations into `groups`) with every
// representation and its de-optimized variant.
DeoptimizedRun measure_deoptimized(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                   const TestCase& reduced,
                                   const std::vector<std::vector<std::string>>& groups);

}  // namespace eriq
