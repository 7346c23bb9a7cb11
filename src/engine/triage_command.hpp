#pragma once
// eriq-gen triage OUT... [--json] [--html FILE] [--known-bugs DIR]: the root-cause groups of
// every finding in the given output folders and the shard folders they hold
// (report/shard_folders.hpp, report/triage.hpp), printed as text or JSON.
#include <filesystem>
#include <string>
#include <vector>

#include "report/triage.hpp"

namespace eriq {

// The groups of the findings in `dirs` and their shard folders, marked with the known bugs of
// `known_bugs_dir` (empty: known-bugs/, found like the data files, maybe missing; otherwise a
// folder that must exist) and, for the others, the closest known bug. Finding folders that do
// not load are left out and named in Triage::skipped.
Triage triage_folders(const std::vector<std::filesystem::path>& dirs,
                      const std::string& known_bugs_dir);

// The end of a campaign with findings: the groups of its output folder as `triage` prints
// them, on stderr. A folder that cannot be grouped is reported, never fatal to the campaign.
void print_campaign_groups(const std::filesystem::path& out);

// Exit code 0, or 1 when finding folders whose finding.toml does not load were left out (one
// line each on stderr); throws LoadError for a malformed known-bug list, std::invalid_argument
// for a --known-bugs that is no folder.
int run_triage_command(const std::vector<std::string>& out_dirs, const std::string& known_bugs_dir,
                       bool json, const std::string& html_file);

}  // namespace eriq
