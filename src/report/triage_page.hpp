#pragma once
// The triage page: one self-contained HTML file (no scripts, no external resources) with
// charts of the campaigns' time series (progress.jsonl: cases per second, valid share,
// root-cause groups found over time) and, per group, its status, pattern, features, the
// smallest member's case and each representation's rows side by side, the rows outside
// the largest group of equal results highlighted.
#include <filesystem>
#include <string>
#include <vector>

#include "report/triage.hpp"

namespace eriq {

std::string triage_page(const Triage& t, const std::vector<std::filesystem::path>& out_dirs);

}  // namespace eriq
