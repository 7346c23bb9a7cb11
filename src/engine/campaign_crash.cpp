#include "engine/campaign_crash.hpp"

#include <thread>

namespace eriq {

CampaignCrashReduction reduce_campaign_crash(std::unique_ptr<Backend>& backend,
                                             const Target& target, const ConnectionSpec& connection,
                                             const TestCase& tc, const ReductionBudget& budget,
                                             std::chrono::milliseconds server_wait,
                                             const CaseGenerator* generator) {
    CampaignCrashReduction out;
    const CaseOutcome again = run_case_alone(*backend, target.dialect, target.rules, tc, "reduce");
    if (again.verdict != Verdict::ServerFault) return out;
    out.reproduced = true;
    Target own = target;  // reconnections go to the worker's own database
    own.connection = connection;
    // As in reduce_crash: a connection made before the failed server has died would be lost.
    backend.reset();
    if (sleep_unless_stopped(std::chrono::milliseconds(500), budget.stop))
        backend = connect_when_back(own, server_wait, budget.stop);
    if (!backend) {
        out.reduction.reduced = tc;
        out.reduction.outcome = again;
        out.reduction.server_stayed_down = true;
        return out;
    }
    out.reduction = reduce_crash(backend, own, tc, again, budget, server_wait, {}, generator);
    return out;
}

}  // namespace eriq
