#pragma once
// Classifies a predicate over nullable integer columns with Z3 under SQL's three-valued logic:
// a WHERE keeps a row only when the predicate is TRUE, so a tautology is TRUE for every row and
// a contradiction never TRUE (FALSE or NULL).
#include <string>
#include <string_view>
#include <vector>

namespace eriq::verify {

enum class PredicateClass { Contradiction, Tautology, Contingent, Unknown };

// Columns are named as the predicate writes them (x or t.x); those in not_null are never NULL.
// With no columns given, every column the predicate reads is a nullable one (what a generator
// needs: classify a WHERE/ON/HAVING it just wrote).
// Unknown when Z3 gives up within timeout_ms. Throws ParseError/Unsupported.
PredicateClass classify_predicate(std::string_view sql, const std::vector<std::string>& columns,
                                  const std::vector<std::string>& not_null = {},
                                  unsigned timeout_ms = 1000);

const char* predicate_class_name(PredicateClass c);

}  // namespace eriq::verify
