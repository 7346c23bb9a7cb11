#include "engine/finding_reducer.hpp"

#include <algorithm>

#include "engine/case_runner.hpp"
#include "engine/evidence_collection.hpp"
#include "engine/setting_dependence.hpp"
#include "oracle/order_spec.hpp"
#include "reduce/choice_shrinker.hpp"
#include "reduce/schema_tables.hpp"

namespace eriq {

CaseOutcome run_case_alone(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                           const TestCase& tc, const std::string& tag) {
    CaseRunner runner(backend, dialect, rules);
    try {
        runner.load_database(tc);
    } catch (const WorkspaceViolation&) {
        throw;
    } catch (const BackendError& e) {
        CaseOutcome failed;
        failed.verdict = e.server_fault ? Verdict::ServerFault : Verdict::Discarded;
        failed.discard_kind = e.kind;
        failed.crash_frames = e.crash_frames;  // a crash while the rows load has its site too
        return failed;
    }
    CaseOutcome outcome = runner.run(tc, tag);
    if (outcome.verdict == Verdict::ServerFault) return outcome;
    try {
        backend.reset_workspace();
    } catch (const BackendError& e) {
        // The server went away after the case ran (killed from outside, or a late crash):
        // a server fault like one during the case, not an error that ends the reduction.
        if (!e.server_fault) throw;
        CaseOutcome failed;
        failed.verdict = Verdict::ServerFault;
        failed.discard_kind = e.kind;
        failed.crash_frames = e.crash_frames;
        return failed;
    }
    return outcome;
}

namespace {

// The pattern without its "(TEMPT_SKIP)" marks: a representation that did not run is in no
// group, and whether it runs can depend on the generator's choices that a reduction drops.
std::string pattern_without_skips(const std::string& pattern) {
    std::string out = pattern;
    for (std::size_t at; (at = out.find("_SKIP)")) != std::string::npos;) {
        const std::size_t open = out.rfind('(', at);
        out.erase(open, at + 6 - open);
    }
    return out;
}

}  // namespace

bool same_finding(const CaseOutcome& original, const CaseOutcome& candidate) {
    return candidate.verdict == Verdict::Inconsistent &&
           candidate.classification.groups == original.classification.groups &&
           pattern_without_skips(candidate.classification.pattern) ==
               pattern_without_skips(original.classification.pattern) &&
           candidate.classification.errors == original.classification.errors;
}

namespace {

// What is left of `budget` after `spent`.
ReductionBudget remaining(const ReductionBudget& budget, const ReductionStats& spent) {
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::duration<double>(spent.seconds));
    return {std::max(0, budget.max_tests - spent.tests),
            std::max(std::chrono::milliseconds(0), budget.max_time - used), budget.stop};
}

// `tc` with its choices only if they replay to its I and Q over its (maybe reduced) schema.
TestCase keep_choices_if_derived(TestCase tc, const Dialect& dialect,
                                 const CaseGenerator* generator) {
    if (tc.choices.empty()) return tc;
    auto db = generator ? tables_of_schema(tc.schema, dialect) : std::nullopt;
    auto replayed = db ? generator->replay(*db, tc.choices) : std::nullopt;
    if (!replayed || replayed->tc.intermediate != tc.intermediate ||
        replayed->tc.referencing != tc.referencing || replayed->tc.outer != tc.outer)
        tc.choices = {};
    return tc;
}

}  // namespace

