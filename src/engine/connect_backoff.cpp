#include "engine/connect_backoff.hpp"

#include <thread>

#include <fmt/format.h>

namespace eriq {
namespace {

// Sleeps for `delay` or until the campaign is out of budget (stopped or past --time).
void wait_unless_out_of_budget(const CampaignShared& shared, std::chrono::milliseconds delay) {
    const auto until = std::chrono::steady_clock::now() + delay;
    while (!shared.out_of_budget() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

}  // namespace

std::unique_ptr<Backend> connect_with_backoff(const CampaignShared& shared,
                                              const ConnectionSpec& spec) {
    auto delay = std::chrono::milliseconds(200);
    for (int attempt = 0;; ++attempt) {
        if (shared.out_of_budget()) return nullptr;
        // Another worker reducing a server fault keeps crashing the server on purpose, within
        // --reduce-crash-time: a server that is down meanwhile does not end this worker.
        if (shared.crash_reductions_running.load() > 0) attempt = 0;
        try {
            return open_backend(spec, shared.target.backend_options);
        } catch (const BackendError& e) {
            if (!e.server_fault || attempt >= 15) throw;
            if (shared.out_of_budget()) return nullptr;
            if (shared.options.verbosity > 0)
                fmt::print(stderr, "eriq: cannot reach {} ({}); retrying in {} ms\n",
                           spec.redacted(), e.what(), delay.count());
            wait_unless_out_of_budget(shared, delay);
            delay = std::min(delay * 2, std::chrono::milliseconds(8000));
        }
    }
}

}  // namespace eriq
