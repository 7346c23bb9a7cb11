#pragma once
// Which shard this process is, from the command line or, when it does not say, from the
// batch scheduler's environment, so one job script serves every shard:
//   --shard K/N                  explicit; the environment is not read
//   --shard off                  no shard, whatever the environment says
//   SLURM_ARRAY_TASK_ID          a Slurm job array: K = (ID - SLURM_ARRAY_TASK_MIN) /
//                                SLURM_ARRAY_TASK_STEP, N = SLURM_ARRAY_TASK_COUNT; the
//                                indices must be evenly spaced (--array=1-8, 0-14:2)
//   JOB_COMPLETION_INDEX         a Kubernetes Indexed Job: K = the index, N = --shard-count
// --shard-count N alone takes K from the environment (and, with Slurm, must equal its count).
// An empty variable counts as unset.
#include <functional>
#include <optional>
#include <string>

#include "engine/shard.hpp"

namespace eriq {

// Returns a variable's value, or nullopt when it is not set.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string&)>;

// The process's own environment (getenv).
EnvironmentLookup process_environment();

// nullopt: not sharded. Throws std::invalid_argument with a one-line reason for a malformed
// flag or variable, an inconsistent combination, or --shard-count with no index to go with it.
std::optional<Shard> resolve_shard(const std::optional<std::string>& shard_flag,
                                   const std::optional<std::string>& count_flag,
                                   const EnvironmentLookup& environment);

}  // namespace eriq
