#include "engine/benign_check.hpp"

namespace eriq {

CaseOutcome as_finding(CaseOutcome outcome) {
    outcome.verdict = Verdict::Inconsistent;
    return outcome;
}

BenignCheck check_benign_on_reduced(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                    const TestCase& tc, const CaseOutcome& outcome,
                                    const ReductionBudget& budget, const CaseGenerator* generator) {
    Dialect unexplained = dialect;
    unexplained.benign.clear();
    const CaseOutcome finding = as_finding(outcome);
    BenignCheck check;
    check.reduction =
        reduce_finding(backend, unexplained, rules, tc, finding, budget, {}, generator);
    const FindingReduction& r = check.reduction;
    if (r.fault_case || !same_finding(finding, r.outcome)) return check;
    const CaseOutcome with_entries = run_case_alone(backend, dialect, rules, r.reduced, "benign");
    if (with_entries.verdict == Verdict::ServerFault) {  // counted like one during reduction
        check.reduction.fault_case = r.reduced;
        check.reduction.fault_outcome = with_entries;
        return check;
    }
    check.masked = with_entries.verdict == Verdict::Inconsistent;
    return check;
}

}  // namespace eriq
