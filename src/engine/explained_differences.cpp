#include "engine/explained_differences.hpp"

#include <algorithm>

#include "util/version_order.hpp"

namespace eriq {
namespace {

// Whether `b` lists the representation `name` runs: by its name (an optimizer variant such as
// VIEW[no_query_flattener]) or by the representation it varies (VIEW explains its variants).
bool explains(const BenignDifference& b, const std::string& name) {
    const auto& listed = b.representations;
    return std::find(listed.begin(), listed.end(), name) != listed.end() ||
           std::find(listed.begin(), listed.end(), base_representation(name)) != listed.end();
}

// A two-sided split with the listed representations on one side, perhaps joined there by
// representations whose side depends on Q (SQLite materializes a CTE that Q names twice, so
// the CTE then sides with the temporary table), and none of them on the other side.
bool listed_side(const BenignDifference& b, const Classification& c,
                 const std::set<std::string>& side_depends_on_q) {
    if (c.groups.size() != 2) return false;
    const auto listed = [&](const std::string& name) { return explains(b, name); };
    const auto listed_or_flexible = [&](const std::string& name) {
        return listed(name) || side_depends_on_q.count(base_representation(name)) > 0;
    };
    for (int s = 0; s < 2; ++s) {
        const auto& side = c.groups[static_cast<std::size_t>(s)];
        const auto& other = c.groups[static_cast<std::size_t>(1 - s)];
        if (std::any_of(side.begin(), side.end(), listed) &&
            std::all_of(side.begin(), side.end(), listed_or_flexible) &&
            std::none_of(other.begin(), other.end(), listed))
            return true;
    }
    return false;
}

// The entry's conditions on the case's I and data and on the target's release.
bool applies_to(const BenignDifference& b, const TestCase& tc, std::string_view target_version) {
    if (!b.before_version.empty() && !release_before(target_version, b.before_version))
        return false;
    if (!b.intermediate_regex.empty() && !b.intermediate_pattern.found_in(tc.intermediate))
        return false;
    if (b.rows_regex.empty()) return true;
    return std::any_of(tc.rows.begin(), tc.rows.end(),
                       [&](const std::string& row) { return b.rows_pattern.found_in(row); });
}

}  // namespace

const BenignDifference* matching_benign(const Dialect& dialect, const TestCase& tc,
                                        const Classification& c,
                                        const std::set<std::string>& side_depends_on_q,
                                        std::string_view target_version) {
    for (const auto& b : dialect.benign) {
        if (!b.pattern.found_in(tc.referencing) && !b.pattern.found_in(tc.intermediate) &&
            !b.pattern.found_in(tc.outer))
            continue;
        if (!applies_to(b, tc, target_version)) continue;
        bool explained = !c.minority.empty();
        for (const auto& name : c.minority)
            if (!explains(b, name)) explained = false;
        if (explained || listed_side(b, c, side_depends_on_q)) return &b;
    }
    return nullptr;
}

bool benign_needs_version(const Dialect& dialect) {
    return std::any_of(dialect.benign.begin(), dialect.benign.end(),
                       [](const BenignDifference& b) { return !b.before_version.empty(); });
}

const ExpectedError* matching_expected_error(const Dialect& dialect, const VariantOutcome& failed) {
    const std::string text = failed.error_kind + ": " + failed.error;
    for (const auto& e : dialect.expected_errors) {
        if (!e.representations.empty() &&
            std::find(e.representations.begin(), e.representations.end(),
                      base_representation(failed.variant.representation)) ==
                e.representations.end())
            continue;
        if (e.pattern.found_in(text)) return &e;
    }
    return nullptr;
}

}  // namespace eriq
