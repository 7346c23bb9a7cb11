#pragma once
// One campaign worker: its own connection and database (or in-memory SQLite),
// taking rounds (a database D, then intermediate queries with several Q(x)
// each) until the shared budget is spent. Findings and server faults are
// written through the shared report writer; counters go to the shared stats.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "engine/campaign_stats.hpp"
#include "engine/generation_health.hpp"
#include "engine/known_crash_sites.hpp"
#include "engine/options.hpp"
#include "engine/target.hpp"
#include "gen/adaptive_weights.hpp"
#include "gen/case_generator.hpp"
#include "gen/generation_stats.hpp"
#include "report/report_writer.hpp"

namespace eriq {

// What all workers of a campaign share. The stats are guarded by `mutex`.
struct CampaignShared {
    CampaignShared(const Target& t, const CaseGenerator& g, AdaptiveWeights& a, const RunOptions& o,
                   ReportWriter& w, std::uint64_t seed_, const std::atomic<bool>& stop_)
        : target(t),
          generator(g),
          options(o),
          writer(w),
          seed(seed_),
          start(std::chrono::steady_clock::now()),
          stop(stop_),
          generation(g.index()),
          adaptive(a),
          known_crashes(t.dialect.name) {}

    const Target& target;
    const CaseGenerator& generator;
    const RunOptions& options;
    ReportWriter& writer;
    std::uint64_t seed;
    std::chrono::steady_clock::time_point start;
    const std::atomic<bool>& stop;  // set by SIGINT/SIGTERM

    std::mutex mutex;
    CampaignStats stats;
    GenerationStats generation;  // per production, function and family
    AdaptiveWeights& adaptive;   // the generator reads it; record() lowers weights
    std::string server_version;
    bool generator_threads = false;  // each worker's rounds are generated on a thread of its own
    GenerationHealth generation_health;  // guarded by `mutex`
    std::string generation_stalled;      // why generation was given up, guarded by `mutex`
    std::atomic<bool> stalled{false};    // generation_stalled is set: the campaign ends
    std::atomic<std::uint64_t> next_round{0};
    std::atomic<std::int64_t> cases_claimed{0};
    std::atomic<int> crash_reductions_running{0};  // workers reducing a server fault now
    KnownCrashSites known_crashes;                 // of known-bugs/, read when the campaign starts

    double elapsed_seconds() const;
    bool past_deadline() const;  // --time is spent
    // What is left of --time (its largest value when there is no --time).
    std::chrono::milliseconds time_left() const;
    bool out_of_budget() const;

    // Each worker's current backend (nullptr between connections), so the campaign can
    // interrupt the statements in flight when it stops.
    void attach_backend(int worker, Backend* backend);
    void interrupt_backends();

  private:
    std::mutex backends_mutex_;
    std::vector<Backend*> backends_;
};

struct WorkerTotals {
    double driver_seconds = 0;
    std::uint64_t statements = 0;
};

// The connection of worker `id` of `jobs`: with several workers each gets its
// own database (<db>_w<id>), or its own in-memory SQLite database.
ConnectionSpec worker_connection(const ConnectionSpec& spec, int id, int jobs);

// Runs worker `id` until the budget is spent. Throws when it cannot connect at all.
WorkerTotals run_worker(CampaignShared& shared, int id, int jobs);

}  // namespace eriq
