#include "verify/expr_encoder.hpp"

#include <fmt/format.h>

#include "verify/limits.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify {

SqlType common_type(SqlType a, SqlType b, const char* what) {
    if (a == SqlType::Null || a == b) return b;
    if (b == SqlType::Null) return a;
    if (a == SqlType::Any) return b;
    if (b == SqlType::Any) return a;
    throw Unsupported(
        fmt::format("{} of a {} and a {} value", what, sql_type_name(a), sql_type_name(b)));
}

namespace {

// Arithmetic takes integers (and NULL); an untyped column is read as one.
void require_integer(const Sym& s, const char* what) {
    if (s.type != SqlType::Int && s.type != SqlType::Null && s.type != SqlType::Any)
        throw Unsupported(fmt::format("{} on a {} value", what, sql_type_name(s.type)));
}

}  // namespace

Sym ExprEncoder::null_value() {
    return typed_null(SqlType::Null);
}

Sym ExprEncoder::typed_null(SqlType type) {
    return Sym{ctx_.int_val(0), ctx_.bool_val(true), false, type};
}

Sym ExprEncoder::fresh_column(const std::string& name, SqlType type) {
    std::string base = fmt::format("{}!{}", name, fresh_++);
    return Sym{ctx_.int_const(base.c_str()), ctx_.bool_const((base + "_null").c_str()), false,
               type};
}

z3::expr ExprEncoder::axioms() {
    if (strings_.size() < 2) return ctx_.bool_val(true);
    z3::expr_vector values(ctx_);
    for (const auto& [text, value] : strings_) values.push_back(value);
    return z3::distinct(values);
}

// A condition must be a boolean; an integer, string or date used as one is refused, since
// dialects disagree on what it means. A value of an unmodelled type (an unknown function's)
// and an untyped column are read as x <> 0: an arbitrary truth value per value, the same
// wherever it is tested.
Sym ExprEncoder::to_bool(const Sym& s) {
    if (s.boolean) return s;
    if (s.type == SqlType::Null) return Sym{ctx_.bool_val(false), s.null, true, SqlType::Null};
    if (s.type != SqlType::Bool && s.type != SqlType::Any && s.type != SqlType::Other)
        throw Unsupported(fmt::format("a {} value used as a condition", sql_type_name(s.type)));
    return Sym{s.value != 0, s.null, true, SqlType::Bool};
}

Sym ExprEncoder::to_int(const Sym& s) {
    if (!s.boolean) return s;
    return Sym{z3::ite(s.value, ctx_.int_val(1), ctx_.int_val(0)), s.null, false, s.type};
}

Sym ExprEncoder::as_column(const Sym& s) {
    return to_int(s);
}

z3::expr ExprEncoder::is_true(const Sym& s) {
    Sym b = to_bool(s);
    return !b.null && b.value;
}

z3::expr ExprEncoder::is_false(const Sym& s) {
    Sym b = to_bool(s);
    return !b.null && !b.value;
}

z3::expr ExprEncoder::same(const Sym& a, const Sym& b) {
    bool typed = a.type != SqlType::Null && b.type != SqlType::Null && a.type != SqlType::Any &&
                 b.type != SqlType::Any;
    if (typed && a.type != b.type) return a.null && b.null;
    if (a.boolean && b.boolean)
        return (a.null && b.null) || (!a.null && !b.null && a.value == b.value);
    Sym x = to_int(a), y = to_int(b);
    return (x.null && y.null) || (!x.null && !y.null && x.value == y.value);
}

Sym ExprEncoder::and3(const Sym& a, const Sym& b) {
    z3::expr t = is_true(a) && is_true(b);
    z3::expr f = is_false(a) || is_false(b);
    return Sym{t, !t && !f, true, SqlType::Bool};
}

Sym ExprEncoder::or3(const Sym& a, const Sym& b) {
    z3::expr t = is_true(a) || is_true(b);
    z3::expr f = is_false(a) && is_false(b);
    return Sym{t, !t && !f, true, SqlType::Bool};
}

Sym ExprEncoder::not3(const Sym& a) {
    Sym b = to_bool(a);
    return Sym{!b.value, b.null, true, SqlType::Bool};
}

