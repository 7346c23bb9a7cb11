#pragma once
// Reduces a finding on its target: a candidate is kept when, run in a fresh workspace,
// the same representations still split into the same groups (not merely "some
// difference"). Drives src/reduce/ with a test built from a CaseRunner.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "exec/backend.hpp"
#include "gen/case_generator.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "reduce/case_reducer.hpp"
#include "report/finding_evidence.hpp"
#include "report/report_writer.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

struct FindingReduction {
    TestCase reduced;
    CaseOutcome outcome;  // the reduced case's outcome (same groups as the original's)
    ReductionStats stats;
    bool on_choices = false;  // I and Q were shrunk on the draws that derived them first
    // The optimizer settings the reduced finding depends on (setting_dependence.hpp); empty
    // and not measured when the dialect has no optimizer-setting variants.
    bool settings_measured = false;
    std::vector<std::string> settings;
    // Evidence from the reduced case (deoptimized_reference.hpp, unread_columns.hpp).
    FindingEvidence evidence;
    // The first candidate under which the server failed (crashed, was killed, lost the
    // connection). The caller records it: a crash found by reduction is a finding of its own.
    std::optional<TestCase> fault_case;
    CaseOutcome fault_outcome;
    int server_faults = 0;
    // The reduction stopped at a server fault: without a Reconnect, when the server did not
    // come back, or after kMaxServerFaults. `reduced` and `outcome` are then not a result.
    bool stopped_by_fault = false;
};

// Makes the connection again after the server failed under a candidate: the new backend,
// or nullptr when the server did not come back.
using Reconnect = std::function<Backend*()>;

// A reduction goes on past this many failing candidates at most: each costs a restart.
inline constexpr int kMaxServerFaults = 3;

// What a reduced finding's report records of its reduction: cost and setting dependence.
inline ReductionFacts reduction_facts(const FindingReduction& r) {
    return {r.stats.seconds, r.stats.tests, r.settings_measured, r.settings, r.evidence};
}

// Runs `tc` alone in a fresh workspace (its database first; a failing schema or row
// statement makes it a discarded case) and resets the workspace unless the server failed.
CaseOutcome run_case_alone(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                           const TestCase& tc, const std::string& tag);

// Whether `candidate` shows the finding `original` showed: inconsistent, with the same
// groups of representations.
bool same_finding(const CaseOutcome& original, const CaseOutcome& candidate);

// A case shrunk by the passes below, whatever makes a candidate interesting.
struct ShrunkCase {
    TestCase reduced;
    ReductionStats stats;
    bool on_choices = false;
};

// Shrinks `tc` on the draws that derived it (with a generator and TestCase::choices that
// replay to its I and Q), then with the data and SQL-text passes on what is left of `budget`.
ShrunkCase shrink_case(const TestCase& tc, const StillInteresting& interesting,
                       const ReductionBudget& budget, const ReductionProgress& progress,
                       const Dialect& dialect, const CaseGenerator* generator);

// Reduces `tc`, whose outcome was `original` (Inconsistent). Leaves the workspace reset.
// With a generator and a case that carries the draws that derived it (TestCase::choices,
// replaying to its I and Q), I and Q are first shrunk on those draws over the full database
// (reduce/choice_shrinker.hpp); then the data and SQL-text passes polish (case_reducer.hpp)
// with what is left of the budget. The reduced case keeps its choices only while they still
// derive it. Last, the reduced case runs once with every optimizer-setting variant to measure
// which settings it depends on, and the evidence for its verdict is collected
// (evidence_collection.hpp).
// A candidate under which the server fails is not interesting; with `reconnect` the
// reduction then goes on over the new connection (`backend` may be gone: the caller's own
// handle holds the new one), without it the reduction stops there.
FindingReduction reduce_finding(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                const TestCase& tc, const CaseOutcome& original,
                                const ReductionBudget& budget,
                                const ReductionProgress& progress = {},
                                const CaseGenerator* generator = nullptr,
                                const Reconnect& reconnect = {});

}  // namespace eriq
