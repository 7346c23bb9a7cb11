#include <algorithm>
#include <cctype>

#include "rules/placeholders.hpp"
#include "rules/rule_set.hpp"

namespace eriq {
namespace {

bool applies_to(const OptimizerVariant& v, const std::string& representation) {
    return v.representations.empty() ||
           std::find(v.representations.begin(), v.representations.end(), representation) !=
               v.representations.end();
}

std::string variant_name(const std::string& representation, const OptimizerVariant& v) {
    return representation + "[" + v.name + "]";
}

// splitmix64: the case's own stream of draws for choosing its variants.
std::uint64_t next_draw(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void add_optimizer_variants(VariantPlan& plan, const Dialect& dialect, const TestCase& tc,
                            int wanted) {
    struct Candidate {
        const Variant* base;
        const OptimizerVariant* setting;
    };
    std::vector<Candidate> candidates;
    const std::size_t base_count = plan.variants.size();
    for (std::size_t i = 0; i < base_count; ++i)
        for (const auto& v : dialect.optimizer_variants)
            if (applies_to(v, plan.variants[i].representation))
                candidates.push_back({&plan.variants[i], &v});
    std::vector<Candidate> chosen;
    if (!tc.representations.empty()) {
        for (const Candidate& c : candidates)
            if (std::find(tc.representations.begin(), tc.representations.end(),
                          variant_name(c.base->representation, *c.setting)) !=
                tc.representations.end())
                chosen.push_back(c);
    } else {
        std::uint64_t state = tc.seed * 0x100000001b3ULL ^
                              (static_cast<std::uint64_t>(tc.index) << 32) ^
                              static_cast<std::uint64_t>(tc.query_index);
        while (wanted-- > 0 && !candidates.empty()) {
            const std::size_t pick = next_draw(state) % candidates.size();
            chosen.push_back(candidates[pick]);
            candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(pick));
        }
    }
    std::vector<Variant> added;
    for (const Candidate& c : chosen) {
        Variant v;
        v.representation = variant_name(c.base->representation, *c.setting);
        // The base's objects serve the variant: run_planned sets them up once, for the base;
        // the copies here make the variant's reproducer complete.
        v.setup = c.base->setup;
        v.query = c.base->query;
        v.teardown = c.base->teardown;
        v.session_setup = c.setting->setup;
        v.session_teardown = c.setting->teardown;
        v.sqlite_optimizations_off = c.setting->sqlite_optimizations_off;
        added.push_back(std::move(v));
    }
    for (auto& v : added) plan.variants.push_back(std::move(v));
}

}  // namespace

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
                        const TestCase& tc, const std::string& tag, int optimizer_variants) {
    VariantPlan plan;
    auto chosen = [&](const std::string& name) {
        return tc.representations.empty() ||
               std::find(tc.representations.begin(), tc.representations.end(), name) !=
                   tc.representations.end();
    };
    for (const auto& rep : reps) {
        if (!chosen(rep.name)) continue;
        const bool skipped_by_rule = rep.skip_when &&
                                     tc.x_references > rep.skip_when->x_references_over &&
                                     dialect.has(rep.skip_when->capability);
        const bool skipped_by_case =
            std::find(tc.skip_representations.begin(), tc.skip_representations.end(), rep.name) !=
            tc.skip_representations.end();
        if (skipped_by_rule || skipped_by_case || (!tc.outer.empty() && !rep.correlated)) {
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
        const std::string q = replace_x_references(tc.referencing, fill(rep.x), dialect.gate.lexis);
        Variant v;
        v.representation = rep.name;
        for (const auto& s : rep.setup) v.setup.push_back(fill(s));
        v.query = fill_placeholders(rep.query, {{"name", name}, {"I", tc.intermediate}, {"Q", q}});
        if (!tc.outer.empty())
            v.query = replace_references(tc.outer, "{Q}", v.query, dialect.gate.lexis);
        for (const auto& s : rep.teardown) v.teardown.push_back(fill(s));
        plan.variants.push_back(std::move(v));
    }
    add_optimizer_variants(plan, dialect, tc, optimizer_variants);
    return plan;
}

std::vector<std::string> representation_names(const std::vector<Representation>& reps,
                                              const Dialect& dialect) {
    std::vector<std::string> names;
    for (const auto& rep : reps) names.push_back(rep.name);
    for (const auto& rep : reps)
        for (const auto& v : dialect.optimizer_variants)
            if (applies_to(v, rep.name)) names.push_back(variant_name(rep.name, v));
    return names;
}

}  // namespace eriq
