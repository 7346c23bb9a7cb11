#pragma once
// Shards: one campaign split over N processes (hosts, scheduler tasks) that never repeat
// each other's rounds. Round r of the unsharded campaign with seed S has the seed
// mix_seed(S, r). Shard K of N (0 <= K < N) runs the rounds K, K+N, K+2N, ...: its i-th
// round has the seed mix_seed(S, i*N + K). mix_seed is one-to-one in its index for a fixed
// seed (an odd multiplication, an xor and splitmix64's bijective finalizer), so the N
// shards of one seed draw pairwise disjoint round seeds, and together the same rounds
// as one unsharded run.
#include <cstdint>
#include <optional>
#include <string>

namespace eriq {

constexpr std::uint64_t kMaxShards = 1000000;

struct Shard {
    std::uint64_t index = 0;  // K, from 0
    std::uint64_t count = 1;  // N
    // Where K/N came from: "--shard", "SLURM_ARRAY_TASK_ID" or "JOB_COMPLETION_INDEX".
    std::string source = "--shard";
};

// Reads "K/N" (decimal, 0 <= K < N <= kMaxShards). Throws std::invalid_argument with the
// reason ("'3' is not K/N ...").
Shard parse_shard(const std::string& text);

// The index of the shard's `round`-th round in the unsharded round sequence (round*N + K);
// without a shard, `round` itself.
std::uint64_t campaign_round(const std::optional<Shard>& shard, std::uint64_t round);

// The seed of the shard's `round`-th round: mix_seed(seed, campaign_round(...)).
std::uint64_t round_seed(std::uint64_t seed, const std::optional<Shard>& shard,
                         std::uint64_t round);

// How the shard's round seeds are drawn, for summary.json: "mix_seed(seed, 4*i + 2)".
std::string seed_stream(const std::optional<Shard>& shard);

}  // namespace eriq
