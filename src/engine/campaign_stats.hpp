#pragma once
// Counters of a campaign, and their JSON / text renderings for summary.json
// and the end-of-run table.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/shard.hpp"
#include "gen/generation_stats.hpp"
#include "model/verdict.hpp"

namespace eriq {

struct CampaignStats {
    std::int64_t cases = 0;  // cases generated and run
    std::int64_t valid = 0;  // every variant succeeded (consistent, finding or benign)
    std::int64_t consistent = 0;
    std::int64_t findings = 0;
    std::int64_t benign = 0;  // differences the dialect declares as documented
    std::int64_t skipped_variants = 0;
    std::int64_t generation_failures = 0;
    std::int64_t cost_capped = 0;             // derivations redrawn for their estimated cost
    std::int64_t over_budget = 0;             // derivations dropped over the generation budget
    std::int64_t rounds_cut_by_timeouts = 0;  // rounds ended early: 3 of their cases timed out
    // benign cases whose reduction no [[benign]] entry explains: counted as findings
    std::int64_t unmasked = 0;
    std::int64_t tool_errors = 0;  // unexpected exceptions inside eriq itself
    std::int64_t server_faults = 0;
    std::int64_t known_crashes_not_reduced = 0;  // server faults at a listed crash site
    std::int64_t databases = 0;
    std::map<std::string, std::int64_t> discarded;  // by error kind
    std::map<std::string, std::int64_t> patterns;   // findings by pattern
    std::vector<DownWeight> down_weighted;          // lowered during the campaign

    void tally(const CaseOutcome& outcome);
    // A case tallied as benign turned out to be `finding` (engine/benign_check.hpp).
    void unmask(const CaseOutcome& finding);
    std::int64_t discarded_total() const;
};

struct RunFacts {
    std::string run_id;  // report/output_folder.hpp
    std::string dialect;
    std::string server_version;
    std::string driver_library;    // the libsqlite3 file loaded (empty for servers)
    std::string driver_source_id;  // its sqlite3_sourceid()
    std::string connection;        // redacted
    std::uint64_t seed = 0;
    std::optional<Shard> shard;  // engine/shard.hpp; unset: the whole campaign
    double wall_seconds = 0;
    double driver_seconds = 0;
    std::uint64_t statements = 0;
    int workers = 1;
    bool generator_threads = false;  // each worker's cases were generated on a thread of its own
};

std::string summary_json(const CampaignStats& s, const RunFacts& f);
// with_patterns adds the findings by pattern (--verbose); the groups follow the summary
// (engine/triage_command.hpp).
std::string summary_text(const CampaignStats& s, const RunFacts& f, bool with_patterns);

}  // namespace eriq