// Values of two different types (a string and a number, a date and a string), or of an
// unmodelled type, compare by an implicit conversion that each dialect defines its own way: the
// comparison is an uninterpreted predicate of the two values, the same for a = b and b = a.
Sym ExprEncoder::converting_compare(const std::string& op, const Sym& a, const Sym& b) {
    static const std::map<std::string, std::string> mirrored = {
        {"=", "="}, {"<>", "<>"}, {"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
    if (a.type > b.type) return converting_compare(mirrored.at(op), b, a);
    Sym f = function("compare" + op, {a, b}, SqlType::Bool);
    return Sym{f.value, a.null || b.null, true, SqlType::Bool};
}

Sym ExprEncoder::compare(const std::string& op, const Sym& a, const Sym& b) {
    bool untyped = a.type == SqlType::Null || b.type == SqlType::Null || a.type == SqlType::Any ||
                   b.type == SqlType::Any;
    if (!untyped && (a.type != b.type || a.type == SqlType::Other))
        return converting_compare(op, a, b);
    z3::expr null = a.null || b.null;
    if (a.boolean && b.boolean && (op == "=" || op == "<>")) {
        z3::expr eq = a.value == b.value;
        return Sym{op == "=" ? eq : !eq, null, true, SqlType::Bool};
    }
    Sym x = to_int(a), y = to_int(b);
    z3::expr v = op == "="    ? x.value == y.value
                 : op == "<>" ? x.value != y.value
                 : op == "<"  ? x.value < y.value
                 : op == "<=" ? x.value <= y.value
                 : op == ">"  ? x.value > y.value
                              : x.value >= y.value;
    return Sym{v, null, true, SqlType::Bool};
}

Sym ExprEncoder::arith(const std::string& op, const Sym& a, const Sym& b) {
    Sym x = to_int(a), y = to_int(b);
    z3::expr null = x.null || y.null;
    if (op == "||") {
        for (const Sym* s : {&x, &y})
            if (s->type != SqlType::String && s->type != SqlType::Null && s->type != SqlType::Any)
                throw Unsupported(fmt::format("|| on a {} value", sql_type_name(s->type)));
        return function("concat", {x, y}, SqlType::String);
    }
    require_integer(x, "arithmetic");
    require_integer(y, "arithmetic");
    if (op == "+") return Sym{x.value + y.value, null, false, SqlType::Int};
    if (op == "-") return Sym{x.value - y.value, null, false, SqlType::Int};
    if (op == "*") return Sym{x.value * y.value, null, false, SqlType::Int};
    // Division and modulo: folded when both sides are constants (SQL truncates toward zero),
    // otherwise uninterpreted; a zero divisor gives NULL.
    z3::expr xs = x.value.simplify(), ys = y.value.simplify();
    if (xs.is_numeral() && ys.is_numeral()) {
        long long n = xs.get_numeral_int64(), d = ys.get_numeral_int64();
        if (d == 0) return typed_null(SqlType::Int);
        return Sym{ctx_.int_val(static_cast<int64_t>(op == "/" ? n / d : n % d)), null, false,
                   SqlType::Int};
    }
    z3::func_decl f = ctx_.function(op == "/" ? "div!" : "mod!", ctx_.int_sort(), ctx_.int_sort(),
                                    ctx_.int_sort());
    return Sym{f(x.value, y.value), null || y.value == 0, false, SqlType::Int};
}

Sym ExprEncoder::merge(const z3::expr& condition, const Sym& then, const Sym& otherwise) {
    SqlType type = common_type(then.type, otherwise.type, "CASE/COALESCE");
    bool boolean = then.boolean && otherwise.boolean;
    Sym t = boolean ? then : to_int(then);
    Sym o = boolean ? otherwise : to_int(otherwise);
    return Sym{z3::ite(condition, t.value, o.value), z3::ite(condition, t.null, o.null), boolean,
               type};
}

Sym ExprEncoder::case_of(const Expr& e, const std::vector<Sym>& columns) {
    size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
    std::vector<Sym> results;
    for (size_t i = 0; i < pairs; ++i) results.push_back(encode(e.args[2 * i + 1], columns));
    Sym otherwise = e.has_else ? encode(e.args.back(), columns) : null_value();
    // Booleans stay Z3 Bools when every non-NULL branch is one.
    bool boolean = otherwise.boolean || otherwise.type == SqlType::Null;
    bool any_boolean = otherwise.boolean;
    for (const Sym& r : results) {
        boolean = boolean && (r.boolean || r.type == SqlType::Null);
        any_boolean = any_boolean || r.boolean;
    }
    boolean = boolean && any_boolean;
    auto fit = [&](const Sym& s) { return boolean ? to_bool(s) : to_int(s); };
    Sym acc = fit(otherwise);
    for (size_t i = pairs; i-- > 0;)
        acc = merge(is_true(encode(e.args[2 * i], columns)), fit(results[i]), acc);
    return acc;
}

// Each distinct string literal is a distinct integer constant (axioms() keeps them apart).
Sym ExprEncoder::string_literal(const std::string& text) {
    auto it = strings_.find(text);
    if (it == strings_.end()) {
        std::string name = "str!" + std::to_string(strings_.size());
        it = strings_.emplace(text, ctx_.int_const(name.c_str())).first;
    }
    return Sym{it->second, ctx_.bool_val(false), false, SqlType::String};
}

Sym ExprEncoder::encode(const Expr& e, const std::vector<Sym>& columns) {
    check_deadline();
    using K = Expr::Kind;
    switch (e.kind) {
        case K::Slot:
            return columns.at(static_cast<size_t>(e.number));
        case K::Column:
            throw Unsupported("unresolved column " + e.name);
        case K::Int:
            return Sym{ctx_.int_val(static_cast<int64_t>(e.number)), ctx_.bool_val(false), false,
                       SqlType::Int};
        case K::Str:
            return string_literal(e.name);
        case K::Bool:
            return Sym{ctx_.bool_val(e.number != 0), ctx_.bool_val(false), true, SqlType::Bool};
        case K::Null:
            return null_value();
        case K::Neg: {
            Sym a = to_int(encode(e.args[0], columns));
            require_integer(a, "negation");
            return Sym{-a.value, a.null, false, a.type == SqlType::Null ? a.type : SqlType::Int};
        }
        case K::Not:
            return not3(encode(e.args[0], columns));
        case K::And:
            return and3(encode(e.args[0], columns), encode(e.args[1], columns));
        case K::Or:
            return or3(encode(e.args[0], columns), encode(e.args[1], columns));
        case K::Compare:
            return compare(e.op, encode(e.args[0], columns), encode(e.args[1], columns));
        case K::Arith:
            return arith(e.op, encode(e.args[0], columns), encode(e.args[1], columns));
        case K::IsNull: {
            Sym a = encode(e.args[0], columns);
            return Sym{e.negated ? !a.null : a.null, ctx_.bool_val(false), true, SqlType::Bool};
        }
        case K::InList: {
            Sym x = encode(e.args[0], columns);
            Sym acc{ctx_.bool_val(false), ctx_.bool_val(false), true, SqlType::Bool};
            for (size_t i = 1; i < e.args.size(); ++i)
                acc = or3(acc, compare("=", x, encode(e.args[i], columns)));
            return acc;
        }
        case K::Between: {
            Sym x = encode(e.args[0], columns);
            return and3(compare(">=", x, encode(e.args[1], columns)),
                        compare("<=", x, encode(e.args[2], columns)));
        }
        case K::Like:
            return like(encode(e.args[0], columns), encode(e.args[1], columns));
        case K::Case:
            return case_of(e, columns);
        case K::Cast:
            return cast_of(e, columns);
        case K::Function:
            return function_call(e, columns);
        case K::Aggregate:
            throw Unsupported("aggregate outside GROUP BY");
        case K::InQuery:
        case K::Exists:
        case K::Subquery:
            throw Unsupported("subquery in an expression");
        case K::Row:
            throw Unsupported("row value");
    }
    throw Unsupported("expression");
}

}  // namespace eriq::verify
