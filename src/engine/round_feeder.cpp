#include "engine/round_feeder.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "engine/shard.hpp"
#include "engine/worker.hpp"

namespace eriq {
namespace {

// Rounds that may wait ready while the worker runs one.
constexpr std::size_t kReadyRounds = 1;

}  // namespace

RoundFeeder::RoundFeeder(CampaignShared& shared, int worker, bool threaded)
    : shared_(shared),
      worker_(worker),
      reps_(representations_for(shared.target.rules, shared.target.dialect)) {
    if (threaded) thread_ = std::thread([this] { produce(); });
}

RoundFeeder::~RoundFeeder() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

PreparedRound RoundFeeder::prepare(std::uint64_t round) {
    const dsl::Grammar& grammar = shared_.target.grammar;
    PreparedRound r;
    r.seed = round_seed(shared_.seed, shared_.options.shard, round);
    r.db = shared_.generator.database(r.seed);
    const int intermediates = static_cast<int>(grammar.knob("queries_per_database", 10));
    const int per_intermediate =
        std::max(1, static_cast<int>(grammar.knob("queries_per_intermediate", 3)));
    const int optimizer_variants = static_cast<int>(grammar.knob("optimizer_variants", 0));
    for (int k = 0; k < intermediates; ++k) {
        PreparedGroup& group = r.groups.emplace_back();
        group.cases = shared_.generator.generate_group(r.db, r.seed, k, per_intermediate);
        // Names repeat from round to round (each group's objects are dropped before the
        // next round runs), so the ledger of a long campaign stays small.
        const std::string tag = fmt::format("{}_{}", worker_, k);
        try {
            for (const TestCase& tc : group.cases)
                group.plans.push_back(
                    instantiate(reps_, shared_.target.dialect, tc, tag, optimizer_variants));
        } catch (const std::exception& e) {
            group.plan_error = e.what();
        }
    }
    return r;
}

std::optional<PreparedRound> RoundFeeder::next() {
    if (!thread_.joinable()) {
        if (shared_.out_of_budget()) return std::nullopt;
        return prepare(shared_.next_round.fetch_add(1));
    }
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !ready_.empty() || finished_; });
    if (ready_.empty()) {
        if (failure_) std::rethrow_exception(failure_);
        return std::nullopt;
    }
    PreparedRound r = std::move(ready_.front());
    ready_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return r;
}

void RoundFeeder::produce() {
    try {
        for (;;) {
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] { return ready_.size() < kReadyRounds || closing_; });
                if (closing_) break;
            }
            if (shared_.out_of_budget()) break;
            PreparedRound r = prepare(shared_.next_round.fetch_add(1));
            {
                std::lock_guard lock(mutex_);
                ready_.push_back(std::move(r));
            }
            changed_.notify_all();
        }
    } catch (...) {
        std::lock_guard lock(mutex_);
        failure_ = std::current_exception();
    }
    {
        std::lock_guard lock(mutex_);
        finished_ = true;
    }
    changed_.notify_all();
}

}  // namespace eriq
