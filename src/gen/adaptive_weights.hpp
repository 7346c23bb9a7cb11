#pragma once
// Weight factors the campaign lowers for productions and functions that keep
// making cases invalid on the target, so the time goes to cases that run.
// Workers read the factors while generating; the campaign writes them (under
// its stats mutex) after each case is recorded.
//
// Knobs (grammar [knobs], overridable by --weight):
//   adapt_min_cases      cases an entry must appear in before it is judged (default 100)
//   adapt_invalid_share  invalid share at or above which it is lowered (default 0.25)
//   adapt_factor         what its weight is multiplied by (default 0.2; 1 turns this off)
// An entry is also only lowered when its invalid share is at least twice the
// campaign's, so the productions every case uses are never blamed for all failures.
#include <atomic>
#include <memory>
#include <vector>

#include "dsl/grammar.hpp"
#include "gen/generation_stats.hpp"
#include "gen/grammar_index.hpp"

namespace eriq {

class AdaptiveWeights {
  public:
    AdaptiveWeights(const GrammarIndex& index, const dsl::Grammar& g);

    double alternative(int id) const {
        return alternatives_[static_cast<std::size_t>(id)].load(std::memory_order_relaxed);
    }
    double function(int id) const {
        return functions_[static_cast<std::size_t>(id)].load(std::memory_order_relaxed);
    }

    // Judges the entries a just-recorded case used; returns those lowered now.
    std::vector<DownWeight> review(const GenerationStats& stats, const CaseFeatures& used);
    const std::vector<DownWeight>& lowered() const { return lowered_; }

  private:
    bool failing(const UsageCount& usage, const UsageCount& totals) const;

    const GrammarIndex& index_;
    std::unique_ptr<std::atomic<double>[]> alternatives_;
    std::unique_ptr<std::atomic<double>[]> functions_;
    std::vector<bool> production_lowered_;
    std::vector<bool> function_lowered_;
    std::vector<DownWeight> lowered_;
    double min_cases_;
    double invalid_share_;
    double factor_;
};

}  // namespace eriq
