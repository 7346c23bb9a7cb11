#pragma once
// The campaign: rounds of (generate D, then several (I, Q) cases over it), each
// case run through every representation, findings written as reports, a live
// progress line and a summary.json at the end. Stops on --time, --cases or
// SIGINT/SIGTERM, always writing the summary.
#include "engine/campaign_stats.hpp"
#include "engine/options.hpp"

namespace eriq {

struct CampaignResult {
    CampaignStats stats;
    RunFacts facts;
};

// Runs a campaign and returns its counters (also written to <out>/summary.json).
CampaignResult execute_campaign(const RunOptions& options);

// Returns the process exit code: 0 when the run completed (findings or not).
int run_campaign(const RunOptions& options);

// Generates cases without running them and prints their SQL (same seed, same bytes).
int run_dry(const RunOptions& options);

// Asks a running campaign to stop after the case in flight (signal-safe).
void request_stop();

}  // namespace eriq
