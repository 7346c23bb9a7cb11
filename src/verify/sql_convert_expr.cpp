// Expressions: the conversion functions of sql_convert.hpp for sql_grammar.hpp's expression
// rules; each function handles one rule.
#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "verify/limits.hpp"
#include "verify/sql_convert.hpp"
#include "verify/sql_grammar.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify::sql_convert {

using namespace sql;

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

Expr make(Expr::Kind kind) {
    count_term();
    Expr e;
    e.kind = kind;
    return e;
}

size_t depth_of(const Expr& root) {
    size_t deepest = 0;
    std::vector<std::pair<const Expr*, size_t>> pending{{&root, 1}};
    while (!pending.empty()) {
        auto [e, depth] = pending.back();
        pending.pop_back();
        deepest = std::max(deepest, depth);
        for (const Expr& a : e->args) pending.emplace_back(&a, depth + 1);
    }
    return deepest;
}

Expr binary(Expr::Kind kind, std::string op, Expr a, Expr b) {
    Expr e = make(kind);
    e.op = std::move(op);
    e.args.push_back(std::move(a));
    e.args.push_back(std::move(b));
    return e;
}

namespace {

// Literals: int, decimal (unsupported), string, TRUE/FALSE and NULL; nullopt for other nodes.
std::optional<Expr> conv_literal(const Node& n) {
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
    if (n.is_type<null_lit>()) return make(Expr::Kind::Null);
    return std::nullopt;
}

// CAST(x AS type)
Expr conv_cast(const Node& n) {
    Expr e = make(Expr::Kind::Cast);
    e.args.push_back(conv_expr(*n.children.at(0)));
    e.name = upper(n.children.at(1)->string());
    while (!e.name.empty() && std::isspace(static_cast<unsigned char>(e.name.back())))
        e.name.pop_back();
    return e;
}

// CASE [operand] WHEN ... THEN ... [ELSE ...] END; an operand becomes operand = WHEN value.
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

// name(args): aggregates (COUNT, SUM, MIN, MAX, AVG) may have DISTINCT or *.
Expr conv_function_call(const Node& n) {
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

// SUBSTRING(...) and TRIM([side] ...), which have a syntax of their own.
Expr conv_special_call(const Node& n) {
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

Expr conv_column_ref(const Node& n) {
    Expr e = make(Expr::Kind::Column);
    for (const auto& c : n.children) {
        if (c->is_type<qualifier>()) e.op = upper(c->string());
        if (c->is_type<column_name>() || c->is_type<ident>()) e.name = upper(c->string());
    }
    return e;
}

Expr conv_primary_child(const Node& n) {
    if (auto literal = conv_literal(n)) return std::move(*literal);
    if (n.is_type<cast_expr>()) return conv_cast(n);
    if (n.is_type<case_expr>()) return conv_case(n);
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
    if (n.is_type<function_call>()) return conv_function_call(n);
    if (n.is_type<substring_call>() || n.is_type<trim_call>()) return conv_special_call(n);
    if (n.is_type<column_ref>()) return conv_column_ref(n);
    throw ParseError(fmt::format("unexpected expression node {}", n.type));
}

Expr conv_unary(const Node& n) {
    // unary: [neg_op] primary-child
    if (n.children.size() == 2) {
        Expr inner = conv_primary_child(*n.children[1]);
        if (inner.kind == Expr::Kind::Int) {
            inner.number = -inner.number;
            return inner;
        }
        Expr e = make(Expr::Kind::Neg);
        e.args.push_back(std::move(inner));
        return e;
    }
    return conv_primary_child(*n.children.at(0));
}

// A left-deep chain of binary operators, refused before it grows deeper than kMaxDepth (the
// passes over expressions recurse on their depth).
class Chain {
  public:
    explicit Chain(Expr first) : acc_(std::move(first)), depth_(depth_of(acc_)) {}
    void add(Expr::Kind kind, std::string op, Expr operand) {
        depth_ = std::max(depth_, depth_of(operand)) + 1;
        if (depth_ > kMaxDepth)
            throw Unsupported(fmt::format("expression nested deeper than {} levels", kMaxDepth));
        acc_ = binary(kind, std::move(op), std::move(acc_), std::move(operand));
    }
    Expr take() { return std::move(acc_); }

  private:
    Expr acc_;
    size_t depth_;
};

// operand (op operand)* with left associativity
template <typename Operand>
Expr conv_chain(const Node& n, Expr::Kind kind, Operand operand) {
    Chain chain(operand(*n.children.at(0)));
    for (size_t i = 1; i + 1 < n.children.size(); i += 2)
        chain.add(kind, n.children[i]->string(), operand(*n.children[i + 1]));
    return chain.take();
}

Expr conv_add(const Node& n) {
    return conv_chain(n, Expr::Kind::Arith,
                      [](const Node& m) { return conv_chain(m, Expr::Kind::Arith, conv_unary); });
}

bool has_not(const Node& n) {
    for (const auto& c : n.children)
        if (c->is_type<not_flag>()) return true;
    return false;
}

Expr maybe_not(Expr e, bool negate) {
    if (!negate) return e;
    Expr n = make(Expr::Kind::Not);
    n.args.push_back(std::move(e));
    return n;
}

// x IS [NOT] TRUE/FALSE: never NULL, and TRUE exactly when x (NOT x) would keep a row in a
// WHERE, so CASE WHEN [NOT] x THEN TRUE ELSE FALSE END, negated for NOT. x must be a condition
// for both (the encoder refuses an integer, as it does in a bare WHERE x).
Expr conv_is_bool(Expr left, const Node& truth_node, bool neg) {
    auto truth = [](bool value) {
        Expr t = make(Expr::Kind::Bool);
        t.number = value ? 1 : 0;
        return t;
    };
    Expr when = truth_node.is_type<true_lit>() ? std::move(left) : maybe_not(std::move(left), true);
    Expr e = make(Expr::Kind::Case);
    e.has_else = true;
    e.args.push_back(std::move(when));
    e.args.push_back(truth(true));
    e.args.push_back(truth(false));
    return maybe_not(std::move(e), neg);
}

Expr conv_comparison(const Node& n) {
    Expr left = conv_add(*n.children.at(0));
    if (n.children.size() == 1) return left;
    const Node& s = *n.children[1];
    bool neg = has_not(s);
    std::vector<const Node*> operands;
    for (const auto& c : s.children)
        if (!c->is_type<not_flag>() && !c->is_type<cmp_op>()) operands.push_back(c.get());
    if (s.is_type<is_null_sfx>()) {
        Expr e = make(Expr::Kind::IsNull);
        e.negated = neg;
        e.args.push_back(std::move(left));
        return e;
    }
    if (s.is_type<is_bool_sfx>()) return conv_is_bool(std::move(left), *operands.at(0), neg);
    if (s.is_type<cmp_sfx>()) {
        std::string op = s.children.at(0)->string();
        if (op == "!=") op = "<>";
        return binary(Expr::Kind::Compare, op, std::move(left), conv_add(*operands.at(0)));
    }
    if (s.is_type<in_query_sfx>()) {
        Expr e = make(Expr::Kind::InQuery);
        e.args.push_back(std::move(left));
        e.sub = conv_query(*operands.at(0));
        return maybe_not(std::move(e), neg);
    }
    if (s.is_type<in_list_sfx>()) {
        Expr e = make(Expr::Kind::InList);
        e.args.push_back(std::move(left));
        for (const Node* o : operands) e.args.push_back(conv_expr(*o));
        return maybe_not(std::move(e), neg);
    }
    if (s.is_type<between_sfx>()) {
        Expr e = make(Expr::Kind::Between);
        e.args.push_back(std::move(left));
        e.args.push_back(conv_add(*operands.at(0)));
        e.args.push_back(conv_add(*operands.at(1)));
        return maybe_not(std::move(e), neg);
    }
    Expr e = binary(Expr::Kind::Like, "LIKE", std::move(left), conv_add(*operands.at(0)));
    return maybe_not(std::move(e), neg);
}

Expr conv_not(const Node& n) {
    if (n.children.at(0)->is_type<not_op>()) {
        Expr e = make(Expr::Kind::Not);
        e.args.push_back(conv_not(*n.children.at(1)));
        return e;
    }
    return conv_comparison(*n.children.at(0));
}

}  // namespace

Expr conv_expr(const Node& n) {
    // expr: and_expr+ joined by OR; and_expr: not_expr+ joined by AND
    auto conv_and = [](const Node& a) {
        Chain chain(conv_not(*a.children.at(0)));
        for (size_t i = 1; i < a.children.size(); ++i)
            chain.add(Expr::Kind::And, "AND", conv_not(*a.children[i]));
        return chain.take();
    };
    Chain chain(conv_and(*n.children.at(0)));
    for (size_t i = 1; i < n.children.size(); ++i)
        chain.add(Expr::Kind::Or, "OR", conv_and(*n.children[i]));
    return chain.take();
}

}  // namespace eriq::verify::sql_convert
