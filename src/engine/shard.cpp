#include "engine/shard.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "gen/rng.hpp"
#include "util/strict_number.hpp"

namespace eriq {

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    const auto k =
        slash == std::string::npos ? std::nullopt : parse_decimal_unsigned(text.substr(0, slash));
    const auto n =
        slash == std::string::npos ? std::nullopt : parse_decimal_unsigned(text.substr(slash + 1));
    if (!k || !n)
        throw std::invalid_argument(
            fmt::format("'{}' is not K/N (shard K of N, K from 0 to N-1, or off)", text));
    if (*n < 1 || *n > kMaxShards)
        throw std::invalid_argument(
            fmt::format("{}: N must be 1 to {}, got {}", text, kMaxShards, *n));
    if (*k >= *n)
        throw std::invalid_argument(
            fmt::format("{}: K must be less than N (shards are numbered 0 to {})", text, *n - 1));
    return Shard{*k, *n, "--shard"};
}

std::uint64_t campaign_round(const std::optional<Shard>& shard, std::uint64_t round) {
    return shard ? round * shard->count + shard->index : round;
}

std::uint64_t round_seed(std::uint64_t seed, const std::optional<Shard>& shard,
                         std::uint64_t round) {
    return mix_seed(seed, campaign_round(shard, round));
}

std::string seed_stream(const std::optional<Shard>& shard) {
    if (!shard) return "mix_seed(seed, i)";
    return fmt::format("mix_seed(seed, {}*i + {})", shard->count, shard->index);
}

}  // namespace eriq
