#include "verify/expr_encoder.hpp"

#include <fmt/format.h>

#include "verify/sql_parse.hpp"

namespace eriq::verify {

Sym ExprEncoder::null_value() {
    return Sym{ctx_.int_val(0), ctx_.bool_val(true), false, true};
}

Sym ExprEncoder::fresh_column(const std::string& name) {
    std::string base = fmt::format("{}!{}", name, fresh_++);
    return Sym{ctx_.int_const(base.c_str()), ctx_.bool_const((base + "_null").c_str()), false,
               false};
}

z3::expr ExprEncoder::axioms() {
    if (strings_.size() < 2) return ctx_.bool_val(true);
    z3::expr_vector values(ctx_);
    for (const auto& [text, value] : strings_) values.push_back(value);
    return z3::distinct(values);
}

Sym ExprEncoder::to_bool(const Sym& s) {
    if (s.boolean) return s;
    if (s.null_literal) return Sym{ctx_.bool_val(false), s.null, true, true};
    return Sym{s.value != 0, s.null, true, false};
}

Sym ExprEncoder::to_int(const Sym& s) {
    if (!s.boolean) return s;
    return Sym{z3::ite(s.value, ctx_.int_val(1), ctx_.int_val(0)), s.null, false, s.null_literal};
}

Sym ExprEncoder::as_column(const Sym& s) {
    Sym i = to_int(s);
    i.null_literal = false;
    return i;
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
    if (a.boolean && b.boolean)
        return (a.null && b.null) || (!a.null && !b.null && a.value == b.value);
    Sym x = to_int(a), y = to_int(b);
    return (x.null && y.null) || (!x.null && !y.null && x.value == y.value);
}

Sym ExprEncoder::and3(const Sym& a, const Sym& b) {
    z3::expr t = is_true(a) && is_true(b);
    z3::expr f = is_false(a) || is_false(b);
    return Sym{t, !t && !f, true, false};
}

Sym ExprEncoder::or3(const Sym& a, const Sym& b) {
    z3::expr t = is_true(a) || is_true(b);
    z3::expr f = is_false(a) && is_false(b);
    return Sym{t, !t && !f, true, false};
}

Sym ExprEncoder::not3(const Sym& a) {
    Sym b = to_bool(a);
    return Sym{!b.value, b.null, true, false};
}

Sym ExprEncoder::compare(const std::string& op, const Sym& a, const Sym& b) {
    z3::expr null = a.null || b.null;
    if (a.boolean && b.boolean && (op == "=" || op == "<>")) {
        z3::expr eq = a.value == b.value;
        return Sym{op == "=" ? eq : !eq, null, true, false};
    }
    Sym x = to_int(a), y = to_int(b);
    z3::expr v = op == "="    ? x.value == y.value
                 : op == "<>" ? x.value != y.value
                 : op == "<"  ? x.value < y.value
                 : op == "<=" ? x.value <= y.value
                 : op == ">"  ? x.value > y.value
                              : x.value >= y.value;
    return Sym{v, null, true, false};
}

Sym ExprEncoder::function(const std::string& name, const std::vector<Sym>& args, bool boolean) {
    // Uninterpreted: the value and the NULL flag are functions of all argument values and flags.
    z3::sort_vector domain(ctx_);
    z3::expr_vector actual(ctx_);
    for (const Sym& a : args) {
        Sym i = to_int(a);
        domain.push_back(ctx_.int_sort());
        actual.push_back(i.value);
    }
    for (const Sym& a : args) {
        domain.push_back(ctx_.bool_sort());
        actual.push_back(a.null);
    }
    std::string key = fmt::format("{}/{}", name, args.size());
    z3::func_decl value =
        ctx_.function(("f!" + key).c_str(), domain, boolean ? ctx_.bool_sort() : ctx_.int_sort());
    z3::func_decl null = ctx_.function(("fnull!" + key).c_str(), domain, ctx_.bool_sort());
    return Sym{value(actual), null(actual), boolean, false};
}

Sym ExprEncoder::arith(const std::string& op, const Sym& a, const Sym& b) {
    Sym x = to_int(a), y = to_int(b);
    z3::expr null = x.null || y.null;
    if (op == "+") return Sym{x.value + y.value, null, false, false, true};
    if (op == "-") return Sym{x.value - y.value, null, false, false, true};
    if (op == "*") return Sym{x.value * y.value, null, false, false, true};
    if (op == "||") return function("concat", {x, y}, false);
    // Division and modulo: folded when both sides are constants (SQL truncates toward zero),
    // otherwise uninterpreted; a zero divisor gives NULL.
    z3::expr xs = x.value.simplify(), ys = y.value.simplify();
    if (xs.is_numeral() && ys.is_numeral()) {
        long long n = xs.get_numeral_int64(), d = ys.get_numeral_int64();
        if (d == 0) return Sym{ctx_.int_val(0), ctx_.bool_val(true), false, false};
        return Sym{ctx_.int_val(static_cast<int64_t>(op == "/" ? n / d : n % d)), null, false,
                   false, true};
    }
    z3::func_decl f = ctx_.function(op == "/" ? "div!" : "mod!", ctx_.int_sort(), ctx_.int_sort(),
                                    ctx_.int_sort());
    return Sym{f(x.value, y.value), null || y.value == 0, false, false};
}

Sym ExprEncoder::merge(const z3::expr& condition, const Sym& then, const Sym& otherwise) {
    bool boolean = then.boolean && otherwise.boolean;
    Sym t = boolean ? then : to_int(then);
    Sym o = boolean ? otherwise : to_int(otherwise);
    return Sym{
        z3::ite(condition, t.value, o.value), z3::ite(condition, t.null, o.null), boolean,
        then.null_literal && otherwise.null_literal,
        (then.integer || then.null_literal) && (otherwise.integer || otherwise.null_literal)};
}

Sym ExprEncoder::case_of(const Expr& e, const std::vector<Sym>& columns) {
    size_t pairs = (e.args.size() - (e.has_else ? 1 : 0)) / 2;
    std::vector<Sym> results;
    for (size_t i = 0; i < pairs; ++i) results.push_back(encode(e.args[2 * i + 1], columns));
    Sym otherwise = e.has_else ? encode(e.args.back(), columns) : null_value();
    // Booleans stay booleans when every non-NULL branch is one.
    bool boolean = otherwise.boolean || otherwise.null_literal;
    bool any_boolean = otherwise.boolean;
    for (const Sym& r : results) {
        boolean = boolean && (r.boolean || r.null_literal);
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
    return Sym{it->second, ctx_.bool_val(false), false, false};
}

Sym ExprEncoder::cast_of(const Expr& e, const std::vector<Sym>& columns) {
    Sym a = encode(e.args[0], columns);
    const std::string& t = e.name;
    bool integer = t == "INTEGER" || t == "INT" || t == "BIGINT" || t == "SMALLINT";
    if (a.null_literal) return a;
    // Only a number is its own integer cast; a string column's cast is uninterpreted.
    if (integer && a.integer) return a;
    if (t == "BOOLEAN" && a.boolean) return a;
    Sym f = function("cast_" + t, {a}, false);
    return Sym{f.value, a.null, false, false};
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
        return merge(is_true(compare("=", args[0], args[1])), null_value(), args[0]);
    return function(e.name, args, false);
}

Sym ExprEncoder::encode(const Expr& e, const std::vector<Sym>& columns) {
    using K = Expr::Kind;
    switch (e.kind) {
        case K::Slot:
            return columns.at(static_cast<size_t>(e.number));
        case K::Column:
            throw Unsupported("unresolved column " + e.name);
        case K::Int:
            return Sym{ctx_.int_val(static_cast<int64_t>(e.number)), ctx_.bool_val(false), false,
                       false, true};
        case K::Str:
            return string_literal(e.name);
        case K::Bool:
            return Sym{ctx_.bool_val(e.number != 0), ctx_.bool_val(false), true, false};
        case K::Null:
            return null_value();
        case K::Neg: {
            Sym a = to_int(encode(e.args[0], columns));
            return Sym{-a.value, a.null, false, a.null_literal, true};
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
            return Sym{e.negated ? !a.null : a.null, ctx_.bool_val(false), true, false};
        }
        case K::InList: {
            Sym x = encode(e.args[0], columns);
            Sym acc{ctx_.bool_val(false), ctx_.bool_val(false), true, false};
            for (size_t i = 1; i < e.args.size(); ++i)
                acc = or3(acc, compare("=", x, encode(e.args[i], columns)));
            return acc;
        }
        case K::Between: {
            Sym x = encode(e.args[0], columns);
            return and3(compare(">=", x, encode(e.args[1], columns)),
                        compare("<=", x, encode(e.args[2], columns)));
        }
        case K::Like: {
            Sym x = encode(e.args[0], columns), p = encode(e.args[1], columns);
            Sym f = function("like", {x, p}, true);
            return Sym{f.value, x.null || p.null, true, false};
        }
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
