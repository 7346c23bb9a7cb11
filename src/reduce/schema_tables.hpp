#pragma once
// The tables of a case's schema as the generator saw them when it derived I and Q: table
// names in order, columns with the type family of their declared type. Replaying a
// finding's choices needs them (gen/case_generator.hpp), and a case file has only its SQL.
#include <optional>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "gen/database_generator.hpp"

namespace eriq {

// nullopt when a CREATE TABLE does not parse or a column's type is none of the dialect's.
std::optional<GeneratedDatabase> tables_of_schema(const std::vector<std::string>& schema,
                                                  const Dialect& dialect);

}  // namespace eriq
