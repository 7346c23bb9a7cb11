#include "eriq_gen_shard_options.hpp"

#include <stdexcept>

#include <CLI/CLI.hpp>

#include "engine/shard_environment.hpp"

namespace eriq {

void add_shard_options(CLI::App& app, ShardFlags& flags) {
    app.add_option_function<std::string>(
           "--shard", [&flags](const std::string& v) { flags.shard = v; },
           "run shard K of N (K from 0 to N-1) of the seed's rounds, into OUT/shard-K/ with "
           "finding ids s<K>-...; default: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX; "
           "off: not sharded")
        ->type_name("K/N|off");
    app.add_option_function<std::string>(
           "--shard-count", [&flags](const std::string& v) { flags.count = v; },
           "the number of shards when K comes from the environment (JOB_COMPLETION_INDEX)")
        ->type_name("N");
}

std::optional<std::string> apply_shard_flags(const ShardFlags& flags, CommandLine& cl) {
    if (!cl.command.empty() || !cl.options.case_file.empty()) return std::nullopt;
    try {
        cl.options.shard = resolve_shard(flags.shard, flags.count, process_environment());
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return std::nullopt;
}

}  // namespace eriq
