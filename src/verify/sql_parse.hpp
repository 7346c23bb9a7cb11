#pragma once
// Parses the SQL subset of sql_ast.hpp. Throws ParseError with the position on bad input.
#include <stdexcept>
#include <string>
#include <string_view>

#include "verify/sql_ast.hpp"

namespace eriq::verify {

struct ParseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A construct the prover does not model; what() names the feature.
struct Unsupported : std::runtime_error {
    using std::runtime_error::runtime_error;
};

Query parse_query(std::string_view sql);
Expr parse_expression(std::string_view sql);

}  // namespace eriq::verify
