#include "engine/known_crash_sites.hpp"

#include <fmt/format.h>

#include "engine/data_path.hpp"
#include "report/group_signature.hpp"

namespace eriq {

KnownCrashSites::KnownCrashSites(const std::vector<KnownBug>& known, const std::string& dialect) {
    for (const KnownBug& b : known) {
        if (b.dialect != dialect || b.pattern != "server_fault") continue;
        bug_by_signature_[b.group_signature] = b.id;
        for (const std::string& s : b.also_signatures) bug_by_signature_[s] = b.id;
    }
}

KnownCrashSites::KnownCrashSites(const std::string& dialect)
    : KnownCrashSites(load_known_bugs(resolve_data_path("known-bugs")), dialect) {}

bool KnownCrashSites::skip_reduction(const std::vector<std::string>& frames,
                                     const std::string& finding, bool verbose) {
    const auto bug = bug_of(frames);
    if (!bug) return false;
    ++skipped_;
    if (verbose)
        fmt::print(stderr, "\neriq: server fault {} is the known crash {}: not reduced\n", finding,
                   *bug);
    return true;
}

std::optional<std::string> KnownCrashSites::bug_of(const std::vector<std::string>& frames) const {
    if (frames.empty()) return std::nullopt;
    const auto it = bug_by_signature_.find(crash_group_key(frames).signature);
    if (it == bug_by_signature_.end()) return std::nullopt;
    return it->second;
}

}  // namespace eriq
