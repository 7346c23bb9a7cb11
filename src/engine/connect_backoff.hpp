#pragma once
// A worker's connection to its target, made again after a server fault.
#include <memory>

#include "engine/worker.hpp"
#include "exec/backend.hpp"

namespace eriq {

// Connects, retrying with backoff while the server is unreachable (about a minute, never
// past the campaign's budget). nullptr when the budget ran out first. Any other error,
// such as refused credentials, is thrown at once.
std::unique_ptr<Backend> connect_with_backoff(const CampaignShared& shared,
                                              const ConnectionSpec& spec);

// Marks a worker's reduction of a server fault for as long as it lives (see above).
class CrashReductionMark {
  public:
    explicit CrashReductionMark(CampaignShared& shared)
        : running_(shared.crash_reductions_running) {
        ++running_;
    }
    ~CrashReductionMark() { --running_; }
    CrashReductionMark(const CrashReductionMark&) = delete;
    CrashReductionMark& operator=(const CrashReductionMark&) = delete;

  private:
    std::atomic<int>& running_;
};

}  // namespace eriq
