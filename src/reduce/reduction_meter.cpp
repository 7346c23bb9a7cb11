#include "reduce/reduction_meter.hpp"

namespace eriq {

ReductionMeter::ReductionMeter(const ReductionBudget& budget, ReductionStats* stats,
                               const ReductionProgress& progress)
    : stats_(stats ? *stats : local_),
      budget_(budget),
      progress_(progress),
      start_(std::chrono::steady_clock::now()) {
    stats_ = {};
}

bool ReductionMeter::exhausted() {
    const auto spent = std::chrono::steady_clock::now() - start_;
    stats_.seconds = std::chrono::duration<double>(spent).count();
    if (stats_.tests >= budget_.max_tests || spent >= budget_.max_time || budget_.stopped())
        stats_.budget_spent = true;
    return stats_.budget_spent;
}

void ReductionMeter::accepted(const TestCase& best) {
    ++stats_.accepted;
    if (progress_) progress_(best, stats_);
}

}  // namespace eriq
