#include "engine/case_runner.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

#include "exec/result_fingerprint.hpp"
#include "oracle/classify.hpp"
#include "oracle/normalize.hpp"

namespace eriq {
namespace {

// Equal multisets, and for an ordered case rows in the same order too (a different order
// may still be ties only: the full path compares the key values).
bool all_equal(const std::vector<ResultFingerprint>& prints, bool ordered) {
    return std::adjacent_find(prints.begin(), prints.end(), [&](const auto& a, const auto& b) {
               return ordered ? !a.same_sequence(b) : a != b;
           }) == prints.end();
}

// Runs one driver call for a variant; a BackendError is recorded in the variant (and in
// `fault` when the connection is gone) and makes it not ok.
template <class Call>
bool attempt(VariantOutcome& vo, std::optional<BackendError>& fault, Call call) {
    try {
        call();
        vo.ok = true;
    } catch (const WorkspaceViolation&) {
        throw;
    } catch (const BackendError& e) {
        vo.ok = false;
        vo.error_kind = e.kind;
        vo.error = e.what();
        if (e.server_fault) fault = e;
    }
    return vo.ok;
}

// The error kind of an optimizer-setting variant whose setting could not be made (an
// unknown switch on this server version, a SQLite library without sqlite3_test_control):
// the variant is skipped, not compared.
constexpr const char* kSettingUnavailable = "optimizer_setting_unavailable";

void discard(CaseOutcome& outcome, const VariantOutcome& failed, bool server_fault) {
    outcome.verdict = server_fault ? Verdict::ServerFault : Verdict::Discarded;
    outcome.discard_kind = failed.error_kind;
}

}  // namespace

CaseRunner::CaseRunner(Backend& backend, const Dialect& dialect, const RuleSet& rules)
    : backend_(backend),
      dialect_(dialect),
      rules_(rules),
      reps_(representations_for(rules, dialect)),
      null_order_(dialect.null_order == "high" ? NullOrder::High : NullOrder::Low) {}

void CaseRunner::load_database(const TestCase& tc) {
    backend_.reset_workspace();
    for (const auto& s : tc.session) backend_.execute(s);
    for (const auto& s : tc.schema) backend_.execute(s);
    for (const auto& s : tc.rows) backend_.execute(s);
}

CaseOutcome CaseRunner::run(const TestCase& tc, const std::string& tag) {
    return run_group({tc}, tag).front();
}

std::vector<CaseOutcome> CaseRunner::run_group(const std::vector<TestCase>& group,
                                               const std::string& tag) {
    std::vector<VariantPlan> plans;
    for (const auto& tc : group)
        plans.push_back(instantiate(reps_, dialect_, tc, tag, optimizer_variants_));
    return run_planned(group, std::move(plans));
}

// One group's run: the representations set up, the setups that failed, and a lost
// connection (after which nothing more runs); `raw` and `prints` are reused by every case.
struct CaseRunner::GroupRun {
    struct SetupFailure {
        std::string kind;
        std::string message;
    };
    std::vector<Variant> set_up;
    std::map<std::string, SetupFailure> setup_failed;
    std::optional<BackendError> fault;
    std::vector<ResultSet> raw;  // rows of the variants that ran, in variant order
    std::vector<ResultFingerprint> prints;
};

std::vector<CaseOutcome> CaseRunner::run_planned(const std::vector<TestCase>& group,
                                                 std::vector<VariantPlan> plans) {
    GroupRun run;
    set_up_representations(plans, run);
    std::vector<CaseOutcome> outcomes;
    for (std::size_t i = 0; i < group.size() && !run.fault; ++i)
        run_case(group[i], plans[i], run, outcomes.emplace_back());
    if (run.fault && (outcomes.empty() || outcomes.back().verdict != Verdict::ServerFault)) {
        // Died in the group's setup (no case ran) or the last case's: one outcome per case.
        CaseOutcome& outcome =
            outcomes.empty() ? outcomes.emplace_back() : (outcomes.back() = CaseOutcome{});
        outcome.verdict = Verdict::ServerFault;
        outcome.discard_kind = run.fault->kind;
        VariantOutcome& vo = outcome.variants.emplace_back();
        vo.variant = run.set_up.back();
        vo.error_kind = run.fault->kind;
        vo.error = run.fault->what();
    }
    if (run.fault) outcomes.back().crash_frames = run.fault->crash_frames;
    tear_down(run);
    return outcomes;
}

// Setup once per representation that any case uses; the statements depend only on I and
// the object name, so the first plan's copy serves all.
void CaseRunner::set_up_representations(const std::vector<VariantPlan>& plans, GroupRun& run) {
    for (const auto& rep : reps_) {
        const Variant* first = nullptr;
        for (const auto& plan : plans)
            for (const auto& v : plan.variants)
                if (!first && v.representation == rep.name) first = &v;
        if (!first || run.fault) continue;
        run.set_up.push_back(*first);
        try {
            for (const auto& s : first->setup) backend_.execute(s);
        } catch (const WorkspaceViolation&) {
            throw;
        } catch (const BackendError& e) {
            run.setup_failed[rep.name] = {e.kind, e.what()};
            if (e.server_fault) run.fault = e;
        }
    }
}

void CaseRunner::run_case(const TestCase& tc, VariantPlan& plan, GroupRun& run,
                          CaseOutcome& outcome) {
    outcome.skipped = std::move(plan.skipped);
    outcome.verdict = Verdict::Consistent;
    const bool any_failed = run_variants(plan, run, outcome);
    if (outcome.verdict != Verdict::Consistent) return;
    if (any_failed) {
        if (const VariantOutcome* expected = expected_failure(outcome)) {
            discard(outcome, *expected, false);
            return;
        }
    } else if (!keep_consistent_results_ && outcome.variants.size() >= 2 &&
               all_equal(run.prints, tc.ordered)) {
        // Identical raw rows normalize identically: consistent, no row built.
        auto& names = outcome.classification.groups.emplace_back();
        for (const auto& v : outcome.variants) names.push_back(v.variant.representation);
        return;
    }
    if (!keep_consistent_results_ && !rerun_for_rows(run, outcome)) return;
    judge(tc, run.raw, outcome);
}

bool CaseRunner::run_variants(VariantPlan& plan, GroupRun& run, CaseOutcome& outcome) {
    run.raw.clear();
    run.prints.clear();
    bool any_failed = false;
    for (auto& v : plan.variants) {
        VariantOutcome& vo = outcome.variants.emplace_back();
        vo.variant = std::move(v);
        auto failed = run.setup_failed.find(base_representation(vo.variant.representation));
        if (failed != run.setup_failed.end()) {
            vo.error_kind = failed->second.kind;
            vo.error = failed->second.message;
        } else if (keep_consistent_results_) {
            attempt_query(vo, run.fault,
                          [&] { run.raw.push_back(backend_.query(vo.variant.query)); });
        } else {
            attempt_query(vo, run.fault, [&] {
                run.prints.push_back(backend_.query_fingerprint(vo.variant.query));
            });
        }
        if (vo.ok) continue;
        if (vo.error_kind == kSettingUnavailable && !run.fault) {
            outcome.skipped.push_back(vo.variant.representation);
            outcome.variants.pop_back();
            continue;
        }
        any_failed = true;
        // A lost server, a timeout or a result past eriq's row limit discards the case;
        // the rest need not run. Other errors are judged once every representation ran.
        if (run.fault || vo.error_kind == "timeout" || vo.error_kind == "result_too_large") {
            discard(outcome, vo, run.fault.has_value());
            break;
        }
    }
    return any_failed;
}

// The fingerprints differ, or a representation failed: run the queries of those that ran
// again for their rows (their objects still exist; teardown runs after the group).
bool CaseRunner::rerun_for_rows(GroupRun& run, CaseOutcome& outcome) {
    run.raw.clear();
    for (auto& vo : outcome.variants) {
        if (!vo.ok) continue;
        if (!attempt_query(vo, run.fault,
                           [&] { run.raw.push_back(backend_.query(vo.variant.query)); })) {
            discard(outcome, vo, run.fault.has_value());
            return false;
        }
    }
    return true;
}

// Teardown always runs, unless the connection is gone (and the objects with it).
void CaseRunner::tear_down(GroupRun& run) {
    for (const Variant& v : run.set_up) {
        if (run.fault) break;
        for (const auto& s : v.teardown) {
            try {
                backend_.execute(s);
            } catch (const WorkspaceViolation&) {
                throw;
            } catch (const BackendError& e) {
                if (e.server_fault) {
                    run.fault = e;
                    break;
                }
            }
        }
    }
}

template <class Call>
bool CaseRunner::attempt_query(VariantOutcome& vo, std::optional<BackendError>& fault, Call call) {
    const Variant& v = vo.variant;
    if (v.session_setup.empty() && v.sqlite_optimizations_off == 0) return attempt(vo, fault, call);
    const bool ok = attempt(vo, fault, [&] {
        try {
            for (const auto& s : v.session_setup) backend_.execute(s);
            if (v.sqlite_optimizations_off != 0 &&
                !backend_.set_optimizations_off(v.sqlite_optimizations_off))
                throw BackendError(kSettingUnavailable,
                                   "this SQLite library does not export sqlite3_test_control");
        } catch (const WorkspaceViolation&) {
            throw;
        } catch (const BackendError& e) {
            if (e.server_fault || e.kind == kInterrupted) throw;
            throw BackendError(kSettingUnavailable, e.what());
        }
        call();
    });
    // The setting is restored whatever happened, unless the connection is gone.
    if (fault) return ok;
    try {
        for (const auto& s : v.session_teardown) backend_.execute(s);
        if (v.sqlite_optimizations_off != 0) backend_.set_optimizations_off(0);
    } catch (const WorkspaceViolation&) {
        throw;
    } catch (const BackendError& e) {
        if (e.server_fault) fault = e;
    }
    return ok;
}

void CaseRunner::judge(const TestCase& tc, std::vector<ResultSet>& raw,
                       CaseOutcome& outcome) const {
    if (outcome.variants.size() < 2) {
        outcome.verdict = Verdict::Discarded;
        outcome.discard_kind = "fewer_than_two_variants";
        return;
    }
    const std::vector<OrderKey> keys =
        tc.ordered ? trailing_order_keys(tc.referencing) : std::vector<OrderKey>{};
    const std::vector<SelectItem> items =
        keys.empty() ? std::vector<SelectItem>{} : top_level_select_items(tc.referencing);
    bool ordered = false;
    // The results move into the comparison and back, so large results are not copied.
    std::vector<NamedResult> results;
    std::vector<VariantOutcome*> ran;
    std::vector<FailedRepresentation> failed;
    for (auto& vo : outcome.variants) {
        if (vo.ok) {
            ResultSet& rs = raw[ran.size()];
            KeySequence order;
            if (!keys.empty()) {
                const std::vector<std::size_t> columns = key_columns(keys, items, rs.columns);
                ordered = !columns.empty();
                if (ordered) order = key_sequence(rs.rows, columns, rules_.normalize);
                if (outcome.order_keys.empty()) {
                    for (std::size_t k = 0; k < columns.size(); ++k)
                        outcome.order_keys.push_back(keys[k].describe(null_order_));
                    if (columns.size() < keys.size())
                        outcome.order_key_not_compared = keys[columns.size()].expression;
                }
            }
            results.push_back({vo.variant.representation,
                               normalize(std::move(rs), rules_.normalize), std::move(order)});
            ran.push_back(&vo);
        } else {
            failed.push_back({vo.variant.representation, vo.error_kind});
        }
    }
    outcome.classification = classify(results, outcome.skipped, ordered);
    add_failed_representations(outcome.classification, failed, outcome.skipped);
    for (std::size_t i = 0; i < results.size(); ++i) {
        ran[i]->result = std::move(results[i].result);
        ran[i]->order = std::move(results[i].order);
    }
    const bool non_finite =
        rules_.normalize.non_finite_uninformative &&
        std::any_of(outcome.variants.begin(), outcome.variants.end(),
                    [](const VariantOutcome& v) { return v.ok && has_non_finite(v.result); });
    if (outcome.classification.consistent) {
        outcome.verdict = Verdict::Consistent;
    } else if (non_finite) {
        outcome.verdict = Verdict::Discarded;
        outcome.discard_kind = "non_finite_float";
    } else if (const BenignDifference* b =
                   matching_benign(dialect_, tc, outcome.classification, side_depends_on_q(rules_),
                                   benign_target_version())) {
        outcome.verdict = Verdict::Benign;
        outcome.benign_reason = b->reason;
    } else {
        outcome.verdict = Verdict::Inconsistent;
    }
}

const std::string& CaseRunner::benign_target_version() const {
    if (!target_version_) {
        target_version_.emplace();
        if (benign_needs_version(dialect_)) {
            try {
                *target_version_ = backend_.server_version();
            } catch (const BackendError&) {
                target_version_.reset();  // ask again next time; unknown for now
                static const std::string unknown;
                return unknown;
            }
        }
    }
    return *target_version_;
}

const VariantOutcome* CaseRunner::expected_failure(const CaseOutcome& outcome) const {
    const VariantOutcome* first_failed = nullptr;
    bool any_ok = false;
    for (const auto& vo : outcome.variants) {
        if (vo.ok) {
            any_ok = true;
            continue;
        }
        if (!first_failed) first_failed = &vo;
        if (matching_expected_error(dialect_, vo)) return &vo;
    }
    // Failing everywhere is no difference between representations.
    return any_ok ? nullptr : first_failed;
}

TestCase with_variants_pinned(const TestCase& tc, const CaseOutcome& outcome) {
    const bool variants =
        std::any_of(outcome.variants.begin(), outcome.variants.end(), [](const VariantOutcome& v) {
            return v.variant.representation.find('[') != std::string::npos;
        });
    if (!variants || !tc.representations.empty()) return tc;
    TestCase pinned = tc;
    for (const auto& v : outcome.variants)
        pinned.representations.push_back(v.variant.representation);
    return pinned;
}

}  // namespace eriq
