#include "engine/campaign_stats.hpp"

#include <fmt/format.h>

#include "util/json_writer.hpp"

namespace eriq {
namespace {

void write_counts(JsonWriter& w, const char* key,
                  const std::map<std::string, std::int64_t>& counts) {
    w.key(key);
    w.begin_object();
    for (const auto& [k, v] : counts) {
        w.key(k);
        w.integer(v);
    }
    w.end_object();
}

// "shard": {"index": K, "count": N, "source": "SLURM_ARRAY_TASK_ID", "seed_stream":
// "mix_seed(seed, N*i + K)"}, or null for the whole campaign.
void write_shard(JsonWriter& w, const std::optional<Shard>& shard) {
    w.key("shard");
    if (!shard) {
        w.null();
        return;
    }
    w.begin_object();
    w.key("index");
    w.unsigned_integer(shard->index);
    w.key("count");
    w.unsigned_integer(shard->count);
    w.key("source");
    w.string(shard->source);
    w.key("seed_stream");
    w.string(seed_stream(shard));
    w.end_object();
}

}  // namespace

void CampaignStats::tally(const CaseOutcome& outcome) {
    ++cases;
    skipped_variants += static_cast<std::int64_t>(outcome.skipped.size());
    switch (outcome.verdict) {
        case Verdict::Consistent:
            ++valid;
            ++consistent;
            break;
        case Verdict::Inconsistent:
            ++valid;
            ++findings;
            ++patterns[outcome.classification.pattern];
            break;
        case Verdict::Benign:
            ++valid;
            ++benign;
            break;
        case Verdict::Discarded:
            ++discarded[outcome.discard_kind];
            break;
        case Verdict::ServerFault:
            ++server_faults;
            ++discarded[outcome.discard_kind];
            break;
    }
}

void CampaignStats::unmask(const CaseOutcome& finding) {
    --benign;
    ++findings;
    ++unmasked;
    ++patterns[finding.classification.pattern];
}

std::int64_t CampaignStats::discarded_total() const {
    std::int64_t n = 0;
    for (const auto& [k, v] : discarded) n += v;
    return n;
}

std::string summary_json(const CampaignStats& s, const RunFacts& f) {
    JsonWriter w;
    w.begin_object();
    w.key("run_id");
    w.string(f.run_id);
    w.key("dialect");
    w.string(f.dialect);
    w.key("server_version");
    w.string(f.server_version);
    w.key("driver_library");
    w.string(f.driver_library);
    w.key("driver_source_id");
    w.string(f.driver_source_id);
    w.key("connection");
    w.string(f.connection);
    w.key("seed");
    w.unsigned_integer(f.seed);
    write_shard(w, f.shard);
    w.key("workers");
    w.integer(f.workers);
    w.key("generator_threads");
    w.boolean(f.generator_threads);
    w.key("cases");
    w.integer(s.cases);
    w.key("valid");
    w.integer(s.valid);
    w.key("valid_share");
    w.number(s.cases ? static_cast<double>(s.valid) / static_cast<double>(s.cases) : 0.0);
    w.key("consistent");
    w.integer(s.consistent);
    w.key("findings");
    w.integer(s.findings);
    w.key("benign");
    w.integer(s.benign);
    w.key("unmasked");
    w.integer(s.unmasked);
    write_counts(w, "discarded", s.discarded);
    write_counts(w, "patterns", s.patterns);
    w.key("skipped_variants");
    w.integer(s.skipped_variants);
    w.key("generation_failures");
    w.integer(s.generation_failures);
    w.key("cost_capped");
    w.integer(s.cost_capped);
    w.key("over_budget");
    w.integer(s.over_budget);
    w.key("rounds_cut_by_timeouts");
    w.integer(s.rounds_cut_by_timeouts);
    w.key("tool_errors");
    w.integer(s.tool_errors);
    w.key("server_faults");
    w.integer(s.server_faults);
    w.key("known_crashes_not_reduced");
    w.integer(s.known_crashes_not_reduced);
    w.key("databases");
    w.integer(s.databases);
    w.key("statements");
    w.unsigned_integer(f.statements);
    w.key("cases_per_second");
    w.number(f.wall_seconds > 0 ? static_cast<double>(s.cases) / f.wall_seconds : 0.0);
    w.key("driver_seconds");
    w.number(f.driver_seconds);
    w.key("wall_seconds");
    w.number(f.wall_seconds);
    w.key("driver_share");
    w.number(f.wall_seconds > 0 ? f.driver_seconds / f.wall_seconds : 0.0);
    w.key("down_weighted");
    write_down_weighted(w, s.down_weighted);
    w.end_object();
    return w.str() + "\n";
}

std::string summary_text(const CampaignStats& s, const RunFacts& f, bool with_patterns) {
    const std::string library =
        f.driver_library.empty() ? "" : fmt::format(" from {}", f.driver_library);
    std::string out = fmt::format(
        "eriq summary: dialect {} ({}{}), seed {}{}\n"
        "  cases {}  valid {} ({:.1f}%)  consistent {}  findings {}  benign {}\n"
        "  discarded {}  skipped variants {}  generation failures {}  redrawn for cost {}  over "
        "budget {}  tool errors {}  server faults {}\n"
        "  {:.1f} cases/s  {:.1f} s wall  {:.1f} s in driver ({:.0f}%)  {} statements\n",
        f.dialect, f.server_version, library, f.seed,
        f.shard ? fmt::format(", shard {}/{}", f.shard->index, f.shard->count) : "", s.cases,
        s.valid,
        s.cases ? 100.0 * static_cast<double>(s.valid) / static_cast<double>(s.cases) : 0.0,
        s.consistent, s.findings, s.benign, s.discarded_total(), s.skipped_variants,
        s.generation_failures, s.cost_capped, s.over_budget, s.tool_errors, s.server_faults,
        f.wall_seconds > 0 ? static_cast<double>(s.cases) / f.wall_seconds : 0.0, f.wall_seconds,
        f.driver_seconds, f.wall_seconds > 0 ? 100.0 * f.driver_seconds / f.wall_seconds : 0.0,
        f.statements);
    if (s.known_crashes_not_reduced > 0)
        out += fmt::format("  {} server fault(s) at a known crash site, not reduced\n",
                           s.known_crashes_not_reduced);
    if (s.unmasked > 0)
        out += fmt::format(
            "  {} of the findings matched a [[benign]] entry that their reduction did not\n",
            s.unmasked);
    if (!s.discarded.empty()) {
        out += "  discarded by kind:\n";
        for (const auto& [k, v] : s.discarded) out += fmt::format("    {:>7}  {}\n", v, k);
    }
    if (!s.down_weighted.empty()) {
        out += "  down-weighted (kept failing):";
        for (const auto& d : s.down_weighted) out += fmt::format(" {} {}", d.kind, d.name);
        out += "\n";
    }
    if (with_patterns && !s.patterns.empty()) {
        out += "  findings by pattern:\n";
        for (const auto& [k, v] : s.patterns) out += fmt::format("    {:>7}  {}\n", v, k);
    }
    return out;
}

}  // namespace eriq
