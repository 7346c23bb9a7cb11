#include "engine/shard_environment.hpp"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "util/strict_number.hpp"

namespace eriq {
namespace {

constexpr const char* kSlurmId = "SLURM_ARRAY_TASK_ID";
constexpr const char* kSlurmCount = "SLURM_ARRAY_TASK_COUNT";
constexpr const char* kSlurmMin = "SLURM_ARRAY_TASK_MIN";
constexpr const char* kSlurmMax = "SLURM_ARRAY_TASK_MAX";
constexpr const char* kSlurmStep = "SLURM_ARRAY_TASK_STEP";
constexpr const char* kKubernetesIndex = "JOB_COMPLETION_INDEX";

std::uint64_t whole_number(const std::string& name, const std::string& text) {
    const auto value = parse_decimal_unsigned(text);
    if (!value)
        throw std::invalid_argument(fmt::format("{}: '{}' is not a whole number", name, text));
    return *value;
}

std::uint64_t shard_count(const std::string& name, const std::string& text) {
    const std::uint64_t n = whole_number(name, text);
    if (n < 1 || n > kMaxShards)
        throw std::invalid_argument(
            fmt::format("{}: {} is out of range (expected 1 to {})", name, n, kMaxShards));
    return n;
}

class Environment {
  public:
    explicit Environment(const EnvironmentLookup& lookup) : lookup_(lookup) {}
    // The value, or nullopt when unset or empty.
    std::optional<std::string> get(const std::string& name) const {
        auto value = lookup_(name);
        if (value && value->empty()) return std::nullopt;
        return value;
    }
    std::optional<std::uint64_t> number(const std::string& name) const {
        const auto text = get(name);
        if (!text) return std::nullopt;
        return whole_number(name, *text);
    }

  private:
    const EnvironmentLookup& lookup_;
};

Shard slurm_shard(const Environment& env, const std::optional<std::uint64_t>& count_flag) {
    const std::uint64_t id = *env.number(kSlurmId);
    const auto count_text = env.get(kSlurmCount);
    if (!count_text)
        throw std::invalid_argument(fmt::format(
            "{} is set but {} is not: give --shard K/N (or --shard off)", kSlurmId, kSlurmCount));
    const std::uint64_t count = shard_count(kSlurmCount, *count_text);
    if (count_flag && *count_flag != count)
        throw std::invalid_argument(
            fmt::format("--shard-count {} disagrees with {}={}", *count_flag, kSlurmCount, count));
    const std::uint64_t min = env.number(kSlurmMin).value_or(0);
    const std::uint64_t step = env.number(kSlurmStep).value_or(1);
    const auto max = env.number(kSlurmMax);
    const bool spaced = step >= 1 && id >= min && (id - min) % step == 0 &&
                        (id - min) / step < count && (!max || *max == min + (count - 1) * step);
    if (!spaced)
        throw std::invalid_argument(fmt::format(
            "{}={} is not in an evenly spaced array of {} tasks from {} (step {}{}): give "
            "--shard K/N",
            kSlurmId, id, count, min, step, max ? fmt::format(", max {}", *max) : ""));
    return Shard{(id - min) / step, count, kSlurmId};
}

Shard kubernetes_shard(const Environment& env, const std::optional<std::uint64_t>& count_flag) {
    const std::uint64_t index = *env.number(kKubernetesIndex);
    if (!count_flag)
        throw std::invalid_argument(
            fmt::format("{} is set but the shard count is not: give --shard-count N (the "
                        "Indexed Job's completions), or --shard off",
                        kKubernetesIndex));
    if (index >= *count_flag)
        throw std::invalid_argument(fmt::format("{}={} is not below --shard-count {}",
                                                kKubernetesIndex, index, *count_flag));
    return Shard{index, *count_flag, kKubernetesIndex};
}

}  // namespace

EnvironmentLookup process_environment() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        if (!value) return std::nullopt;
        return std::string(value);
    };
}

std::optional<Shard> resolve_shard(const std::optional<std::string>& shard_flag,
                                   const std::optional<std::string>& count_flag,
                                   const EnvironmentLookup& environment) {
    if (shard_flag && count_flag)
        throw std::invalid_argument(
            "--shard and --shard-count exclude each other (--shard-count takes K from the "
            "environment)");
    if (shard_flag) {
        if (*shard_flag == "off") return std::nullopt;
        try {
            return parse_shard(*shard_flag);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(fmt::format("--shard: {}", e.what()));
        }
    }
    std::optional<std::uint64_t> count;
    if (count_flag) count = shard_count("--shard-count", *count_flag);
    const Environment env(environment);
    if (env.get(kSlurmId)) return slurm_shard(env, count);
    if (env.get(kKubernetesIndex)) return kubernetes_shard(env, count);
    if (count)
        throw std::invalid_argument(
            fmt::format("--shard-count needs {} or {} in the environment; give --shard K/N instead",
                        kSlurmId, kKubernetesIndex));
    return std::nullopt;
}

}  // namespace eriq
