#include "engine/campaign.hpp"

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "engine/campaign_stats.hpp"
#include "engine/case_runner.hpp"
#include "engine/progress_line.hpp"
#include "engine/target.hpp"
#include "gen/case_generator.hpp"
#include "gen/rng.hpp"
#include "report/report_writer.hpp"

namespace eriq {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int) {
    g_stop.store(true);
}

std::uint64_t choose_seed(const RunOptions& o) {
    if (o.seed) return *o.seed;
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd() ^
           static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

// Connects, retrying with backoff while the server is unreachable (up to ~60 s).
std::unique_ptr<Backend> connect_with_backoff(const Target& t, int verbosity) {
    auto delay = std::chrono::milliseconds(200);
    for (int attempt = 0;; ++attempt) {
        try {
            return open_backend(t.connection, t.backend_options);
        } catch (const BackendError& e) {
            if (!e.server_fault || attempt >= 12 || g_stop.load()) throw;
            if (verbosity > 0)
                fmt::print(stderr, "eriq: cannot reach {} ({}); retrying in {} ms\n",
                           t.connection.redacted(), e.what(), delay.count());
            std::this_thread::sleep_for(delay);
            delay = std::min(delay * 2, std::chrono::milliseconds(10000));
        }
    }
}

}  // namespace

void request_stop() {
    g_stop.store(true);
}

int run_dry(const RunOptions& options) {
    Target t = load_target(options);
    CaseGenerator gen(t.grammar, t.dialect);
    const std::uint64_t seed = choose_seed(options);
    const auto per_db = static_cast<int>(t.grammar.knob("queries_per_database", 10));
    const std::int64_t total = options.max_cases < 0 ? 10 : options.max_cases;
    std::int64_t produced = 0;
    for (std::uint64_t round = 0; produced < total; ++round) {
        const std::uint64_t round_seed = mix_seed(seed, round);
        GeneratedDatabase db = gen.database(round_seed);
        fmt::print("-- round {} seed {}\n", round, round_seed);
        for (const auto& s : db.schema) fmt::print("{};\n", s);
        for (const auto& s : db.rows) fmt::print("{};\n", s);
        for (int k = 0; k < per_db && produced < total; ++k, ++produced) {
            auto tc = gen.generate(db, round_seed, k);
            if (!tc) {
                fmt::print("-- case {}: no derivation\n", k);
                continue;
            }
            fmt::print("-- case {}\n-- I: {}\n-- Q: {}\n", k, tc->intermediate, tc->referencing);
        }
    }
    return 0;
}

int run_campaign(const RunOptions& options) {
    execute_campaign(options);
    return 0;
}

CampaignResult execute_campaign(const RunOptions& options) {
    Target t = load_target(options);
    CaseGenerator gen(t.grammar, t.dialect);
    const std::uint64_t seed = choose_seed(options);
    const auto per_db = static_cast<int>(t.grammar.knob("queries_per_database", 10));

    g_stop.store(false);
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);

    std::filesystem::create_directories(options.out_dir);
    ReportWriter writer(options.out_dir);

    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto out_of_budget = [&](const CampaignStats& s) {
        return g_stop.load() || (options.max_cases >= 0 && s.cases >= options.max_cases) ||
               (options.time_limit_seconds > 0 && elapsed() >= options.time_limit_seconds);
    };

    std::unique_ptr<Backend> backend = connect_with_backoff(t, options.verbosity);
    RunFacts facts;
    facts.dialect = t.dialect.name;
    facts.server_version = backend->server_version();
    facts.connection = t.connection.redacted();
    facts.seed = seed;
    ReportContext ctx{t.dialect.name, t.dialect.driver, facts.server_version, facts.connection};
    if (options.verbosity > 0)
        fmt::print(stderr, "eriq: dialect {} on {} ({}), seed {}, reports in {}\n", t.dialect.name,
                   facts.connection, facts.server_version, seed, options.out_dir);

    CampaignStats stats;
    ProgressLine progress(options.verbosity > 0);
    // Driver time and statement counts of backends replaced after a server fault.
    double driver_seconds_before = 0;
    std::uint64_t statements_before = 0;
    std::uint64_t case_counter = 0;

    for (std::uint64_t round = 0; !out_of_budget(stats); ++round) {
        const std::uint64_t round_seed = mix_seed(seed, round);
        GeneratedDatabase db = gen.database(round_seed);
        CaseRunner runner(*backend, t.dialect, t.rules);
        TestCase d_only;
        d_only.schema = db.schema;
        d_only.rows = db.rows;
        try {
            runner.load_database(d_only);
            ++stats.databases;
        } catch (const BackendError& e) {
            if (!e.server_fault) {
                ++stats.discarded["database:" + e.kind];
                continue;
            }
            ++stats.server_faults;
            driver_seconds_before += backend->driver_seconds();
            statements_before += backend->statements();
            backend.reset();
            backend = connect_with_backoff(t, options.verbosity);
            continue;
        }
        for (int k = 0; k < per_db && !out_of_budget(stats); ++k) {
            auto tc = gen.generate(db, round_seed, k);
            if (!tc) {
                ++stats.generation_failures;
                continue;
            }
            CaseOutcome outcome;
            try {
                outcome = runner.run(*tc, std::to_string(case_counter++));
            } catch (const BackendError& e) {
                // Lost connection: counted; the worker reconnects and starts a new round.
                ++stats.server_faults;
                ++stats.discarded[e.kind];
                ++stats.cases;
                driver_seconds_before += backend->driver_seconds();
                statements_before += backend->statements();
                backend.reset();
                backend = connect_with_backoff(t, options.verbosity);
                break;
            } catch (const std::exception& e) {
                ++stats.tool_errors;
                if (options.verbosity > 0)
                    fmt::print(stderr, "eriq: internal error: {}\n", e.what());
                continue;
            }
            stats.tally(outcome);
            if (outcome.verdict == Verdict::Inconsistent) {
                auto dir = writer.write(*tc, outcome, ctx);
                if (options.verbosity > 0) {
                    progress.finish();
                    fmt::print(stderr, "eriq: finding {} -> {}\n", outcome.classification.pattern,
                               dir.string());
                }
            } else if (options.verbosity > 1 && outcome.verdict == Verdict::Discarded) {
                fmt::print(stderr, "eriq: discarded ({}): {}\n", outcome.discard_kind,
                           outcome.variants.empty() ? "" : outcome.variants.back().error);
            }
            progress.update(stats);
        }
    }
    progress.update(stats, true);
    progress.finish();

    facts.wall_seconds = elapsed();
    facts.driver_seconds = driver_seconds_before + backend->driver_seconds();
    facts.statements = statements_before + backend->statements();
    write_file_atomically(std::filesystem::path(options.out_dir) / "summary.json",
                          summary_json(stats, facts));
    if (options.verbosity > 0) fmt::print(stderr, "{}", summary_text(stats, facts));
    return {stats, facts};
}

}  // namespace eriq
