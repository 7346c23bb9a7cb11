#include "report/known_bug_resemblance.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace eriq {

namespace {

std::vector<std::string> split_text(const std::string& text, const std::string& separator) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = text.find(separator, start);
        out.push_back(text.substr(start, at - start));
        if (at == std::string::npos) return out;
        start = at + separator.size();
    }
}

std::string pattern_of(const std::vector<std::string>& features) {
    for (const auto& f : features)
        if (f.starts_with("pattern:")) return f.substr(8);
    return {};
}

std::set<std::string> without_pattern(const std::vector<std::string>& features) {
    std::set<std::string> out;
    for (const auto& f : features)
        if (!f.starts_with("pattern:")) out.insert(f);
    return out;
}

}  // namespace

std::vector<std::vector<std::string>> split_of(const std::string& pattern) {
    // Skipped representations ("(VIEW_SKIP)") and the order-only mark are not sides.
    std::string text;
    int depth = 0;
    for (char c : pattern) {
        depth += c == '(' ? 1 : 0;
        if (depth == 0 && c != ' ') text += c;
        depth -= c == ')' && depth > 0 ? 1 : 0;
    }
    if (text.starts_with("error_only_in_")) return {{text}};
    std::vector<std::vector<std::string>> sides;
    if (pattern.find(" (order)") != std::string::npos) sides.push_back({"(order)"});
    for (const std::string& side : split_text(text, "\u2260")) {
        std::vector<std::string> names;
        for (const std::string& name : split_text(side.substr(0, side.find('!')), "="))
            if (!name.empty() && name.find('[') == std::string::npos) names.push_back(name);
        std::sort(names.begin(), names.end());
        if (!names.empty()) sides.push_back(std::move(names));
    }
    std::sort(sides.begin(), sides.end());
    return sides;
}

bool same_split(const std::vector<std::vector<std::string>>& a,
                const std::vector<std::vector<std::string>>& b) {
    const auto error_only = [](const std::vector<std::vector<std::string>>& split) {
        return split.size() == 1 && split.front().front().starts_with("error_only_in_");
    };
    if (error_only(a) || error_only(b)) return a == b;
    std::set<std::string> in_a, in_b;
    for (const auto& side : a) in_a.insert(side.begin(), side.end());
    for (const auto& side : b) in_b.insert(side.begin(), side.end());
    const auto restrict = [](const std::vector<std::vector<std::string>>& split,
                             const std::set<std::string>& keep) {
        std::vector<std::vector<std::string>> out;
        for (const auto& side : split) {
            std::vector<std::string> names;
            for (const auto& name : side)
                if (keep.count(name)) names.push_back(name);
            if (!names.empty()) out.push_back(std::move(names));
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    const auto restricted_a = restrict(a, in_b);
    return restricted_a.size() > 1 && restricted_a == restrict(b, in_a);
}

std::optional<Resemblance> nearest_known_bug(const TriageGroup& g,
                                             const std::vector<KnownBug>& known, double min_share) {
    if (!g.known_id.empty() || !g.crash_frames.empty()) return std::nullopt;
    const std::string pattern = pattern_of(g.features);
    if (pattern.empty() || pattern == "server_fault") return std::nullopt;
    const auto split = split_of(pattern);
    const std::set<std::string> features = without_pattern(g.features);
    // A feature counts by how rare it is among the dialect's known bugs (inverse document
    // frequency): sharing `type:int` or `q:construct:WHERE`, which half of them have, says
    // little; sharing `function:MD5` says much. Plain counting named a known bug for every
    // seed-36 MariaDB group that was a new bug.
    std::map<std::string, int> bugs_with;
    int bugs = 0;
    for (const KnownBug& b : known) {
        if (b.dialect != g.dialect || b.case_features.empty()) continue;
        ++bugs;
        for (const auto& f : without_pattern(b.case_features)) ++bugs_with[f];
    }
    const auto weight = [&](const std::string& f) {
        auto it = bugs_with.find(f);
        return std::log((bugs + 1.0) / ((it == bugs_with.end() ? 0 : it->second) + 1.0));
    };
    constexpr double kSplitWeight = 1.0;
    std::optional<Resemblance> best;
    for (const KnownBug& b : known) {
        if (b.dialect != g.dialect || b.case_features.empty()) continue;
        const std::set<std::string> theirs = without_pattern(b.case_features);
        const bool split_agrees = same_split(split, split_of(b.pattern));
        Resemblance r{b.id, split_agrees ? 1u : 0u, 1, split_agrees ? kSplitWeight : 0};
        double either = kSplitWeight;
        for (const auto& f : features) {
            either += weight(f);
            ++r.of;
            if (!theirs.count(f)) continue;
            r.shared_weight += weight(f);
            ++r.shared;
        }
        for (const auto& f : theirs) {
            if (features.count(f)) continue;
            either += weight(f);
            ++r.of;
        }
        r.share = r.shared_weight / either;
        if (r.share < min_share) continue;
        if (!best || r.share > best->share) best = r;  // ties go to the earlier entry
    }
    return best;
}

void mark_resemblances(Triage& t, const std::vector<KnownBug>& known) {
    for (TriageGroup& g : t.groups) g.resembles = nearest_known_bug(g, known);
}

}  // namespace eriq
