// The primary expressions of the SQL subset (sql_grammar.hpp): literals, CAST, CASE, EXISTS,
// subqueries, parentheses, function and aggregate calls, column references.
#include <cctype>
#include <stdexcept>

#include <tao/pegtl.hpp>

#include <fmt/format.h>

#include "verify/sql_grammar.hpp"
#include "verify/sql_parse.hpp"
#include "verify/sql_parse_tree.hpp"

namespace eriq::verify::detail {

using namespace sql;

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

Expr make(Expr::Kind kind) {
    Expr e;
    e.kind = kind;
    return e;
}

Expr binary(Expr::Kind kind, std::string op, Expr a, Expr b) {
    Expr e = make(kind);
    e.op = std::move(op);
    e.args.push_back(std::move(a));
    e.args.push_back(std::move(b));
    return e;
}

namespace {

Expr conv_literal(const Node& n) {
    if (n.is_type<int_lit>()) {
        Expr e = make(Expr::Kind::Int);
        try {
            e.number = std::stoll(n.string());
        } catch (const std::out_of_range&) {
            throw Unsupported("integer literal out of range");
        }
        return e;
    }
    if (n.is_type<dec_lit>()) throw Unsupported("decimal literal");
    if (n.is_type<str_lit>()) {
        std::string s = n.string();
        std::string text;
        for (size_t i = 1; i + 1 < s.size(); ++i) {
            text += s[i];
            if (s[i] == '\'') ++i;  // '' is one quote
        }
        Expr e = make(Expr::Kind::Str);
        e.name = text;
        return e;
    }
    if (n.is_type<true_lit>() || n.is_type<false_lit>()) {
        Expr e = make(Expr::Kind::Bool);
        e.number = n.is_type<true_lit>() ? 1 : 0;
        return e;
    }
    return make(Expr::Kind::Null);
}

Expr conv_case(const Node& n) {
    Expr e = make(Expr::Kind::Case);
    const Node* operand = nullptr;
    for (const auto& c : n.children) {
        if (c->is_type<case_operand>()) {
            operand = c.get();
        } else if (c->is_type<when_clause>()) {
            Expr when = conv_expr(*c->children.at(0));
            if (operand)
                when = binary(Expr::Kind::Compare, "=", conv_expr(*operand->children.at(0)),
                              std::move(when));
            e.args.push_back(std::move(when));
            e.args.push_back(conv_expr(*c->children.at(1)));
        } else if (c->is_type<else_clause>()) {
            e.has_else = true;
            e.args.push_back(conv_expr(*c->children.at(0)));
        }
    }
    return e;
}

Expr conv_call(const Node& n) {
    std::string name = upper(n.children.at(0)->string());
    bool aggregate =
        name == "COUNT" || name == "SUM" || name == "MIN" || name == "MAX" || name == "AVG";
    Expr e = make(aggregate ? Expr::Kind::Aggregate : Expr::Kind::Function);
    e.name = name;
    for (size_t i = 1; i < n.children.size(); ++i) {
        const Node& c = *n.children[i];
        if (c.is_type<distinct_flag>())
            e.distinct = true;
        else if (c.is_type<star_arg>())
            e.star = true;
        else
            e.args.push_back(conv_expr(c));
    }
    if (!aggregate && (e.star || e.distinct)) throw Unsupported(fmt::format("function {}", name));
    if (name == "COALESCE" || name == "NULLIF") e.kind = Expr::Kind::Function;
    return e;
}

}  // namespace

Expr conv_primary_child(const Node& n) {
    if (n.is_type<int_lit>() || n.is_type<dec_lit>() || n.is_type<str_lit>() ||
        n.is_type<true_lit>() || n.is_type<false_lit>() || n.is_type<null_lit>())
        return conv_literal(n);
    if (n.is_type<case_expr>()) return conv_case(n);
    if (n.is_type<function_call>()) return conv_call(n);
    if (n.is_type<cast_expr>()) {
        Expr e = make(Expr::Kind::Cast);
        e.args.push_back(conv_expr(*n.children.at(0)));
        e.name = upper(n.children.at(1)->string());
        while (!e.name.empty() && std::isspace(static_cast<unsigned char>(e.name.back())))
            e.name.pop_back();
        return e;
    }
    if (n.is_type<exists_expr>()) {
        Expr e = make(Expr::Kind::Exists);
        e.sub = conv_query(*n.children.at(0));
        return e;
    }
    if (n.is_type<subquery_expr>()) {
        Expr e = make(Expr::Kind::Subquery);
        e.sub = conv_query(*n.children.at(0));
        return e;
    }
    if (n.is_type<paren_expr>()) {
        if (n.children.size() == 1) return conv_expr(*n.children[0]);
        Expr e = make(Expr::Kind::Row);
        for (const auto& c : n.children) e.args.push_back(conv_expr(*c));
        return e;
    }
    if (n.is_type<substring_call>() || n.is_type<trim_call>()) {
        Expr e = make(Expr::Kind::Function);
        e.name = n.is_type<substring_call>() ? "SUBSTRING" : "TRIM";
        for (const auto& c : n.children) {
            if (c->is_type<trim_side>())
                e.name += "_" + upper(c->string());
            else
                e.args.push_back(conv_expr(*c));
        }
        return e;
    }
    if (n.is_type<column_ref>()) {
        Expr e = make(Expr::Kind::Column);
        for (const auto& c : n.children) {
            if (c->is_type<qualifier>()) e.op = upper(c->string());
            if (c->is_type<column_name>() || c->is_type<ident>()) e.name = upper(c->string());
        }
        return e;
    }
    throw ParseError(fmt::format("unexpected expression node {}", n.type));
}

}  // namespace eriq::verify::detail
