// CampaignShared's budget and interrupt bookkeeping, and each worker's connection.
#include <algorithm>

#include <fmt/format.h>

#include "engine/worker.hpp"

namespace eriq {

double CampaignShared::elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool CampaignShared::past_deadline() const {
    return options.time_limit_seconds > 0 && elapsed_seconds() >= options.time_limit_seconds;
}

std::chrono::milliseconds CampaignShared::time_left() const {
    if (options.time_limit_seconds <= 0) return std::chrono::milliseconds::max();
    const double left = std::max(0.0, options.time_limit_seconds - elapsed_seconds());
    return std::chrono::milliseconds(static_cast<std::int64_t>(left * 1000));
}

bool CampaignShared::out_of_budget() const {
    return stop.load() || stalled.load() ||
           (options.max_cases >= 0 && cases_claimed.load() >= options.max_cases) || past_deadline();
}

void CampaignShared::attach_backend(int worker, Backend* backend) {
    std::lock_guard lock(backends_mutex_);
    const auto slot = static_cast<std::size_t>(worker);
    if (backends_.size() <= slot) backends_.resize(slot + 1, nullptr);
    backends_[slot] = backend;
}

void CampaignShared::interrupt_backends() {
    std::lock_guard lock(backends_mutex_);
    for (Backend* backend : backends_)
        if (backend != nullptr) backend->interrupt();
}

ConnectionSpec worker_connection(const ConnectionSpec& spec, int id, int jobs) {
    ConnectionSpec s = spec;
    if (jobs <= 1 || s.database == ":memory:") return s;
    if (s.driver == "sqlite" || s.driver == "duckdb") {
        auto dot = s.database.rfind('.');
        s.database = dot == std::string::npos ? fmt::format("{}_w{}", s.database, id)
                                              : fmt::format("{}_w{}{}", s.database.substr(0, dot),
                                                            id, s.database.substr(dot));
    } else {
        s.database = fmt::format("{}_w{}", s.database, id);
    }
    return s;
}

}  // namespace eriq
