#pragma once
// SQL expressions to Z3 (point 1 of issue 13). Every SQL value is a pair (value, is_null); the
// value is an Int, or a Bool for predicates. Three-valued logic for AND/OR/NOT, comparisons,
// IS [NOT] NULL, IN lists, BETWEEN, CASE, COALESCE, NULLIF; integer arithmetic (division and
// modulo uninterpreted unless both sides are constants; division by zero gives NULL); strings
// are uninterpreted values (distinct literals are distinct values) and LIKE, ||, CAST to
// non-integer types and unknown functions are uninterpreted functions of their arguments.
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
    bool boolean = false;       // value is a Bool (a predicate's truth value)
    bool null_literal = false;  // the NULL literal: takes the type its context needs
    bool integer = false;       // known to be a number (not a string): CAST AS INTEGER keeps it
};

class ExprEncoder {
  public:
    explicit ExprEncoder(z3::context& ctx) : ctx_(ctx) {}

    // Slot i is columns[i]; Column references and aggregates must be resolved before.
    Sym encode(const Expr& e, const std::vector<Sym>& columns);

    z3::expr is_true(const Sym& s);
    z3::expr is_false(const Sym& s);
    // IS NOT DISTINCT FROM: both NULL, or both non-NULL and equal.
    z3::expr same(const Sym& a, const Sym& b);
    // The value as stored in a column (a Bool becomes 1/0).
    Sym as_column(const Sym& s);
    Sym fresh_column(const std::string& name);
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
    Sym arith(const std::string& op, const Sym& a, const Sym& b);
    Sym case_of(const Expr& e, const std::vector<Sym>& columns);
    Sym string_literal(const std::string& text);
    Sym cast_of(const Expr& e, const std::vector<Sym>& columns);
    Sym function_call(const Expr& e, const std::vector<Sym>& columns);
    Sym function(const std::string& name, const std::vector<Sym>& args, bool boolean);
    Sym merge(const z3::expr& condition, const Sym& then, const Sym& otherwise);

    z3::context& ctx_;
    std::map<std::string, z3::expr> strings_;
    unsigned fresh_ = 0;
};

}  // namespace eriq::verify
