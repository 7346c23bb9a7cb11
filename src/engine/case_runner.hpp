#pragma once
// Runs one test case through every representation on a backend and judges it:
// instantiate the variants, execute each (teardown always runs), normalize,
// compare as multisets, classify, and check the dialect's benign differences.
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "exec/backend.hpp"
#include "gen/test_case.hpp"
#include "oracle/verdict.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

class CaseRunner {
  public:
    CaseRunner(Backend& backend, const Dialect& dialect, const RuleSet& rules);

    // Runs the case's schema and rows (D). Throws BackendError when they fail.
    void load_database(const TestCase& tc);
    // Runs I and Q through every representation. A lost connection propagates
    // as BackendError with server_fault set, after the teardown attempts.
    CaseOutcome run(const TestCase& tc, const std::string& tag);

    const std::vector<Representation>& representations() const { return reps_; }

  private:
    VariantOutcome run_variant(const Variant& v);

    Backend& backend_;
    const Dialect& dialect_;
    const RuleSet& rules_;
    std::vector<Representation> reps_;
};

// The benign difference (from the dialect file) that explains `outcome`, if any.
const BenignDifference* matching_benign(const Dialect& dialect, const TestCase& tc,
                                        const Classification& c);

}  // namespace eriq
