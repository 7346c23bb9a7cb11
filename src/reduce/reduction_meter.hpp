#pragma once
// The budget and statistics both reducers (case_reducer, choice_shrinker) keep: candidates
// tried and kept, elapsed time, whether the budget ran out, and the progress callback.
#include <atomic>
#include <chrono>
#include <functional>

#include "model/test_case.hpp"

namespace eriq {

struct ReductionBudget {
    int max_tests = 3000;
    std::chrono::milliseconds max_time{30000};
    // When set (by SIGINT/SIGTERM), the budget counts as spent at the next candidate, and the
    // reducers' waits for a restarted server end (null: never).
    const std::atomic<bool>* stop = nullptr;
    bool stopped() const { return stop != nullptr && stop->load(); }
};

struct ReductionStats {
    int tests = 0;     // candidates tried
    int accepted = 0;  // candidates that kept the finding
    double seconds = 0;
    bool budget_spent = false;
};

// Called after each accepted candidate (for a progress line).
using ReductionProgress = std::function<void(const TestCase&, const ReductionStats&)>;

class ReductionMeter {
  public:
    // Counts into `*stats` (reset to zero) or, when null, into a statistics of its own.
    ReductionMeter(const ReductionBudget& budget, ReductionStats* stats,
                   const ReductionProgress& progress);
    ReductionMeter(const ReductionMeter&) = delete;
    ReductionMeter& operator=(const ReductionMeter&) = delete;

    // Updates the elapsed time; true (and budget_spent) once the tests or the time ran out.
    bool exhausted();
    void tested() { ++stats_.tests; }
    // A candidate kept the finding and is now `best`.
    void accepted(const TestCase& best);

  private:
    ReductionStats local_;
    ReductionStats& stats_;
    const ReductionBudget& budget_;
    const ReductionProgress& progress_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace eriq
