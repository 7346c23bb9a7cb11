#pragma once
// The subcommands that work on finding folders a campaign wrote:
//   eriq-gen reduce DIR...   reduce each finding on the target (same groups), write DIR/reduced/
//   eriq-gen replay DIR...   run each finding (or case file) on the target and say whether it
//                            reproduces (--ladder: on every rung, engine/ladder_replay.hpp),
//                            once per --driver-library when several are given (SQLite)
// The target is the finding's dialect (from its case.toml) unless --dialect is given, on
// --connect or the dialect's default connection.
#include <string>
#include <vector>

#include "engine/options.hpp"

namespace eriq {

// Exit code: 0 when every finding was reduced, 1 when one did not reproduce.
int run_reduce_command(RunOptions options, bool dialect_given,
                       const std::vector<std::string>& dirs);

// Prints one line per finding and library: the verdict ("reproduces: PATTERN", "does not
// reproduce: ...", "reproduces with other groups: ..."), the version and the library file.
// Exit code 0 when every run completed, whatever it showed; errors are thrown.
int run_replay_command(RunOptions options, bool dialect_given,
                       const std::vector<std::string>& dirs);

}  // namespace eriq
