#pragma once
// eriq-gen's --shard K/N|off and --shard-count N, and the shard they and the scheduler's
// environment give a campaign (engine/shard_environment.hpp).
#include <optional>
#include <string>

#include "eriq_gen_command_line.hpp"

namespace CLI {
class App;
}

namespace eriq {

struct ShardFlags {
    std::optional<std::string> shard;
    std::optional<std::string> count;
};

void add_shard_options(CLI::App& app, ShardFlags& flags);

// Sets cl.options.shard for a campaign or a --dry-run (other commands ignore shards).
// Returns the usage error, without the "eriq-gen: " prefix, when the flags or the
// environment are malformed or inconsistent.
std::optional<std::string> apply_shard_flags(const ShardFlags& flags, CommandLine& cl);

}  // namespace eriq
