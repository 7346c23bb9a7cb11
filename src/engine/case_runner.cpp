#include "engine/case_runner.hpp"

#include <algorithm>
#include <regex>

namespace eriq {

CaseRunner::CaseRunner(Backend& backend, const Dialect& dialect, const RuleSet& rules)
    : backend_(backend),
      dialect_(dialect),
      rules_(rules),
      reps_(representations_for(rules, dialect)) {}

void CaseRunner::load_database(const TestCase& tc) {
    backend_.reset_workspace();
    for (const auto& s : tc.schema) backend_.execute(s);
    for (const auto& s : tc.rows) backend_.execute(s);
}

VariantOutcome CaseRunner::run_variant(const Variant& v) {
    VariantOutcome out;
    out.variant = v;
    std::optional<BackendError> fault;
    try {
        for (const auto& s : v.setup) backend_.execute(s);
        ResultSet rs = backend_.query(v.query);
        out.result = normalize(rs, rules_.normalize);
        out.ok = true;
    } catch (const BackendError& e) {
        out.error_kind = e.kind;
        out.error = e.what();
        if (e.server_fault) fault = e;
    }
    for (const auto& s : v.teardown) {
        if (fault) break;
        try {
            backend_.execute(s);
        } catch (const BackendError& e) {
            if (e.server_fault) fault = e;
        }
    }
    if (fault) throw *fault;
    return out;
}

CaseOutcome CaseRunner::run(const TestCase& tc, const std::string& tag) {
    CaseOutcome outcome;
    VariantPlan plan = instantiate(reps_, dialect_, tc, tag);
    outcome.skipped = plan.skipped;
    for (const auto& v : plan.variants) {
        outcome.variants.push_back(run_variant(v));
        if (!outcome.variants.back().ok) {
            // One failing variant discards the case; the rest need not run.
            outcome.verdict = Verdict::Discarded;
            outcome.discard_kind = outcome.variants.back().error_kind;
            return outcome;
        }
    }
    if (outcome.variants.size() < 2) {
        outcome.verdict = Verdict::Discarded;
        outcome.discard_kind = "fewer_than_two_variants";
        return outcome;
    }
    std::vector<NamedResult> results;
    for (const auto& v : outcome.variants) results.push_back({v.variant.representation, v.result});
    outcome.classification = classify(results, outcome.skipped);
    if (outcome.classification.consistent) {
        outcome.verdict = Verdict::Consistent;
    } else if (const BenignDifference* b = matching_benign(dialect_, tc, outcome.classification)) {
        outcome.verdict = Verdict::Benign;
        outcome.benign_reason = b->reason;
    } else {
        outcome.verdict = Verdict::Inconsistent;
    }
    return outcome;
}

const BenignDifference* matching_benign(const Dialect& dialect, const TestCase& tc,
                                        const Classification& c) {
    for (const auto& b : dialect.benign) {
        std::regex re(b.query_regex, std::regex::icase | std::regex::ECMAScript);
        if (!std::regex_search(tc.referencing, re) && !std::regex_search(tc.intermediate, re))
            continue;
        bool explained = !c.minority.empty();
        for (const auto& name : c.minority)
            if (std::find(b.representations.begin(), b.representations.end(), name) ==
                b.representations.end())
                explained = false;
        if (explained) return &b;
    }
    return nullptr;
}

}  // namespace eriq