ShrunkCase shrink_case(const TestCase& tc, const StillInteresting& interesting,
                       const ReductionBudget& budget, const ReductionProgress& progress,
                       const Dialect& dialect, const CaseGenerator* generator) {
    ShrunkCase out;
    ReductionHints hints;
    for (const char* family : {"int", "string"}) {
        auto types = dialect.types_of(family);
        if (!types.empty()) hints.simple_types.push_back(types.front()->name);
    }

    TestCase start = tc;
    ReductionStats choice_stats;
    if (generator && !tc.choices.empty())
        if (auto db = tables_of_schema(tc.schema, dialect)) {
            auto replay = [&](const ChoiceSequence& choices) {
                return generator->replay(*db, choices, true);
            };
            start = shrink_choices(tc, replay, interesting, budget, &choice_stats, progress);
            out.on_choices = choice_stats.tests > 0;
        }
    // The text passes' progress counts the tests the choice pass ran too.
    auto text_progress = [&](const TestCase& now, const ReductionStats& stats) {
        if (!progress) return;
        ReductionStats total = stats;
        total.tests += choice_stats.tests;
        progress(now, total);
    };
    out.reduced = reduce_case(start, interesting, remaining(budget, choice_stats), &out.stats,
                              text_progress, hints);
    out.stats.tests += choice_stats.tests;
    out.stats.accepted += choice_stats.accepted;
    out.stats.seconds += choice_stats.seconds;
    out.stats.budget_spent = out.stats.budget_spent || choice_stats.budget_spent;
    out.reduced = keep_choices_if_derived(std::move(out.reduced), dialect, generator);
    // A reduction that dropped Q's ORDER BY kept the finding without it: the case is no
    // longer ordered (and its case.toml must not say so).
    if (out.reduced.ordered && trailing_order_keys(out.reduced.referencing).empty())
        out.reduced.ordered = false;
    return out;
}

FindingReduction reduce_finding(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                const TestCase& tc, const CaseOutcome& original,
                                const ReductionBudget& budget, const ReductionProgress& progress,
                                const CaseGenerator* generator, const Reconnect& reconnect) {
    FindingReduction out;
    Backend* current = &backend;
    // Records a server fault (the first one's case is kept) and stops the reduction; a
    // candidate's fault is followed by a reconnect that lets it go on.
    auto stop_at_fault = [&](const TestCase& tc_run, const CaseOutcome& outcome) {
        if (!out.fault_case) {
            out.fault_case = tc_run;
            out.fault_outcome = outcome;
        }
        ++out.server_faults;
        out.stopped_by_fault = true;
    };
    auto interesting = [&](const TestCase& candidate) {
        if (out.stopped_by_fault) return false;
        CaseOutcome outcome = run_case_alone(*current, dialect, rules, candidate, "reduce");
        if (outcome.verdict != Verdict::ServerFault) return same_finding(original, outcome);
        // A candidate that crashes the server is not this finding: the first is kept as a
        // finding of its own, and the reduction goes on once the server is back.
        stop_at_fault(candidate, outcome);
        Backend* again = reconnect && out.server_faults < kMaxServerFaults ? reconnect() : nullptr;
        if (again) {
            current = again;
            out.stopped_by_fault = false;
        }
        return false;
    };
    ShrunkCase shrunk = shrink_case(tc, interesting, budget, progress, dialect, generator);
    out.reduced = std::move(shrunk.reduced);
    out.stats = shrunk.stats;
    out.on_choices = shrunk.on_choices;
    if (out.stopped_by_fault) return out;
    out.outcome = run_case_alone(*current, dialect, rules, out.reduced, "reduce");
    if (out.outcome.verdict == Verdict::ServerFault) {
        stop_at_fault(out.reduced, out.outcome);
        return out;
    }
    if (!same_finding(original, out.outcome)) return out;
    SettingDependence dependence =
        measure_setting_dependence(*current, dialect, rules, out.reduced);
    if (dependence.outcome.verdict == Verdict::ServerFault) {
        stop_at_fault(dependence.all_variants, dependence.outcome);
        return out;
    }
    out.settings_measured = dependence.measured;
    out.settings = std::move(dependence.settings);
    EvidenceRun evidence = collect_evidence(*current, dialect, rules, out.reduced, out.outcome);
    if (evidence.fault_case) {
        stop_at_fault(*evidence.fault_case, evidence.fault_outcome);
        return out;
    }
    out.evidence = std::move(evidence.evidence);
    return out;
}

}  // namespace eriq
