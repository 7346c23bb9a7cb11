#pragma once
// Normalization rules of the algebra beyond flattening (SPES section 5 in spirit):
// - an outer join whose NULL-padded side a WHERE conjunct rejects is an inner join (FULL: a
//   LEFT or RIGHT join);
// - a conjunct over the group keys of an AGG only filters whole groups: it moves below the AGG;
// - DISTINCT over (UNION ALL of) DISTINCT branches needs no inner DISTINCT;
// - SUM/MIN/MAX over a UNION ALL of branches grouped by a superset of the keys that compute
//   partial SUM/COUNT/MIN/MAX is the aggregate over the branches' rows.
#include <optional>
#include <vector>

#include "verify/algebra.hpp"

namespace eriq::verify {

std::vector<Expr> conjuncts(const Expr& e);

// The SPJ (inputs, AND of conjuncts, proj) rewritten by one rule, or nullopt when none applies.
std::optional<NodeP> simplify_spj(const std::vector<NodeP>& inputs,
                                  const std::vector<Expr>& conjuncts,
                                  const std::vector<Expr>& proj);

// The input of a DISTINCT (an AGG keyed by every column, no aggregates) without the DISTINCTs
// inside it that the outer one makes redundant.
NodeP strip_inner_distinct(const NodeP& input);

// The AGG with partial aggregates in its UNION ALL input combined, or nullopt.
std::optional<NodeP> combine_partial_aggregates(const Node& outer);

}  // namespace eriq::verify
