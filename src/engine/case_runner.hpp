#pragma once
// Runs test cases through every representation on a backend and judges them:
// instantiate the variants, execute them (teardown always runs), normalize,
// compare as multisets, classify, and check the dialect's benign differences.
//
// Cases that share one intermediate query I run as a group: each
// representation's setup (CREATE VIEW, CREATE TEMPORARY TABLE, ...) runs once
// for I, then every Q's final query, then the teardown, so the objects made for
// I serve all of its Qs.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "engine/explained_differences.hpp"
#include "exec/backend.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "oracle/order_spec.hpp"
#include "rules/rule_set.hpp"

namespace eriq {

class CaseRunner {
  public:
    CaseRunner(Backend& backend, const Dialect& dialect, const RuleSet& rules);

    // Runs the case's schema and rows (D). Throws BackendError when they fail.
    void load_database(const TestCase& tc);

    // Runs cases that share one I. Returns one outcome per case run; after a
    // lost connection the last outcome is a ServerFault and later cases are
    // not run (the caller reconnects).
    std::vector<CaseOutcome> run_group(const std::vector<TestCase>& group, const std::string& tag);
    // The same for cases whose variants were instantiated already, one plan per case, all
    // with one tag (e.g. ahead of time on a generator thread).
    std::vector<CaseOutcome> run_planned(const std::vector<TestCase>& group,
                                         std::vector<VariantPlan> plans);
    CaseOutcome run(const TestCase& tc, const std::string& tag);

    const std::vector<Representation>& representations() const { return reps_; }

    // When false (campaigns), each variant's query first returns only its rows' fingerprint:
    // a case whose fingerprints are all equal is consistent and keeps no rows; otherwise the
    // queries run again for their rows and are judged as usual. When true (the default, for
    // --case and tests), every ok variant's normalized rows are kept in its outcome.
    void keep_consistent_results(bool keep) { keep_consistent_results_ = keep; }

    // How many of the dialect's optimizer-setting variants each case of run_group runs (a
    // subset drawn from the case's seed); 0 by default.
    void set_optimizer_variants(int count) { optimizer_variants_ = count; }

  private:
    struct GroupRun;
    void set_up_representations(const std::vector<VariantPlan>& plans, GroupRun& run);
    void run_case(const TestCase& tc, VariantPlan& plan, GroupRun& run, CaseOutcome& outcome);
    // Runs every variant of the case; true when one failed. A lost connection, a timeout or
    // an oversized result discards the case at once.
    bool run_variants(VariantPlan& plan, GroupRun& run, CaseOutcome& outcome);
    // False when the case was discarded.
    bool rerun_for_rows(GroupRun& run, CaseOutcome& outcome);
    void tear_down(GroupRun& run);
    // attempt() for a variant's query, with its session setting made before and restored
    // after; a setting that cannot be made fails it with kind optimizer_setting_unavailable.
    template <class Call>
    bool attempt_query(VariantOutcome& vo, std::optional<BackendError>& fault, Call call);
    // `raw` holds the rows of the variants that ran, in variant order.
    void judge(const TestCase& tc, std::vector<ResultSet>& raw, CaseOutcome& outcome) const;
    // A failed variant that explains the case away: one whose error the dialect expects, or
    // any when every representation failed. Null when the failures are a finding.
    const VariantOutcome* expected_failure(const CaseOutcome& outcome) const;
    // The target's release for [[benign]] entries bounded by one (asked once, and only when
    // the dialect has such an entry); empty when unknown.
    const std::string& benign_target_version() const;

    Backend& backend_;
    const Dialect& dialect_;
    const RuleSet& rules_;
    std::vector<Representation> reps_;
    NullOrder null_order_;
    bool keep_consistent_results_ = true;
    int optimizer_variants_ = 0;
    mutable std::optional<std::string> target_version_;
};

// `tc`, and when `outcome` ran optimizer-setting variants, with `representations` naming
// every representation it ran, so that a report, its replay and its reduction run the same
// variants (they are drawn per case only in campaigns).
TestCase with_variants_pinned(const TestCase& tc, const CaseOutcome& outcome);

}  // namespace eriq
