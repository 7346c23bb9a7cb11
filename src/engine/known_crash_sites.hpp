#pragma once
// The crash sites the known-bug lists name (entries whose pattern is server_fault): a
// campaign that meets one again records the fault but does not reduce it, so a known crash
// stops costing server restarts and reduction time. A server fault is grouped by its crash
// site alone (report/group_signature.hpp, crash_group_key), so the unreduced fault's group is
// already the one the list names.
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/triage.hpp"

namespace eriq {

class KnownCrashSites {
  public:
    // The crash-site signatures of `dialect`'s entries in `known`.
    KnownCrashSites(const std::vector<KnownBug>& known, const std::string& dialect);
    // Those of the known-bugs/ folder found like the dialect files (none when it is missing).
    explicit KnownCrashSites(const std::string& dialect);

    // The known bug a crash with these frames (innermost first) is, if listed.
    std::optional<std::string> bug_of(const std::vector<std::string>& frames) const;

    // Whether a campaign's server fault of `finding` with these frames is at a known crash
    // site: then it is counted, said (when `verbose`) and not reduced.
    bool skip_reduction(const std::vector<std::string>& frames, const std::string& finding,
                        bool verbose);
    std::int64_t skipped() const { return skipped_.load(); }

  private:
    std::map<std::string, std::string> bug_by_signature_;
    std::atomic<std::int64_t> skipped_{0};
};

}  // namespace eriq
