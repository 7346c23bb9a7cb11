#pragma once
// Prepares a worker's rounds (the database D and every group of test cases over it) ahead
// of the worker, on a thread of its own when asked, so the worker's thread spends its time
// in the driver rather than in generation. At most one prepared round waits while the
// worker runs another, so the adaptive weights lag the campaign by about two rounds.
// Without a thread, next() generates the round itself.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "gen/database_generator.hpp"
#include "model/test_case.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

struct CampaignShared;

// The cases sharing one intermediate query (several Q(x)), with their variants
// instantiated; no cases is a generation failure.
struct PreparedGroup {
    std::vector<TestCase> cases;
    std::vector<VariantPlan> plans;  // one per case
    std::string plan_error;          // set when instantiating failed (a tool error)
};

struct PreparedRound {
    std::uint64_t seed = 0;
    GeneratedDatabase db;
    std::vector<PreparedGroup> groups;  // one per intermediate query
};

class RoundFeeder {
  public:
    // `worker` names the objects the variants create (eriq_view_<worker>_<group in round>, ...).
    RoundFeeder(CampaignShared& shared, int worker, bool threaded);
    ~RoundFeeder();
    RoundFeeder(const RoundFeeder&) = delete;
    RoundFeeder& operator=(const RoundFeeder&) = delete;

    // The next round, or nullopt once the campaign's budget is spent. Rethrows what
    // generation threw.
    std::optional<PreparedRound> next();

  private:
    PreparedRound prepare(std::uint64_t round);
    void produce();

    CampaignShared& shared_;
    const int worker_;
    const std::vector<Representation> reps_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<PreparedRound> ready_;
    bool finished_ = false;  // the producer stopped: budget spent or generation threw
    bool closing_ = false;   // the worker is gone
    std::exception_ptr failure_;
    std::thread thread_;
};

}  // namespace eriq
