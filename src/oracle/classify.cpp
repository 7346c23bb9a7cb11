#include "oracle/classify.hpp"

#include <algorithm>
#include <cstddef>

namespace eriq {

namespace {

constexpr const char* kNotEqual = "\u2260";  // ≠

std::string join(const std::vector<std::string>& names, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += separator;
        out += names[i];
    }
    return out;
}

// Indices into `results`, grouped by `same`, in order of first appearance.
template <class Same>
std::vector<std::vector<std::size_t>> group_equal_results(const std::vector<NamedResult>& results,
                                                          Same same) {
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < results.size(); ++i) {
        auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) {
            return same(results[g.front()], results[i]);
        });
        if (group == groups.end()) {
            groups.push_back({i});
        } else {
            group->push_back(i);
        }
    }
    return groups;
}

}  // namespace

bool same_multiset(const NormResult& a, const NormResult& b) {
    if (a.rows.size() != b.rows.size()) return false;
    const bool sorted = std::is_sorted(a.rows.begin(), a.rows.end()) &&
                        std::is_sorted(b.rows.begin(), b.rows.end());
    if (sorted) return a.rows == b.rows;
    // Tolerate results built without normalize(): compare sorted copies.
    auto left = a.rows;
    auto right = b.rows;
    std::sort(left.begin(), left.end());
    std::sort(right.begin(), right.end());
    return left == right;
}

Classification classify(const std::vector<NamedResult>& results,
                        const std::vector<std::string>& skipped, bool ordered) {
    auto index_groups =
        group_equal_results(results, [](const NamedResult& a, const NamedResult& b) {
            return same_multiset(a.result, b.result);
        });
    const bool order_only = ordered && index_groups.size() == 1;
    if (order_only)
        index_groups = group_equal_results(
            results, [](const NamedResult& a, const NamedResult& b) { return a.order == b.order; });
    std::stable_sort(index_groups.begin(), index_groups.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });

    Classification c;
    for (const auto& indices : index_groups) {
        std::vector<std::string> names;
        for (const std::size_t i : indices) names.push_back(results[i].name);
        c.groups.push_back(std::move(names));
    }
    if (results.size() < 2 || c.groups.size() < 2) return c;

    c.consistent = false;
    c.order_only = order_only;
    const bool all_different = c.groups.size() == results.size() && results.size() >= 3;
    if (all_different) {
        c.pattern = "all_diff";
        for (const auto& result : results) c.minority.push_back(result.name);
    } else {
        std::vector<std::string> group_texts;
        for (const auto& names : c.groups) group_texts.push_back(join(names, "="));
        c.pattern = join(group_texts, kNotEqual);
        for (std::size_t g = 1; g < c.groups.size(); ++g) {
            c.minority.insert(c.minority.end(), c.groups[g].begin(), c.groups[g].end());
        }
    }
    if (order_only) c.pattern += " (order)";
    for (const auto& name : skipped) c.pattern += "(" + name + "_SKIP)";
    return c;
}

void add_failed_representations(Classification& c, const std::vector<FailedRepresentation>& failed,
                                const std::vector<std::string>& skipped) {
    if (failed.empty()) return;
    std::vector<std::string> names;
    std::vector<std::string> kinds;
    for (const auto& f : failed) {
        names.push_back(f.name);
        c.errors.emplace_back(f.name, f.error_kind);
        auto kind = std::find(kinds.begin(), kinds.end(), f.error_kind);
        if (kind == kinds.end()) {
            kinds.push_back(f.error_kind);
            c.groups.push_back({f.name});
        } else {
            c.groups[c.groups.size() - kinds.size() +
                     static_cast<std::size_t>(kind - kinds.begin())]
                .push_back(f.name);
        }
    }
    std::sort(c.errors.begin(), c.errors.end());
    std::string skip_suffix;
    for (const auto& name : skipped) skip_suffix += "(" + name + "_SKIP)";
    if (c.pattern.ends_with(skip_suffix)) c.pattern.resize(c.pattern.size() - skip_suffix.size());
    if (c.consistent) {
        c.pattern = "error_only_in_" + join(names, "+");
    } else {
        c.pattern += std::string(kNotEqual) + "error_in_" + join(names, "+");
    }
    c.pattern += skip_suffix;
    c.consistent = false;
    c.minority.insert(c.minority.end(), names.begin(), names.end());
}

}  // namespace eriq
