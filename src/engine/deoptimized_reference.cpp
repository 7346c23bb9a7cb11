#include "engine/deoptimized_reference.hpp"

#include <algorithm>

#include "engine/finding_reducer.hpp"
#include "model/variant.hpp"

namespace eriq {

namespace {

bool failed(const Classification& c, const std::string& name) {
    return std::any_of(c.errors.begin(), c.errors.end(),
                       [&](const auto& e) { return e.first == name; });
}

bool is_deoptimized(const std::string& name) {
    return base_representation(name) != name &&
           name.size() > std::string(kDeoptimizedVariant).size() + 2 &&
           name.compare(name.size() - std::string(kDeoptimizedVariant).size() - 2,
                        std::string::npos, std::string("[") + kDeoptimizedVariant + "]") == 0;
}

}  // namespace

OptimizerVariant all_settings_off(const std::vector<OptimizerVariant>& variants) {
    OptimizerVariant all;
    all.name = kDeoptimizedVariant;
    for (const OptimizerVariant& v : variants) {
        all.setup.insert(all.setup.end(), v.setup.begin(), v.setup.end());
        all.teardown.insert(all.teardown.begin(), v.teardown.begin(), v.teardown.end());
        all.sqlite_optimizations_off |= v.sqlite_optimizations_off;
    }
    return all;
}

DeoptimizedReference read_deoptimized(const CaseOutcome& outcome,
                                      const std::vector<std::vector<std::string>>& groups) {
    DeoptimizedReference ref;
    ref.state = DeoptimizedReference::State::Failed;
    if (outcome.verdict != Verdict::Consistent && outcome.verdict != Verdict::Inconsistent &&
        outcome.verdict != Verdict::Benign)
        return ref;
    const Classification& c = outcome.classification;
    // The classification groups that hold a de-optimized form that ran.
    std::vector<std::size_t> holding;
    for (std::size_t i = 0; i < c.groups.size(); ++i)
        for (const std::string& name : c.groups[i])
            if (is_deoptimized(name) && !failed(c, name)) {
                holding.push_back(i);
                break;
            }
    if (outcome.verdict == Verdict::Consistent) {
        // Every form, original and de-optimized, gave one result: the finding did not show
        // again, so the run says nothing about its sides.
        ref.state = DeoptimizedReference::State::NotMeasured;
        return ref;
    }
    if (holding.empty()) return ref;
    if (holding.size() > 1) {
        ref.state = DeoptimizedReference::State::Split;
        for (std::size_t i : holding) {
            std::string part;
            for (const std::string& name : c.groups[i])
                if (is_deoptimized(name) && !failed(c, name))
                    part += (part.empty() ? "" : "=") + name;
            ref.split_pattern += (ref.split_pattern.empty() ? "" : "≠") + part;
        }
        return ref;
    }
    ref.state = DeoptimizedReference::State::OneResult;
    const auto& reference = c.groups[holding.front()];
    for (const auto& group : groups)
        for (const std::string& name : group)
            if (std::find(reference.begin(), reference.end(), name) != reference.end() &&
                !failed(c, name))
                ref.agrees_with.push_back(name);
    return ref;
}

DeoptimizedRun measure_deoptimized(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                   const TestCase& reduced,
                                   const std::vector<std::vector<std::string>>& groups) {
    DeoptimizedRun run;
    if (dialect.optimizer_variants.empty() && !dialect.deoptimized) {
        run.reference.state = DeoptimizedReference::State::NoSettings;
        return run;
    }
    Dialect deoptimizing = dialect;
    deoptimizing.optimizer_variants = {
        dialect.deoptimized ? *dialect.deoptimized : all_settings_off(dialect.optimizer_variants)};
    run.ran = reduced;
    run.ran.representations.clear();
    for (const std::string& name :
         representation_names(representations_for(rules, dialect), dialect))
        if (base_representation(name) == name) {
            run.ran.representations.push_back(name);
            run.ran.representations.push_back(name + "[" + kDeoptimizedVariant + "]");
        }
    run.outcome = run_case_alone(backend, deoptimizing, rules, run.ran, "deoptimized");
    if (run.outcome.verdict == Verdict::ServerFault) return run;
    run.reference = read_deoptimized(run.outcome, groups);
    return run;
}

}  // namespace eriq
