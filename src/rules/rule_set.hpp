#pragma once
// The rules file (rules/repr.toml): representations as SQL templates and the
// normalization rules, merged with a dialect's overrides, instantiated per case.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "model/normalization_rules.hpp"
#include "model/test_case.hpp"
#include "model/variant.hpp"

namespace eriq {

struct SkipWhen {
    int x_references_over = 1;
    std::string capability;
};

struct Representation {
    std::string name;
    std::vector<std::string> setup;
    std::string x;
    std::string query;
    std::vector<std::string> teardown;
    std::vector<std::string> requires_capabilities;
    std::optional<SkipWhen> skip_when;
    // Whether the DBMS merges or materializes it depends on Q (e.g. a CTE that Q references
    // twice), so findings of one cause put it on either side; group signatures leave it out
    // unless it is alone on its side.
    bool side_depends_on_q = false;
    // It can hold an I that references the outer query's row (it lives inside the query:
    // DERIVED, CTE), so it runs for cases placed in a correlated position (TestCase::outer);
    // the others sit those cases out.
    bool correlated = false;
    // Loaded even when its soundness cannot be shown (engine/rule_soundness_gate.hpp).
    bool unverified = false;
    std::size_t line = 0, column = 0;  // where its [[representation]] table starts
};

struct RuleSet {
    std::string file;
    std::vector<Representation> representations;
    NormalizationRules normalize;
};

// Throws LoadError (file:line:col) on malformed input.
RuleSet load_rules(const std::string& path);

// Checks a dialect against the rules: its [representation.NAME] overrides and [[benign]]
// entries name representations of the rules (LoadError in the dialect file, with a
// suggestion), overridden templates are valid, and at least two representations exist on
// the dialect (std::invalid_argument otherwise).
void check_rules_for_dialect(const RuleSet& rules, const Dialect& dialect);

// The names of the representations marked side_depends_on_q.
inline std::set<std::string> side_depends_on_q(const RuleSet& rules) {
    std::set<std::string> names;
    for (const Representation& rep : rules.representations)
        if (rep.side_depends_on_q) names.insert(rep.name);
    return names;
}

// The representations that exist on `dialect`, with its spellings applied.
std::vector<Representation> representations_for(const RuleSet& rules, const Dialect& dialect);

// Instantiates every representation for one case; `tag` makes object names fresh. Then up to
// `optimizer_variants` of the dialect's optimizer-setting variants of those representations,
// a subset drawn from the case's seed, index and query index (so a replay draws the same);
// a case that lists its representations runs exactly the variants it lists.
VariantPlan instantiate(const std::vector<Representation>& reps, const Dialect& dialect,
                        const TestCase& tc, const std::string& tag, int optimizer_variants = 0);

// The names a case file may list in `representations`: those of `reps`, and each with each
// optimizer variant that applies to it, e.g. VIEW[derived_merge=off].
std::vector<std::string> representation_names(const std::vector<Representation>& reps,
                                              const Dialect& dialect);

}  // namespace eriq
