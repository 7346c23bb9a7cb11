#pragma once
// The Z3 implementation of generation's PredicateChecker (model/predicate_check.hpp): the
// predicate is parsed with verify's SQL parser and encoded with (value, is_null) pairs and
// three-valued logic (expr_encoder.hpp). Columns are typed from the generated database: int
// columns are Ints within their type's boundary values, bool columns 0/1, strings
// uninterpreted values, NOT NULL columns never NULL. What cannot be encoded faithfully (other
// families, decimal literals, '/', subqueries, syntax the parser does not read) is Unknown.
#include <memory>

#include "model/predicate_check.hpp"

namespace eriq::verify {

// Each check gets `rlimit` Z3 resource units (deterministic: same input, same verdict) and a
// wall-clock `timeout_ms` as a backstop.
std::unique_ptr<PredicateChecker> make_z3_predicate_checker(unsigned rlimit = 200000,
                                                            unsigned timeout_ms = 200);

}  // namespace eriq::verify
