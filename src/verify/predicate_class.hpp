#pragma once
// Classifies a predicate over nullable integer columns with Z3 under SQL's three-valued logic:
// a WHERE keeps a row only when the predicate is TRUE, so a tautology is TRUE for every row and
// a contradiction never TRUE (FALSE or NULL).
#include <string>
#include <string_view>
#include <vector>

namespace eriq::verify {

enum class PredicateClass { Contradiction, Tautology, Contingent, Unknown };

// Columns are referred to by their unqualified names; those in not_null are never NULL.
// Unknown when Z3 gives up within timeout_ms. Throws ParseError/Unsupported.
PredicateClass classify_predicate(std::string_view sql, const std::vector<std::string>& columns,
                                  const std::vector<std::string>& not_null = {},
                                  unsigned timeout_ms = 1000);

const char* predicate_class_name(PredicateClass c);

}  // namespace eriq::verify
