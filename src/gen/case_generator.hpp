#pragma once
// Generates test cases from a grammar and a dialect: the database D for a
// round, then (I, Q) pairs over it. Same seed and index, same SQL.
#include <atomic>
#include <cstdint>
#include <optional>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/database_generator.hpp"
#include "gen/derivation.hpp"
#include "model/test_case.hpp"

namespace eriq {

// Validates a grammar against the built-ins and the dialect, and that it stays productive
// once the dialect's capabilities are applied (gen/grammar_capabilities.hpp); throws
// LoadError with the position of the first problem.
void check_grammar(const dsl::Grammar& g, const Dialect& d);

// A case derived from a choice sequence: only I, Q, columns, x_references, features and
// choices (the draws actually used) are filled in; the spans when asked for.
struct ReplayedCase {
    TestCase tc;
    std::vector<ChoiceSpan> intermediate_spans;
    std::vector<ChoiceSpan> referencing_spans;
};

class CaseGenerator {
  public:
    // Generates from the grammar with the dialect's capabilities applied.
    CaseGenerator(const dsl::Grammar& g, const Dialect& d);
    // The index points into the generator's own grammar.
    CaseGenerator(const CaseGenerator&) = delete;
    CaseGenerator& operator=(const CaseGenerator&) = delete;

    // Lets a campaign lower the weights of what keeps failing (null: the grammar's weights).
    void set_adaptive_weights(const AdaptiveWeights* adaptive) { adaptive_ = adaptive; }
    const GrammarIndex& index() const { return index_; }

    GeneratedDatabase database(std::uint64_t seed) const;
    // One I (production "intermediate") with `queries` referencing queries Q
    // (production "referencing"), as test cases sharing I; empty when no
    // derivation succeeded within a few attempts. Each case's `features` say
    // which productions, functions and families its I and Q used.
    std::vector<TestCase> generate_group(const GeneratedDatabase& db, std::uint64_t round_seed,
                                         int index, int queries) const;
    // A single (I, Q) pair; nullopt when no derivation succeeded.
    std::optional<TestCase> generate(const GeneratedDatabase& db, std::uint64_t round_seed,
                                     int index) const;

    // Whether generated cases carry the draws that derived them (TestCase::choices); on by
    // default, since a finding is reduced on them.
    void set_record_choices(bool on) { record_choices_ = on; }
    // Checks generated WHERE/ON/HAVING predicates (null: none); replays use it too, so the
    // recorded draws of a checked case derive it again.
    void set_predicate_check(const PredicateCheck* check) { predicate_check_ = check; }
    // How many I or Q derivations were dropped because their estimated row combinations
    // exceeded the knob case_cost_max_thousands (gen/case_cost.hpp); the next draw replaced them.
    std::int64_t cost_capped() const { return cost_capped_.load(std::memory_order_relaxed); }
    // How many I or Q derivations were dropped for exceeding the generation budget
    // (gen/derivation_budget.hpp).
    std::int64_t over_budget() const { return over_budget_.load(std::memory_order_relaxed); }

    // I and Q derived from `choices` over the tables of `db`; nullopt when the derivation
    // fails. Same draws, same tables, same grammar and dialect: the same SQL.
    std::optional<ReplayedCase> replay(const GeneratedDatabase& db, const ChoiceSequence& choices,
                                       bool with_spans = false) const;

  private:
    // I from `intermediate`, or, with the chance of the knob `correlated`, an outer query's
    // FROM (`outer_from`) and then I from `correlated_intermediate`, which references it; the
    // case's `placement` is derived after its Q.
    std::optional<std::string> derive_intermediate(Derivation& der, ChoiceSource& choices,
                                                   std::vector<OutputColumn>* columns) const;

    const dsl::Grammar g_;  // with_capabilities(g, d)
    const Dialect& d_;
    GrammarIndex index_;
    double correlated_share_;  // knob `correlated`: share of I in a correlated position
    const AdaptiveWeights* adaptive_ = nullptr;
    bool record_choices_ = true;
    const PredicateCheck* predicate_check_ = nullptr;
    // Derivations dropped for their estimated cost (case_cost.hpp), over all threads.
    mutable std::atomic<std::int64_t> cost_capped_{0};
    // Derivations dropped for exceeding the generation budget, over all threads.
    mutable std::atomic<std::int64_t> over_budget_{0};
};

}  // namespace eriq
