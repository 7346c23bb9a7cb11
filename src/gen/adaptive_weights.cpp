#include "gen/adaptive_weights.hpp"

namespace eriq {

AdaptiveWeights::AdaptiveWeights(const GrammarIndex& index, const dsl::Grammar& g)
    : index_(index),
      alternatives_(std::make_unique<std::atomic<double>[]>(
          static_cast<std::size_t>(index.alternative_count))),
      functions_(std::make_unique<std::atomic<double>[]>(index.function_names.size())),
      production_lowered_(index.production_names.size(), false),
      function_lowered_(index.function_names.size(), false),
      min_cases_(g.knob("adapt_min_cases", 100)),
      invalid_share_(g.knob("adapt_invalid_share", 0.25)),
      factor_(g.knob("adapt_factor", 0.2)) {
    for (int i = 0; i < index.alternative_count; ++i)
        alternatives_[static_cast<std::size_t>(i)] = 1.0;
    for (std::size_t i = 0; i < index.function_names.size(); ++i) functions_[i] = 1.0;
}

bool AdaptiveWeights::failing(const UsageCount& usage, const UsageCount& totals) const {
    if (factor_ >= 1 || static_cast<double>(usage.generated) < min_cases_) return false;
    const double share = usage.invalid_share();
    return share >= invalid_share_ && share >= 2 * totals.invalid_share();
}

std::vector<DownWeight> AdaptiveWeights::review(const GenerationStats& stats,
                                                const CaseFeatures& used) {
    std::vector<DownWeight> now;
    const UsageCount& totals = stats.totals();
    for (int id : used.productions) {
        const auto i = static_cast<std::size_t>(id);
        if (production_lowered_[i] || !failing(stats.production(id), totals)) continue;
        production_lowered_[i] = true;
        for (int alt : index_.alternatives_naming[i]) {
            auto& f = alternatives_[static_cast<std::size_t>(alt)];
            f.store(f.load() * factor_);
        }
        now.push_back({"production", index_.production_names[i], stats.production(id), factor_,
                       totals.generated});
    }
    for (int id : used.functions) {
        const auto i = static_cast<std::size_t>(id);
        if (function_lowered_[i] || !failing(stats.function(id), totals)) continue;
        function_lowered_[i] = true;
        functions_[i].store(factor_);
        now.push_back(
            {"function", index_.function_names[i], stats.function(id), factor_, totals.generated});
    }
    lowered_.insert(lowered_.end(), now.begin(), now.end());
    return now;
}

}  // namespace eriq
