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
// `known_bugs_dir` (found like the data files) and, for the others, the closest known bug.
Triage triage_folders(const std::vector<std::filesystem::path>& dirs,
                      const std::string& known_bugs_dir);

// The end of a campaign with findings: the groups of its output folder as `triage` prints
// them, on stderr. A folder that cannot be grouped is reported, never fatal to the campaign.
void print_campaign_groups(const std::filesystem::path& out);

// Exit code 0; throws LoadError for a malformed finding.toml or known-bug list.
int run_triage_command(const std::vector<std::string>& out_dirs, const std::string& known_bugs_dir,
                       bool json, const std::string& html_file);

}  // namespace eriq
