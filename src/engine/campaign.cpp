#include "engine/campaign.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/campaign_stats.hpp"
#include "engine/case_runner.hpp"
#include "engine/generation_health.hpp"
#include "engine/predicate_check_setup.hpp"
#include "engine/progress_line.hpp"
#include "engine/shard.hpp"
#include "engine/stop_signals.hpp"
#include "engine/target.hpp"
#include "engine/triage_command.hpp"
#include "engine/worker.hpp"
#include "gen/case_generator.hpp"
#include "report/output_folder.hpp"
#include "report/report_writer.hpp"
#include "report/shard_folders.hpp"
#include "util/allocator_tuning.hpp"

namespace eriq {
namespace {

std::atomic<bool> g_stop{false};

// How often freed heap goes back to the kernel (util/allocator_tuning.hpp).
constexpr auto kReleaseMemoryEvery = std::chrono::seconds(10);
// How often the campaign appends to progress.jsonl (the triage page's charts).
constexpr auto kProgressSampleEvery = std::chrono::seconds(5);

// Failures that end a campaign even after it ran cases: the server refused the credentials.
bool is_fatal(const std::exception_ptr& failure) {
    try {
        std::rethrow_exception(failure);
    } catch (const BackendError& e) {
        return e.kind == kAuthenticationFailed;
    } catch (...) {
        return false;
    }
}

std::string message_of(const std::exception_ptr& failure) {
    try {
        std::rethrow_exception(failure);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown error";
    }
}

std::uint64_t choose_seed(const RunOptions& o) {
    if (o.seed) return *o.seed;
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd() ^
           static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

void print_start(const CampaignShared& shared, int jobs, const std::filesystem::path& out,
                 const std::string& run_id) {
    const Target& t = shared.target;
    const std::optional<Shard>& shard = shared.options.shard;
    fmt::print(stderr, "eriq: dialect {} on {}{}, {} worker(s), seed {}, reports in {} (run {})\n",
               t.dialect.name, t.connection.redacted(),
               t.library.path.empty()
                   ? ""
                   : fmt::format(" ({} from {})", t.library.version, t.library.path),
               jobs, shared.seed, out.string(), run_id);
    if (shard)
        fmt::print(stderr, "eriq: shard {}/{} (from {}): round seeds {}{}\n", shard->index,
                   shard->count, shard->source, seed_stream(shard),
                   shared.options.seed ? ""
                                       : "; no --seed given, so this shard's seed is its own: "
                                         "give every shard the same --seed for one stream");
}

// The campaign's worker threads and what each leaves behind.
struct WorkerPool {
    std::vector<WorkerTotals> totals;
    std::vector<std::exception_ptr> failures;
    std::mutex running_mutex;
    std::condition_variable worker_ended;
    int running = 0;
    std::vector<std::thread> threads;

    void start(CampaignShared& shared, int jobs) {
        totals.resize(static_cast<std::size_t>(jobs));
        failures.resize(static_cast<std::size_t>(jobs));
        running = jobs;
        for (int id = 0; id < jobs; ++id)
            threads.emplace_back([this, &shared, id, jobs] {
                try {
                    totals[static_cast<std::size_t>(id)] = run_worker(shared, id, jobs);
                } catch (...) {
                    failures[static_cast<std::size_t>(id)] = std::current_exception();
                    g_stop.store(true);  // a worker that cannot connect at all ends the campaign
                }
                std::lock_guard lock(running_mutex);
                --running;
                worker_ended.notify_all();
            });
    }

    // True once every worker has ended; waits at most `tick` for that.
    bool all_ended_within(std::chrono::milliseconds tick) {
        std::unique_lock lock(running_mutex);
        return worker_ended.wait_for(lock, tick, [&] { return running == 0; });
    }

    void join() {
        for (auto& th : threads) th.join();
    }
};

void sample_progress(CampaignShared& shared) {
    std::lock_guard lock(shared.mutex);
    shared.writer.append_progress(shared.elapsed_seconds(), shared.stats.cases, shared.stats.valid,
                                  shared.stats.findings);
}

// Until every worker has ended. The progress line refreshes every 200 ms, and wakes at once
// when the last worker ends, so the campaign (and its wall time) ends with its workers. Once
// the campaign is stopped or past --time, every tick interrupts the statements in flight
// (again: one may have started after the last interrupt), so it ends within a tick or two.
void supervise(CampaignShared& shared, WorkerPool& pool, ProgressLine& progress) {
    auto last_release = std::chrono::steady_clock::now();
    auto last_sample = last_release;
    while (!pool.all_ended_within(std::chrono::milliseconds(200))) {
        if (g_stop.load() || shared.past_deadline()) shared.interrupt_backends();
        if (std::chrono::steady_clock::now() - last_release > kReleaseMemoryEvery) {
            release_free_memory();
            last_release = std::chrono::steady_clock::now();
        }
        if (std::chrono::steady_clock::now() - last_sample > kProgressSampleEvery) {
            sample_progress(shared);
            last_sample = std::chrono::steady_clock::now();
        }
        std::lock_guard lock(shared.mutex);
        progress.update(shared.stats);
    }
}

RunFacts run_facts(const CampaignShared& shared, const std::string& run_id, int jobs,
                   double wall_seconds, const std::vector<WorkerTotals>& totals) {
    const Target& t = shared.target;
    RunFacts facts;
    facts.run_id = run_id;
    facts.dialect = t.dialect.name;
    facts.server_version = shared.server_version;
    facts.driver_library = t.library.path;
    facts.driver_source_id = t.library.source_id;
    facts.connection = t.connection.redacted();
    facts.seed = shared.seed;
    facts.shard = shared.options.shard;
    facts.workers = jobs;
    facts.generator_threads = shared.generator_threads;
    facts.wall_seconds = wall_seconds;
    for (const auto& w : totals) {
        facts.driver_seconds += w.driver_seconds;
        facts.statements += w.statements;
    }
    return facts;
}

// The latest run's summary, and every run's under its id; the --stats file.
void write_summary(const CampaignShared& shared, const RunFacts& facts,
                   const std::filesystem::path& out, const PredicateCheckStats* predicate_stats) {
    const std::string summary = summary_json(shared.stats, facts);
    std::filesystem::create_directories(out / "runs");
    write_file_atomically(out / "runs" / (facts.run_id + ".json"), summary);
    write_file_atomically(out / "summary.json", summary);
    if (!shared.options.stats_file.empty())
        write_file_atomically(shared.options.stats_file,
                              shared.generation.json(shared.adaptive.lowered(), predicate_stats));
}

}  // namespace

void request_stop() {
    g_stop.store(true);
}

int run_dry(const RunOptions& options) {
    Target t = load_target(options);
    CaseGenerator gen(t.grammar, t.dialect);
    const PredicateCheckSetup predicates(options, t.grammar);
    gen.set_predicate_check(predicates.check());
    const std::uint64_t seed = choose_seed(options);
    const auto per_db = static_cast<int>(t.grammar.knob("queries_per_database", 10));
    const int per_intermediate =
        std::max(1, static_cast<int>(t.grammar.knob("queries_per_intermediate", 3)));
    const std::int64_t total = options.max_cases < 0 ? 10 : options.max_cases;
    std::int64_t produced = 0;
    GenerationHealth health;
    for (std::uint64_t round = 0; produced < total; ++round) {
        const std::uint64_t seed_of_round = round_seed(seed, options.shard, round);
        GeneratedDatabase db = gen.database(seed_of_round);
        fmt::print("-- round {} seed {}\n", campaign_round(options.shard, round), seed_of_round);
        for (const auto& s : db.schema) fmt::print("{};\n", s);
        for (const auto& s : db.rows) fmt::print("{};\n", s);
        for (int k = 0; k < per_db && produced < total; ++k) {
            auto group = gen.generate_group(db, seed_of_round, k, per_intermediate);
            if (auto why = health.record(group.empty())) throw std::runtime_error(*why);
            if (group.empty()) {
                fmt::print("-- intermediate {}: no derivation\n", k);
                continue;
            }
            fmt::print("-- intermediate {}\n-- I: {}\n", k, group.front().intermediate);
            if (!group.front().skip_representations.empty())
                fmt::print("-- skips: {}\n", fmt::join(group.front().skip_representations, ", "));
            for (const auto& tc : group) {
                if (produced++ >= total) break;
                fmt::print("-- Q{}: {}\n", tc.query_index, tc.referencing);
                if (!tc.outer.empty()) fmt::print("-- outer{}: {}\n", tc.query_index, tc.outer);
            }
        }
    }
    if (predicates.stats() && options.verbosity > 0)
        fmt::print(stderr, "{}", predicate_stats_text(*predicates.stats()));
    return 0;
}

int run_campaign(const RunOptions& options) {
    execute_campaign(options);
    return 0;
}

CampaignResult execute_campaign(const RunOptions& options) {
    Target t = load_target(options);
    CaseGenerator gen(t.grammar, t.dialect);
    const PredicateCheckSetup predicates(options, t.grammar);
    gen.set_predicate_check(predicates.check());
    AdaptiveWeights adaptive(gen.index(), t.grammar);
    gen.set_adaptive_weights(&adaptive);
    const int jobs = std::max(1, options.jobs);

    g_stop.store(false);
    StopSignals signals(g_stop);

    // A shard writes into a folder of its own inside --out (report/shard_folders.hpp).
    const std::optional<Shard>& shard = options.shard;
    std::filesystem::path out(options.out_dir);
    if (shard) out /= shard_folder_name(shard->index);
    OutputFolderLock lock(out);
    const int leftovers = remove_leftover_temporaries(out);
    if (leftovers > 0 && options.verbosity > 0)
        fmt::print(stderr, "eriq: removed {} unfinished file(s) an earlier run left in {}\n",
                   leftovers, out.string());
    // Shards start at the same second, and in containers often with the same pid.
    const std::string run_id =
        shard ? fmt::format("{}-s{}", make_run_id(), shard->index) : make_run_id();
    ReportWriter writer(out, run_id, shard ? shard_id_prefix(shard->index) : "");
    CampaignShared shared(t, gen, adaptive, options, writer, choose_seed(options), g_stop);
    // A generator thread keeps its worker in the driver, but only pays off on a core the
    // workers leave free: with a worker on every core it slows them (tools/bench.sh).
    shared.generator_threads = options.generator_thread.value_or(
        2 * static_cast<unsigned>(jobs) <= std::thread::hardware_concurrency());
    if (options.verbosity > 0) print_start(shared, jobs, out, run_id);

    WorkerPool pool;
    pool.start(shared, jobs);
    ProgressLine progress(options.verbosity > 0);
    supervise(shared, pool, progress);
    const double wall_seconds = shared.elapsed_seconds();
    pool.join();
    progress.update(shared.stats, true);
    progress.finish();
    sample_progress(shared);
    for (const auto& f : pool.failures)
        if (f && shared.stats.cases == 0) std::rethrow_exception(f);

    shared.stats.known_crashes_not_reduced = shared.known_crashes.skipped();
    RunFacts facts = run_facts(shared, run_id, jobs, wall_seconds, pool.totals);
    shared.stats.down_weighted = adaptive.lowered();
    shared.stats.cost_capped = gen.cost_capped();
    shared.stats.over_budget = gen.over_budget();
    write_summary(shared, facts, out, predicates.stats());
    if (shared.stalled) throw std::runtime_error(shared.generation_stalled);
    if (options.verbosity > 0) {
        fmt::print(stderr, "{}", summary_text(shared.stats, facts, options.verbosity > 1));
        if (shared.stats.findings + shared.stats.server_faults > 0) print_campaign_groups(out);
        if (!options.stats_file.empty())
            fmt::print(stderr, "{}",
                       shared.generation.text(adaptive.lowered(), predicates.stats()));
    }
    for (const auto& f : pool.failures) {
        if (f && is_fatal(f)) std::rethrow_exception(f);
        if (f && options.verbosity > 0)
            fmt::print(stderr, "eriq: a worker stopped: {}\n", message_of(f));
    }
    return {shared.stats, facts};
}

}  // namespace eriq
