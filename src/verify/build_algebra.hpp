#pragma once
// Turns a parsed query into the normalized algebra of algebra.hpp: SELECT blocks become SPJ
// (inner joins and WHERE merged, nested SPJ inputs flattened, SPJ over UNION ALL distributed
// into the branches), GROUP BY an AGG under an SPJ (HAVING, SELECT list), DISTINCT and UNION an
// AGG keyed by every column. Throws Unsupported for what it cannot express.
#include "verify/algebra.hpp"
#include "verify/schema.hpp"
#include "verify/sql_ast.hpp"

namespace eriq::verify {

NodeP build_algebra(const Query& q, const Schema& schema);

// SPJ constructor with the normalizations above; exposed for tests and the prover.
NodeP make_spj(std::vector<NodeP> inputs, Expr pred, std::vector<Expr> proj);
NodeP make_union(std::vector<NodeP> branches);

}  // namespace eriq::verify
