#include <cctype>

#include "rules/placeholders.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

std::vector<Representation> representations_for(const RuleSet& rules, const Dialect& dialect) {
    std::vector<Representation> out;
    for (Representation rep : rules.representations) {
        bool available = true;
        for (const auto& cap : rep.requires_capabilities) available = available && dialect.has(cap);
        auto it = dialect.representations.find(rep.name);
        if (it != dialect.representations.end()) {
            const RepresentationSpelling& s = it->second;
            if (s.disabled && *s.disabled) available = false;
            if (s.setup) rep.setup = *s.setup;
            if (s.x) rep.x = *s.x;
            if (s.query) rep.query = *s.query;
            if (s.teardown) rep.teardown = *s.teardown;
        }
        if (available) out.push_back(std::move(rep));
    }
    return out;
}

VariantPlan instantiate(const std::vector<Representation>& reps, const Dialect& dialect,
                        const TestCase& tc, const std::string& tag) {
    VariantPlan plan;
    for (const auto& rep : reps) {
        if (rep.skip_when && tc.x_references > rep.skip_when->x_references_over &&
            dialect.has(rep.skip_when->capability)) {
            plan.skipped.push_back(rep.name);
            continue;
        }
        std::string lower;
        for (char c : rep.name)
            lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        const std::string name = "eriq_" + lower + "_" + tag;
        auto fill = [&](const std::string& tmpl) {
            return fill_placeholders(tmpl, {{"name", name}, {"I", tc.intermediate}});
        };
        const std::string q =
            replace_x_references(tc.referencing, fill(rep.x), dialect.driver == "mysql");
        Variant v;
        v.representation = rep.name;
        for (const auto& s : rep.setup) v.setup.push_back(fill(s));
        v.query = fill_placeholders(rep.query, {{"name", name}, {"I", tc.intermediate}, {"Q", q}});
        for (const auto& s : rep.teardown) v.teardown.push_back(fill(s));
        plan.variants.push_back(std::move(v));
    }
    return plan;
}

}  // namespace eriq
