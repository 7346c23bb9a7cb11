#include "engine/finding_reducer.hpp"

#include "engine/case_runner.hpp"

namespace eriq {

CaseOutcome run_case_alone(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                           const TestCase& tc, const std::string& tag) {
    CaseRunner runner(backend, dialect, rules);
    try {
        runner.load_database(tc);
    } catch (const WorkspaceViolation&) {
        throw;
    } catch (const BackendError& e) {
        CaseOutcome failed;
        failed.verdict = e.server_fault ? Verdict::ServerFault : Verdict::Discarded;
        failed.discard_kind = e.kind;
        return failed;
    }
    CaseOutcome outcome = runner.run(tc, tag);
    if (outcome.verdict != Verdict::ServerFault) backend.reset_workspace();
    return outcome;
}

bool same_finding(const CaseOutcome& original, const CaseOutcome& candidate) {
    return candidate.verdict == Verdict::Inconsistent &&
           candidate.classification.groups == original.classification.groups &&
           candidate.classification.pattern == original.classification.pattern &&
           candidate.classification.errors == original.classification.errors;
}

FindingReduction reduce_finding(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                const TestCase& tc, const CaseOutcome& original,
                                const ReductionBudget& budget, const ReductionProgress& progress) {
    FindingReduction out;
    bool connection_lost = false;
    auto interesting = [&](const TestCase& candidate) {
        if (connection_lost) return false;
        CaseOutcome outcome = run_case_alone(backend, dialect, rules, candidate, "reduce");
        // A candidate that crashes the server is not this finding; stop rather than
        // crash it again and again.
        if (outcome.verdict == Verdict::ServerFault) connection_lost = true;
        return same_finding(original, outcome);
    };
    ReductionHints hints;
    for (const char* family : {"int", "string"}) {
        auto types = dialect.types_of(family);
        if (!types.empty()) hints.simple_types.push_back(types.front()->name);
    }
    out.reduced = reduce_case(tc, interesting, budget, &out.stats, progress, hints);
    out.outcome = run_case_alone(backend, dialect, rules, out.reduced, "reduce");
    return out;
}

}  // namespace eriq
