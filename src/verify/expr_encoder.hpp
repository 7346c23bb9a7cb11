#pragma once
// SQL expressions to Z3. Every SQL value is a pair (value, is_null) with its SqlType; the value
// is an Int, or a Bool for predicates. Three-valued logic for AND/OR/NOT, comparisons,
// IS [NOT] NULL, IN lists, BETWEEN, CASE, COALESCE, NULLIF; integer arithmetic (division and
// modulo uninterpreted unless both sides are constants; division by zero gives NULL); strings
// are uninterpreted values (distinct literals are distinct values) and LIKE, ||, casts and
// unknown functions are uninterpreted functions of their arguments and the arguments' types.
// Typed: an operation on values of types it does not take (a string plus a number, an integer
// as a condition) throws Unsupported rather than guessing an implicit conversion; a comparison
// of values of different types is an uninterpreted predicate of the two (each dialect converts
// its own way, but always the same way for the same values).
// Internal to src/verify: the only header that includes z3++.h.
#include <map>
#include <string>
#include <vector>

#include <z3++.h>

#include "verify/sql_ast.hpp"

namespace eriq::verify {

struct Sym {
    z3::expr value;
    z3::expr null;
    bool boolean = false;  // value is a Z3 Bool (a predicate's truth value), else a Z3 Int
    SqlType type = SqlType::Any;
};

// The common type of two values that meet in a comparison, CASE, COALESCE or UNION; throws
// Unsupported naming `what` when they have none.
SqlType common_type(SqlType a, SqlType b, const char* what);

class ExprEncoder {
  public:
    // unknown_functions: the type an unknown function returns; Other (nothing but NULL tests
    // and conditions) for the prover, Any (an integer) where there is no schema either.
    explicit ExprEncoder(z3::context& ctx, SqlType unknown_functions = SqlType::Other)
        : ctx_(ctx), unknown_functions_(unknown_functions) {}

    // Slot i is columns[i]; Column references and aggregates must be resolved before.
    Sym encode(const Expr& e, const std::vector<Sym>& columns);

    z3::expr is_true(const Sym& s);
    z3::expr is_false(const Sym& s);
    // IS NOT DISTINCT FROM: both NULL, or both non-NULL and equal.
    z3::expr same(const Sym& a, const Sym& b);
    // The value as stored in a column (a Bool becomes 1/0).
    Sym as_column(const Sym& s);
    Sym fresh_column(const std::string& name, SqlType type = SqlType::Any);
    // The type of an aggregate call's result over rows whose columns are `columns`.
    SqlType aggregate_type(const Expr& aggregate, const std::vector<Sym>& columns);
    Sym null_value();
    // Facts every model must satisfy: distinct string literals are distinct values.
    z3::expr axioms();
    z3::context& context() { return ctx_; }

  private:
    Sym to_bool(const Sym& s);
    Sym to_int(const Sym& s);
    Sym and3(const Sym& a, const Sym& b);
    Sym or3(const Sym& a, const Sym& b);
    Sym not3(const Sym& a);
    Sym compare(const std::string& op, const Sym& a, const Sym& b);
    Sym converting_compare(const std::string& op, const Sym& a, const Sym& b);
    Sym arith(const std::string& op, const Sym& a, const Sym& b);
    Sym case_of(const Expr& e, const std::vector<Sym>& columns);
    Sym string_literal(const std::string& text);
    Sym cast_of(const Expr& e, const std::vector<Sym>& columns);
    Sym function_call(const Expr& e, const std::vector<Sym>& columns);
    Sym like(const Sym& text, const Sym& pattern);
    Sym function(const std::string& name, const std::vector<Sym>& args, SqlType result);
    Sym typed_null(SqlType type);
    Sym merge(const z3::expr& condition, const Sym& then, const Sym& otherwise);

    z3::context& ctx_;
    SqlType unknown_functions_;
    std::map<std::string, z3::expr> strings_;
    unsigned fresh_ = 0;
};

}  // namespace eriq::verify
