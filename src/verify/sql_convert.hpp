#pragma once
// The conversion from PEGTL's parse tree of sql_grammar.hpp to the syntax tree of sql_ast.hpp,
// shared by the expression part (sql_convert_expr.cpp) and the query part (sql_parse.cpp).
// Internal to src/verify/: it includes PEGTL.
#include <memory>
#include <string>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "verify/sql_ast.hpp"

namespace eriq::verify::sql_convert {

using Node = tao::pegtl::parse_tree::node;

std::string upper(std::string s);
Expr make(Expr::Kind kind);
Expr binary(Expr::Kind kind, std::string op, Expr a, Expr b);

Expr conv_expr(const Node& n);
std::shared_ptr<const Query> conv_query(const Node& n);

}  // namespace eriq::verify::sql_convert
