#pragma once
// A campaign's server faults, reduced like its findings. The faulting case first runs alone
// once more: a fault that another worker's case caused, or a server killed from outside, does
// not come back, and such a fault stays as it was recorded. When the server fails again,
// reduce_crash shrinks the case while the server keeps failing, waiting after each failure for
// whatever restarts the server (systemd, mysqld_safe, tools/supervise-mariadb.sh).
#include <chrono>
#include <memory>

#include "engine/crash_reducer.hpp"

namespace eriq {

struct CampaignCrashReduction {
    bool reproduced = false;   // the case alone made the server fail again
    CrashReduction reduction;  // when reproduced; `reduced` is the case itself when the
                               // server did not come back for the reduction
};

// `backend` is connected to `connection` (a worker's own database) and is replaced after each
// failure; nullptr at the end when the server stayed away.
CampaignCrashReduction reduce_campaign_crash(std::unique_ptr<Backend>& backend,
                                             const Target& target, const ConnectionSpec& connection,
                                             const TestCase& tc, const ReductionBudget& budget,
                                             std::chrono::milliseconds server_wait,
                                             const CaseGenerator* generator);

}  // namespace eriq
