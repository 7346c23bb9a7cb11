#pragma once
// Root-cause groups: a signature computed from a reduced case, not from its SQL text.
// What survives reduction is what the bug needs, so two findings of one cause reduce
// to the same pattern, the same constructs and functions in I, the same column types of
// the tables I reads (by family), and the same shape of Q (joins, set operations,
// grouping), however differently they were padded. Q's filters are left out: reductions of
// one bug keep different filters (EXISTS in one, IS NOT NULL in another, none in a third).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/test_case.hpp"
#include "oracle/classify.hpp"

namespace eriq {

struct GroupKey {
    std::string signature;              // "g" + 12 hex digits
    std::vector<std::string> features;  // readable: "pattern:...", "construct:RIGHT JOIN", ...
};

// Upper-cased type names without parameters (VARCHAR, DECIMAL) -> type family (string,
// decimal), from the dialect file; a type it does not list counts by its own name.
using TypeFamilies = std::map<std::string, std::string>;

struct GroupingContext {
    TypeFamilies type_families;
    // Representations the rules mark side_depends_on_q (rule_set.hpp).
    std::set<std::string> side_depends_on_q;
};

// The split a group signature uses: the classification's groups (largest first) without
// the side_depends_on_q representations unless one is alone on its side, and each failing
// group's error kind, e.g. "TEMPT=CTE_MAT≠VIEW=DERIVED!sqlite:ON clause ...". Skipped
// representations are left out: whether one is skipped depends on Q too. An order-only
// difference ends in " (order)".
std::string grouping_pattern(const Classification& c,
                             const std::set<std::string>& side_depends_on_q);

// `pattern` is the split to group by (grouping_pattern, or "server_fault").
GroupKey group_key(const TestCase& reduced, const std::string& pattern,
                   const TypeFamilies& families = {});

// A server fault whose crash the server's log reported: grouped by the function it crashed
// in (`frames` innermost first), whatever is left of the query. Only the innermost frame
// counts: reductions of one ST_Distance crash reached Item_func_distance::val_real from
// Item_cache_real::cache_value in one case and from Arg_comparator::compare_real in another.
GroupKey crash_group_key(const std::vector<std::string>& frames);

// The innermost three frames for people: "Item_func_distance::val_real <
// Arg_comparator::compare_real < Item_func_eq::val_bool".
std::string crash_site_text(const std::vector<std::string>& frames);

}  // namespace eriq
