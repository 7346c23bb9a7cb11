#pragma once
// Multiset comparison and classification of N representation results into the
// ERIQ patterns, generalized by grouping equal results:
//   3 compared: VIEW=TEMPT≠CTE, VIEW=CTE≠TEMPT, CTE=TEMPT≠VIEW or all_diff;
//   N compared: the groups joined by ≠, largest group first, e.g. CTE=TEMPT=DERIVED≠VIEW;
//   all pairwise different: all_diff; skipped representations append (NAME_SKIP).
// When Q fixes an order and every multiset is equal, the key sequences are compared too:
// an order-only difference is the groups of equal sequences followed by " (order)",
// e.g. VIEW=CTE≠TEMPT (order).
#include <string>
#include <vector>

#include "model/classification.hpp"
#include "model/norm_result.hpp"

namespace eriq {

struct NamedResult {
    std::string name;  // representation name, e.g. VIEW
    NormResult result;
    KeySequence order;  // the ORDER BY key values row by row; compared only when ordered
};

struct FailedRepresentation {
    std::string name;
    std::string error_kind;
};

// `results` in rules-file order; `skipped` are representations not constructed
// for this case (e.g. TEMPT when Q references x twice on MySQL).
// `ordered`: Q fixes an order, so equal multisets are also compared by their key sequences.
Classification classify(const std::vector<NamedResult>& results,
                        const std::vector<std::string>& skipped, bool ordered = false);

// Adds representations that raised an error while the others in `c` ran: one group per
// error kind, all in the minority. When the others agree the pattern is
// error_only_in_<NAMES> (joined by '+'), else the others' pattern followed by
// ≠error_in_<NAMES>.
void add_failed_representations(Classification& c, const std::vector<FailedRepresentation>& failed,
                                const std::vector<std::string>& skipped);

// Multiset equality of two raw-normalized results (order ignored, duplicates count).
bool same_multiset(const NormResult& a, const NormResult& b);

}  // namespace eriq
