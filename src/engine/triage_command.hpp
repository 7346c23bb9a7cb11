#pragma once
// eriq-gen triage OUT... [--json] [--html FILE] [--known-bugs DIR]: the root-cause groups of
// every finding in the given output folders and the shard folders they hold
// (report/shard_folders.hpp, report/triage.hpp), printed as text or JSON.
#include <string>
#include <vector>

namespace eriq {

// Exit code 0, or 1 when finding folders whose finding.toml does not load were left out (one
// line each on stderr); throws LoadError for a malformed known-bug list, std::invalid_argument
// for a --known-bugs that is no folder.
int run_triage_command(const std::vector<std::string>& out_dirs, const std::string& known_bugs_dir,
                       bool json, const std::string& html_file);

}  // namespace eriq
