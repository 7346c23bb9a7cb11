#pragma once
// How often each production, catalogue function and type family went into a
// generated case, and how many of those cases were invalid (a variant failed):
// the `--stats FILE` report and the input of the adaptive weights.
#include <cstdint>
#include <string>
#include <vector>

#include "gen/generation_trace.hpp"
#include "gen/grammar_index.hpp"
#include "model/predicate_check.hpp"

namespace eriq {

struct UsageCount {
    std::int64_t generated = 0;  // cases that used it
    std::int64_t invalid = 0;    // of those, cases where a variant failed
    double invalid_share() const {
        return generated ? static_cast<double>(invalid) / static_cast<double>(generated) : 0.0;
    }
};

// A production or function whose weight the campaign lowered because it kept failing.
struct DownWeight {
    std::string kind;  // "production" or "function"
    std::string name;
    UsageCount usage;  // when it was lowered
    double factor = 1;
    std::int64_t at_case = 0;  // campaign case count when it was lowered
};

class JsonWriter;
// Writes `down_weighted` as a JSON array of {kind, name, generated, invalid, factor, at_case}.
void write_down_weighted(JsonWriter& w, const std::vector<DownWeight>& down_weighted);

// One line: how many predicates were checked, the share of each class, re-draws, time in Z3.
std::string predicate_stats_text(const PredicateCheckStats& predicates);

class GenerationStats {
  public:
    explicit GenerationStats(const GrammarIndex& index);

    void record(const CaseFeatures& features, bool invalid);

    const UsageCount& production(int id) const {
        return productions_[static_cast<std::size_t>(id)];
    }
    const UsageCount& function(int id) const { return functions_[static_cast<std::size_t>(id)]; }
    const UsageCount& totals() const { return cases_; }

    // The JSON report: objects productions, functions, types (name -> {generated, invalid};
    // types lists the families the dialect can generate), a coverage summary and the
    // down-weighted entries.
    // With `predicates` (a --z3 run), also an object predicates: {contradiction, tautology,
    // contingent, unknown, redraws, seconds}.
    std::string json(const std::vector<DownWeight>& down_weighted,
                     const PredicateCheckStats* predicates = nullptr) const;
    // A readable summary: coverage, what never appeared, what failed most.
    std::string text(const std::vector<DownWeight>& down_weighted,
                     const PredicateCheckStats* predicates = nullptr) const;

  private:
    const GrammarIndex& index_;
    std::vector<std::string> family_names_;  // "" for families the dialect cannot generate
    UsageCount cases_;
    std::vector<UsageCount> productions_;
    std::vector<UsageCount> functions_;
    std::vector<UsageCount> families_;
};

}  // namespace eriq
