#include "engine/evidence_collection.hpp"

#include <chrono>

#include "engine/deoptimized_reference.hpp"
#include "engine/unread_columns.hpp"

namespace eriq {

EvidenceRun collect_evidence(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                             const TestCase& reduced, const CaseOutcome& outcome) {
    EvidenceRun run;
    const auto start = std::chrono::steady_clock::now();
    DeoptimizedRun deoptimized =
        measure_deoptimized(backend, dialect, rules, reduced, outcome.classification.groups);
    if (deoptimized.outcome.verdict == Verdict::ServerFault) {
        run.fault_case = std::move(deoptimized.ran);
        run.fault_outcome = std::move(deoptimized.outcome);
        return run;
    }
    run.evidence.deoptimized = std::move(deoptimized.reference);
    if (outcome.classification.pattern.starts_with("error_only")) {
        UnreadCheckRun unread = check_unread_columns(backend, dialect, rules, reduced);
        if (unread.outcome.verdict == Verdict::ServerFault) {
            run.fault_case = std::move(unread.ran);
            run.fault_outcome = std::move(unread.outcome);
            return run;
        }
        run.evidence.unread = std::move(unread.check);
    }
    run.evidence.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return run;
}

}  // namespace eriq
