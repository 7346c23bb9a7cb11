#include "engine/setting_dependence.hpp"

#include <algorithm>
#include <set>

#include "engine/finding_reducer.hpp"
#include "model/variant.hpp"

namespace eriq {

namespace {

// The index of the classification group holding `name`, or -1. A group of a failed
// representation (one with an error) counts as absent.
int group_of(const Classification& c, const std::string& name) {
    for (std::size_t i = 0; i < c.groups.size(); ++i) {
        const auto& group = c.groups[i];
        if (std::find(group.begin(), group.end(), name) == group.end()) continue;
        const bool failed = std::any_of(c.errors.begin(), c.errors.end(),
                                        [&](const auto& e) { return e.first == group.front(); });
        return failed ? -1 : static_cast<int>(i);
    }
    return -1;
}

}  // namespace

std::vector<std::string> settings_that_move_sides(const CaseOutcome& outcome) {
    const Classification& c = outcome.classification;
    std::set<std::string> moving;
    for (const auto& group : c.groups)
        for (const std::string& name : group) {
            const std::string base = base_representation(name);
            if (base == name) continue;
            const int own = group_of(c, name);
            const int of_base = group_of(c, base);
            if (own < 0 || of_base < 0 || own == of_base) continue;
            // "VIEW[derived_merge=off]" -> "derived_merge=off"
            moving.insert(name.substr(base.size() + 1, name.size() - base.size() - 2));
        }
    return {moving.begin(), moving.end()};
}

SettingDependence measure_setting_dependence(Backend& backend, const Dialect& dialect,
                                             const RuleSet& rules, const TestCase& reduced) {
    SettingDependence out;
    if (dialect.optimizer_variants.empty()) return out;
    out.all_variants = reduced;
    out.all_variants.representations =
        representation_names(representations_for(rules, dialect), dialect);
    out.outcome = run_case_alone(backend, dialect, rules, out.all_variants, "settings");
    if (out.outcome.verdict != Verdict::Inconsistent) return out;
    out.measured = true;
    out.settings = settings_that_move_sides(out.outcome);
    return out;
}

}  // namespace eriq
