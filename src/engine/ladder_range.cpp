#include "engine/ladder_range.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace eriq {

std::vector<std::string> versions_with(const std::vector<RungResult>& results,
                                       RungOutcome outcome) {
    std::vector<std::string> out;
    for (const RungResult& r : results)
        if (r.outcome == outcome) out.push_back(r.version);
    return out;
}

std::string ladder_range(const std::vector<RungResult>& results) {
    std::vector<const RungResult*> ran;
    for (const RungResult& r : results)
        if (r.outcome != RungOutcome::Error) ran.push_back(&r);
    if (ran.empty()) return "no rung ran";
    const std::string span = fmt::format("({} .. {})", ran.front()->version, ran.back()->version);
    std::size_t first = ran.size();
    std::size_t last = 0;
    for (std::size_t i = 0; i < ran.size(); ++i) {
        if (ran[i]->outcome != RungOutcome::Reproduces) continue;
        if (first == ran.size()) first = i;
        last = i;
    }
    if (first == ran.size()) return "on no rung tried " + span;
    std::vector<std::string> gaps;
    for (std::size_t i = first; i <= last; ++i)
        if (ran[i]->outcome != RungOutcome::Reproduces) gaps.push_back(ran[i]->version);
    const std::string not_on =
        gaps.empty() ? "" : fmt::format(", not on {}", fmt::join(gaps, ", "));
    if (first == 0 && last + 1 == ran.size() && gaps.empty()) return "all tried " + span;
    std::string text = "since " + ran[first]->version;
    if (first == 0) text += " (the oldest tried)";
    if (last + 1 == ran.size())
        text += fmt::format(", still in {} (the newest tried)", ran[last]->version);
    else
        text += ", fixed in " + ran[last + 1]->version;
    return text + not_on;
}

}  // namespace eriq
