// ExprEncoder's function calls, casts, LIKE and aggregate result types (expr_encoder.hpp):
// uninterpreted functions keyed by name, arity and argument types, with result types from what
// the function is known to return.
#include <set>

#include <fmt/format.h>

#include "verify/expr_encoder.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify {
namespace {

bool takes(const Sym& s, SqlType type) {
    return s.type == type || s.type == SqlType::Null || s.type == SqlType::Any;
}

// What an uninterpreted function returns: a string for the string functions, an integer for
// lengths and for ABS/MOD of integers, otherwise a value of a type the prover does not model.
SqlType result_type(const std::string& name, const std::vector<Sym>& args, SqlType unknown) {
    static const std::set<std::string> strings = {
        "UPPER",     "LOWER",        "SUBSTRING",     "SUBSTR", "TRIM",
        "TRIM_BOTH", "TRIM_LEADING", "TRIM_TRAILING", "LTRIM",  "RTRIM",
        "CONCAT",    "REPLACE",      "LPAD",          "RPAD",   "INITCAP"};
    static const std::set<std::string> lengths = {"CHAR_LENGTH", "CHARACTER_LENGTH", "LENGTH"};
    static const std::set<std::string> random = {
        "RAND",         "RANDOM",       "NOW",           "UUID", "SYSDATE", "CURRENT_TIMESTAMP",
        "CURRENT_DATE", "CURRENT_TIME", "LOCALTIMESTAMP"};
    if (random.count(name)) throw Unsupported("function " + name + " (not deterministic)");
    if (strings.count(name)) return SqlType::String;
    if (lengths.count(name)) return SqlType::Int;
    bool integers = !args.empty();
    for (const Sym& a : args) integers = integers && a.type == SqlType::Int;
    if ((name == "ABS" || name == "MOD") && integers) return SqlType::Int;
    return unknown;
}

// The declared type of a CAST target: its first word (VARCHAR of VARCHAR(20)).
std::string base_type(const std::string& target) {
    size_t end = target.find_first_of("( ");
    return target.substr(0, end);
}

}  // namespace

Sym ExprEncoder::function(const std::string& name, const std::vector<Sym>& args, SqlType result) {
    // Uninterpreted: the value and the NULL flag are functions of all argument values and
    // flags; the argument types are part of the function's identity.
    z3::sort_vector domain(ctx_);
    z3::expr_vector actual(ctx_);
    std::string key = fmt::format("{}/{}", name, args.size());
    for (const Sym& a : args) {
        Sym i = to_int(a);
        domain.push_back(ctx_.int_sort());
        actual.push_back(i.value);
        key += std::string(":") + sql_type_name(a.type);
    }
    for (const Sym& a : args) {
        domain.push_back(ctx_.bool_sort());
        actual.push_back(a.null);
    }
    bool boolean = result == SqlType::Bool;
    z3::func_decl value =
        ctx_.function(("f!" + key).c_str(), domain, boolean ? ctx_.bool_sort() : ctx_.int_sort());
    z3::func_decl null = ctx_.function(("fnull!" + key).c_str(), domain, ctx_.bool_sort());
    return Sym{value(actual), null(actual), boolean, result};
}

Sym ExprEncoder::like(const Sym& text, const Sym& pattern) {
    if (!takes(text, SqlType::String) || !takes(pattern, SqlType::String))
        throw Unsupported(
            fmt::format("LIKE on a {} value",
                        sql_type_name(takes(text, SqlType::String) ? pattern.type : text.type)));
    Sym f = function("like", {text, pattern}, SqlType::Bool);
    return Sym{f.value, text.null || pattern.null, true, SqlType::Bool};
}

Sym ExprEncoder::cast_of(const Expr& e, const std::vector<Sym>& columns) {
    Sym a = encode(e.args[0], columns);
    const std::string base = base_type(e.name);
    SqlType target = declared_type(base);
    if (a.type == SqlType::Null) return typed_null(target);
    // Only an integer is its own integer cast (a narrower integer type may overflow); a
    // string's cast, or one to a string of some length, is uninterpreted.
    bool wide_integer = base == "INTEGER" || base == "INT" || base == "BIGINT";
    if (wide_integer && a.type == SqlType::Int) return a;
    if (target == SqlType::Bool && a.type == SqlType::Bool) return a;
    Sym f = function("cast_" + e.name, {a}, target);
    return Sym{f.value, a.null, f.boolean, target};
}

// COALESCE and NULLIF by their definition; any other function is uninterpreted.
Sym ExprEncoder::function_call(const Expr& e, const std::vector<Sym>& columns) {
    std::vector<Sym> args;
    for (const Expr& a : e.args) args.push_back(encode(a, columns));
    if (e.name == "COALESCE" && !args.empty()) {
        Sym acc = args.back();
        for (size_t i = args.size() - 1; i-- > 0;) acc = merge(!args[i].null, args[i], acc);
        return acc;
    }
    if (e.name == "NULLIF" && args.size() == 2)
        return merge(is_true(compare("=", args[0], args[1])), typed_null(args[0].type), args[0]);
    return function(e.name, args, result_type(e.name, args, unknown_functions_));
}

SqlType ExprEncoder::aggregate_type(const Expr& aggregate, const std::vector<Sym>& columns) {
    if (aggregate.name == "COUNT") return SqlType::Int;
    if (aggregate.star || aggregate.args.size() != 1)
        throw Unsupported("aggregate " + aggregate.name);
    SqlType arg = encode(aggregate.args[0], columns).type;
    if (aggregate.name == "MIN" || aggregate.name == "MAX") return arg;
    if (aggregate.name == "SUM") {
        if (arg != SqlType::Int && arg != SqlType::Null && arg != SqlType::Any)
            throw Unsupported(fmt::format("SUM of a {} value", sql_type_name(arg)));
        return SqlType::Int;
    }
    return SqlType::Other;  // AVG: not an integer
}

}  // namespace eriq::verify
