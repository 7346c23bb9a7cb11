#include "engine/worker.hpp"

#include <algorithm>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "engine/benign_check.hpp"
#include "engine/campaign_crash.hpp"
#include "engine/case_runner.hpp"
#include "engine/connect_backoff.hpp"
#include "engine/finding_reducer.hpp"
#include "engine/reduction_messages.hpp"
#include "engine/round_feeder.hpp"
#include "gen/rng.hpp"

namespace eriq {
namespace {

// A finding written during the current round, reduced when the round is over; or a benign
// case (no folder yet), checked on its reduction (engine/benign_check.hpp).
struct PendingReduction {
    std::filesystem::path dir;
    TestCase tc;
    CaseOutcome outcome;
};

class Worker {
  public:
    Worker(CampaignShared& shared, int id, int jobs)
        : shared_(shared),
          id_(id),
          jobs_(jobs),
          spec_(worker_connection(shared.target.connection, id, jobs)) {}
    ~Worker() { shared_.attach_backend(id_, nullptr); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    WorkerTotals run() {
        if (!shared_.options.statement_log.empty()) {
            std::string path = shared_.options.statement_log;
            if (jobs_ > 1) path += fmt::format(".w{}", id_);
            log_.open(path, std::ios::binary | std::ios::trunc);
            if (!log_) throw std::runtime_error("cannot write the statement log " + path);
        }
        if (!connect()) return totals_;
        {
            std::lock_guard lock(shared_.mutex);
            if (shared_.server_version.empty()) shared_.server_version = backend_->server_version();
        }
        RoundFeeder feeder(shared_, id_, shared_.generator_threads);
        while (backend_ && !shared_.out_of_budget()) {
            std::optional<PreparedRound> round = feeder.next();
            if (!round) break;
            run_round(*round);
            reduce_pending();
        }
        // Leave the workspace as found: only the ledger stays behind. Not after SIGINT or
        // SIGTERM, which must end the run at once; the next run drops what is left (the
        // ledger lists it).
        try {
            if (backend_ && !shared_.stop.load()) {
                shared_.attach_backend(id_, nullptr);  // no more interrupts at the deadline
                backend_->resume();
                backend_->reset_workspace();
            }
        } catch (const BackendError& e) {
            if (shared_.options.verbosity > 0)
                fmt::print(stderr, "eriq: worker {} could not clean its workspace: {}\n", id_,
                           e.what());
        }
        retire_backend();
        return totals_;
    }

  private:
    void run_round(PreparedRound& round) {
        const Target& t = shared_.target;
        CaseRunner runner(*backend_, t.dialect, t.rules);
        runner.keep_consistent_results(false);
        TestCase d_only;
        d_only.dialect = t.dialect.name;
        d_only.seed = round.seed;
        d_only.schema = round.db.schema;
        d_only.rows = round.db.rows;
        try {
            runner.load_database(d_only);
        } catch (const WorkspaceViolation&) {
            throw;
        } catch (const BackendError& e) {
            if (e.kind == kInterrupted) return;
            if (!e.server_fault) {
                std::lock_guard lock(shared_.mutex);
                ++shared_.stats.discarded["database:" + e.kind];
                return;
            }
            CaseOutcome fault;
            fault.verdict = Verdict::ServerFault;
            fault.discard_kind = e.kind;
            record(d_only, fault);
            reconnect();
            return;
        }
        {
            std::lock_guard lock(shared_.mutex);
            ++shared_.stats.databases;
        }
        // A database on which cases keep timing out (big tables, a costly index) would spend
        // the rest of the round waiting: after kTimeoutsPerRound the round ends.
        constexpr int kTimeoutsPerRound = 3;
        int timeouts = 0;
        for (auto& group : round.groups) {
            if (shared_.out_of_budget()) return;
            if (timeouts >= kTimeoutsPerRound) {
                std::lock_guard lock(shared_.mutex);
                ++shared_.stats.rounds_cut_by_timeouts;
                return;
            }
            if (!record_generation(group.cases.empty())) continue;
            if (!claim(group)) return;
            std::vector<CaseOutcome> outcomes;
            try {
                if (!group.plan_error.empty()) throw std::runtime_error(group.plan_error);
                outcomes = runner.run_planned(group.cases, std::move(group.plans));
            } catch (const WorkspaceViolation&) {
                throw;
            } catch (const std::exception& e) {
                std::lock_guard lock(shared_.mutex);
                ++shared_.stats.tool_errors;
                if (shared_.options.verbosity > 0)
                    fmt::print(stderr, "eriq: internal error: {}\n", e.what());
                continue;
            }
            for (std::size_t i = 0; i < std::min(outcomes.size(), group.cases.size()); ++i) {
                record(group.cases[i], outcomes[i]);
                if (outcomes[i].verdict == Verdict::Discarded &&
                    outcomes[i].discard_kind == kTimeout)
                    ++timeouts;
            }
            if (!outcomes.empty() && outcomes.back().verdict == Verdict::ServerFault) {
                reconnect();
                return;  // a new round: the server may have lost D
            }
        }
    }

    // Counts a generation attempt; false when it failed. A campaign whose generation
    // keeps failing is stopped (CampaignShared::stalled).
    bool record_generation(bool failed) {
        std::lock_guard lock(shared_.mutex);
        if (failed) ++shared_.stats.generation_failures;
        if (auto why = shared_.generation_health.record(failed); why && !shared_.stalled) {
            shared_.generation_stalled = *why;
            shared_.stalled.store(true);
        }
        return !failed;
    }

    // Takes cases from the shared --cases budget; trims the group to what is left.
    bool claim(PreparedGroup& group) {
        const auto n = static_cast<std::int64_t>(group.cases.size());
        const std::int64_t before = shared_.cases_claimed.fetch_add(n);
        const std::int64_t max = shared_.options.max_cases;
        if (max < 0) return true;
        if (before >= max) return false;
        if (before + n > max) {
            group.cases.resize(static_cast<std::size_t>(max - before));
            group.plans.resize(std::min(group.plans.size(), group.cases.size()));
        }
        return true;
    }

    void record(const TestCase& tc, const CaseOutcome& outcome) {
        // Cut short because the campaign is stopping: it was not really run.
        if (outcome.verdict == Verdict::Discarded && outcome.discard_kind == kInterrupted) return;
        const bool report =
            outcome.verdict == Verdict::Inconsistent || outcome.verdict == Verdict::ServerFault;
        const bool check_benign = outcome.verdict == Verdict::Benign && shared_.options.reduce;
        std::filesystem::path dir;
        if (report || check_benign) {
            TestCase pinned = with_variants_pinned(tc, outcome);
            const auto& profile = shared_.target.chosen_profile_statements;
            pinned.session.insert(pinned.session.begin(), profile.begin(), profile.end());
            if (report) {
                CaseOutcome shown = outcome;
                if (shown.verdict == Verdict::ServerFault)
                    shown.classification.pattern = "server_fault";
                dir = shared_.writer.write(pinned, shown, context());
            }
            // A server fault during the database's statements has no I and Q to reduce.
            if (shared_.options.reduce &&
                (outcome.verdict != Verdict::ServerFault || !tc.intermediate.empty()))
                pending_.push_back({dir, std::move(pinned), outcome});
        }
        std::lock_guard lock(shared_.mutex);
        shared_.stats.tally(outcome);
        if (outcome.verdict != Verdict::ServerFault) learn(tc, outcome);
        if (report && shared_.options.verbosity > 0)
            fmt::print(stderr, "\neriq: {} {} -> {}\n",
                       outcome.verdict == Verdict::ServerFault ? "server fault" : "finding",
                       outcome.verdict == Verdict::ServerFault ? outcome.discard_kind
                                                               : outcome.classification.pattern,
                       dir.string());
        if (!report && outcome.verdict == Verdict::Discarded && shared_.options.verbosity > 1)
            fmt::print(stderr, "eriq: discarded ({}): {}\n", outcome.discard_kind,
                       outcome.variants.empty() ? "" : outcome.variants.back().error);
    }

    void say(const std::string& line) {
        std::lock_guard lock(shared_.mutex);
        fmt::print(stderr, "{}", line);
    }

    // Reduces the findings of the round just run (its database is no longer needed), one
    // per SQL signature: repeats of a finding reduce to the same group.
    void reduce_pending() {
        std::vector<PendingReduction> pending = std::move(pending_);
        pending_.clear();
        for (PendingReduction& p : pending) {
            // --cases bounds generation, not the reduction of what the last round found.
            if (shared_.stop.load() || shared_.past_deadline() || !backend_) return;
            const std::string signature = finding_signature(p.tc, p.outcome);
            if (!reduced_signatures_.insert(signature).second) continue;
            ReductionBudget budget{shared_.options.reduce_tests, shared_.options.reduce_time,
                                   &shared_.stop};
            try {
                if (p.outcome.verdict == Verdict::Benign) {
                    if (!check_benign(p, budget)) return;
                    continue;
                }
                if (p.outcome.verdict == Verdict::ServerFault) {
                    if (!reduce_fault(p)) return;
                    continue;
                }
                const Reconnect back = [this] { return reconnect(), backend_.get(); };
                FindingReduction r =
                    reduce_finding(*backend_, shared_.target.dialect, shared_.target.rules, p.tc,
                                   p.outcome, budget, {}, &shared_.generator, back);
                if (r.fault_case) {
                    // The server failed under a reduction candidate: a finding of its own
                    // (or a server killed from outside), counted like any server fault. A
                    // reduction stopped there leaves no live connection.
                    record(*r.fault_case, r.fault_outcome);
                    if (r.stopped_by_fault) {
                        if (backend_) reconnect();
                        if (!backend_) return;
                        continue;
                    }
                }
                if (!same_finding(p.outcome, r.outcome)) {  // flaky, or interrupted
                    // Said, or triage lists it apart from its relatives with no hint why.
                    if (shared_.options.verbosity > 0 && !shared_.past_deadline())
                        say(not_reduced_message(p.dir.filename().string(), r.outcome,
                                                r.stats.tests));
                    continue;
                }
                ReportContext ctx = context();
                shared_.writer.write_reduced(p.dir, r.reduced, r.outcome, ctx, reduction_facts(r));
                if (shared_.options.verbosity > 0)
                    say(reduced_message(p.dir.filename().string(), "", p.tc, r.reduced,
                                        r.stats.tests, r.stats.seconds));
            } catch (const WorkspaceViolation&) {
                throw;
            } catch (const std::exception& e) {
                if (shared_.options.verbosity > 0)
                    fmt::print(stderr, "\neriq: could not reduce {}: {}\n",
                               p.dir.filename().string(), e.what());
                if (dynamic_cast<const BackendError*>(&e) &&
                    static_cast<const BackendError&>(e).server_fault) {
                    reconnect();
                    return;
                }
            }
        }
    }

    // Reduces a server fault of the round when the case alone makes the server fail again
    // (engine/campaign_crash.hpp), within --reduce-crash-time and what is left of --time.
    // False when the server did not come back.
    bool reduce_fault(const PendingReduction& p) {
        if (shared_.known_crashes.skip_reduction(p.outcome.crash_frames, p.dir.filename().string(),
                                                 shared_.options.verbosity > 0))
            return true;
        constexpr std::chrono::seconds kServerWait{60};
        const ReductionBudget budget{
            shared_.options.reduce_tests,
            std::min(shared_.options.reduce_crash_time, shared_.time_left()), &shared_.stop};
        shared_.attach_backend(id_, nullptr);  // the reduction replaces the connection
        CampaignCrashReduction c;
        {
            const CrashReductionMark mark(shared_);
            c = reduce_campaign_crash(backend_, shared_.target, spec_, p.tc, budget, kServerWait,
                                      &shared_.generator);
        }
        if (!backend_ && !connect()) return false;
        attach_log();
        shared_.attach_backend(id_, backend_.get());
        if (!c.reproduced || c.reduction.server_stayed_down) return true;
        CaseOutcome shown = c.reduction.outcome;
        shown.classification.pattern = "server_fault";
        const ReductionStats& stats = c.reduction.stats;
        shared_.writer.write_reduced(p.dir, c.reduction.reduced, shown, context(),
                                     {stats.seconds, stats.tests, false, {}, {}});
        if (shared_.options.verbosity > 0)
            say(reduced_message(p.dir.filename().string(), "server fault ", p.tc,
                                c.reduction.reduced, stats.tests, stats.seconds));
        return true;
    }

    // Writes `p` (a benign case) as a finding when its reduction is one that no [[benign]]
    // entry explains. False when the server failed and could not be reached again.
    bool check_benign(const PendingReduction& p, const ReductionBudget& budget) {
        const Target& t = shared_.target;
        BenignCheck c = check_benign_on_reduced(*backend_, t.dialect, t.rules, p.tc, p.outcome,
                                                budget, &shared_.generator);
        if (c.reduction.fault_case) {
            record(*c.reduction.fault_case, c.reduction.fault_outcome);
            reconnect();
            return backend_ != nullptr;
        }
        if (!c.masked) return true;
        const CaseOutcome shown = as_finding(p.outcome);
        const ReportContext ctx = context();
        const auto dir = shared_.writer.write(p.tc, shown, ctx);
        shared_.writer.write_reduced(dir, c.reduction.reduced, c.reduction.outcome, ctx,
                                     reduction_facts(c.reduction));
        std::lock_guard lock(shared_.mutex);
        shared_.stats.unmask(shown);
        if (shared_.options.verbosity > 0)
            fmt::print(stderr,
                       "\neriq: finding {} -> {} (a [[benign]] entry matched the case but not "
                       "its reduction)\n",
                       shown.classification.pattern, dir.string());
        return true;
    }

    // Feeds the generation stats and lowers the weight of what keeps failing. Caller holds the
    // mutex.
    void learn(const TestCase& tc, const CaseOutcome& outcome) {
        shared_.generation.record(tc.features, outcome.verdict == Verdict::Discarded);
        for (const auto& d : shared_.adaptive.review(shared_.generation, tc.features))
            if (shared_.options.verbosity > 0)
                fmt::print(stderr,
                           "\neriq: lowering the weight of {} {} x{} ({} of {} cases invalid)\n",
                           d.kind, d.name, d.factor, d.usage.invalid, d.usage.generated);
    }

    ReportContext context() {
        std::lock_guard lock(shared_.mutex);
        return report_context(shared_.target, shared_.server_version, spec_.redacted());
    }

    void attach_log() {
        if (log_.is_open()) backend_->set_statement_log(&log_);
    }

    // False when the campaign's budget ran out before a connection was made.
    bool connect() {
        backend_ = connect_with_backoff(shared_, spec_);
        if (!backend_) return false;
        attach_log();
        shared_.attach_backend(id_, backend_.get());
        return true;
    }

    void retire_backend() {
        if (!backend_) return;
        shared_.attach_backend(id_, nullptr);
        totals_.driver_seconds += backend_->driver_seconds();
        totals_.statements += backend_->statements();
        backend_.reset();
    }

    void reconnect() {
        retire_backend();
        if (!connect()) return;
        if (shared_.options.verbosity > 0)
            fmt::print(stderr, "eriq: worker {} reconnected to {} after a server fault\n", id_,
                       spec_.redacted());
    }

    CampaignShared& shared_;
    int id_;
    int jobs_;
    ConnectionSpec spec_;
    std::ofstream log_;
    std::unique_ptr<Backend> backend_;
    WorkerTotals totals_;
    std::vector<PendingReduction> pending_;     // findings of the round in progress
    std::set<std::string> reduced_signatures_;  // SQL signatures reduced already
};

}  // namespace

WorkerTotals run_worker(CampaignShared& shared, int id, int jobs) {
    return Worker(shared, id, jobs).run();
}

}  // namespace eriq
