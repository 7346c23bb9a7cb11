#include "verify/algebra.hpp"

#include <fmt/format.h>

#include "verify/limits.hpp"

namespace eriq::verify {

Expr slot(size_t index) {
    Expr e;
    e.kind = Expr::Kind::Slot;
    e.number = static_cast<long long>(index);
    return e;
}

Expr without_args(const Expr& e) {
    check_deadline();
    Expr out;
    out.kind = e.kind;
    out.op = e.op;
    out.name = e.name;
    out.number = e.number;
    out.negated = e.negated;
    out.distinct = e.distinct;
    out.star = e.star;
    out.has_else = e.has_else;
    out.sub = e.sub;
    out.args.reserve(e.args.size());
    return out;
}

Expr substitute_slots(const Expr& e, const std::vector<Expr>& replacement) {
    if (e.kind == Expr::Kind::Slot) return replacement.at(static_cast<size_t>(e.number));
    Expr out = without_args(e);
    for (const Expr& a : e.args) out.args.push_back(substitute_slots(a, replacement));
    return out;
}

Expr shift_slots(const Expr& e, size_t by) {
    if (e.kind == Expr::Kind::Slot) return slot(static_cast<size_t>(e.number) + by);
    Expr out = without_args(e);
    for (const Expr& a : e.args) out.args.push_back(shift_slots(a, by));
    return out;
}

Expr conjunction(std::vector<Expr> parts) {
    if (parts.empty()) {
        Expr t;
        t.kind = Expr::Kind::Bool;
        t.number = 1;
        return t;
    }
    Expr acc = std::move(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i) {
        Expr a;
        a.kind = Expr::Kind::And;
        a.op = "AND";
        a.args.push_back(std::move(acc));
        a.args.push_back(std::move(parts[i]));
        acc = std::move(a);
    }
    return acc;
}

std::string to_string(const Expr& e) {
    using K = Expr::Kind;
    std::string args;
    for (const Expr& a : e.args) args += (args.empty() ? "" : ", ") + to_string(a);
    switch (e.kind) {
        case K::Column:
            return e.op.empty() ? e.name : e.op + "." + e.name;
        case K::Slot:
            return fmt::format("#{}", e.number);
        case K::Int:
            return std::to_string(e.number);
        case K::Str:
            return "'" + e.name + "'";
        case K::Bool:
            return e.number ? "TRUE" : "FALSE";
        case K::Null:
            return "NULL";
        case K::Neg:
            return "-(" + args + ")";
        case K::Not:
            return "NOT (" + args + ")";
        case K::And:
        case K::Or:
        case K::Compare:
        case K::Arith:
        case K::Like:
            return "(" + to_string(e.args[0]) + " " + e.op + " " + to_string(e.args[1]) + ")";
        case K::IsNull:
            return "(" + args + (e.negated ? " IS NOT NULL)" : " IS NULL)");
        case K::InList:
            return "IN(" + args + ")";
        case K::InQuery:
            return "IN_QUERY(" + args + ")";
        case K::Exists:
            return "EXISTS(...)";
        case K::Subquery:
            return "(SUBQUERY)";
        case K::Between:
            return "BETWEEN(" + args + ")";
        case K::Case:
            return fmt::format("CASE{}({})", e.has_else ? "_ELSE" : "", args);
        case K::Cast:
            return "CAST(" + args + " AS " + e.name + ")";
        case K::Function:
            return e.name + "(" + args + ")";
        case K::Aggregate:
            return e.name + "(" + (e.distinct ? "DISTINCT " : "") + (e.star ? "*" : args) + ")";
        case K::Row:
            return "ROW(" + args + ")";
    }
    return "?";
}

std::string to_string(const Node& n) {
    std::string in;
    for (const NodeP& i : n.inputs) in += (in.empty() ? "" : ", ") + to_string(*i);
    std::string proj;
    for (const Expr& p : n.proj) proj += (proj.empty() ? "" : ", ") + to_string(p);
    switch (n.kind) {
        case Node::Kind::Table:
            return n.table;
        case Node::Kind::Spj:
            return fmt::format("SPJ[{} | {} | {}]", proj, n.has_pred ? to_string(n.pred) : "", in);
        case Node::Kind::Agg: {
            std::string aggs;
            for (const Expr& a : n.aggs) aggs += (aggs.empty() ? "" : ", ") + to_string(a);
            return fmt::format("AGG[{} | {} | {}]", proj, aggs, in);
        }
        case Node::Kind::Union:
            return "UNION[" + in + "]";
        case Node::Kind::OuterJoin:
            return fmt::format("{}[{} | {}]", n.full ? "FULLJOIN" : "LEFTJOIN",
                               n.has_pred ? to_string(n.pred) : "", in);
    }
    return "?";
}

}  // namespace eriq::verify
