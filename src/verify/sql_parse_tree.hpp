#pragma once
// Internal to src/verify's SQL parser: the PEGTL parse tree and the conversions that
// sql_parse.cpp and sql_parse_primary.cpp share.
#include <memory>
#include <string>

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "verify/sql_ast.hpp"

namespace eriq::verify::detail {

using Node = tao::pegtl::parse_tree::node;

std::string upper(std::string s);
Expr make(Expr::Kind kind);
Expr binary(Expr::Kind kind, std::string op, Expr a, Expr b);

Expr conv_expr(const Node& n);
std::shared_ptr<const Query> conv_query(const Node& n);
// Literals, CAST, CASE, EXISTS, subqueries, parentheses, calls and column references.
Expr conv_primary_child(const Node& n);

}  // namespace eriq::verify::detail
