#include "verify/predicate_class.hpp"

#include <algorithm>

#include "verify/algebra.hpp"
#include "verify/expr_encoder.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify {
namespace {

std::string column_key(const Expr& e) {
    return e.op.empty() ? e.name : e.op + "." + e.name;
}

Expr bind_columns(const Expr& e, const std::vector<std::string>& columns) {
    if (e.kind == Expr::Kind::Column) {
        auto it = std::find(columns.begin(), columns.end(), column_key(e));
        if (it == columns.end()) throw Unsupported("unknown column " + column_key(e));
        return slot(static_cast<size_t>(it - columns.begin()));
    }
    Expr out = e;
    for (Expr& a : out.args) a = bind_columns(a, columns);
    return out;
}

void collect_columns(const Expr& e, std::vector<std::string>& out) {
    if (e.kind == Expr::Kind::Column &&
        std::find(out.begin(), out.end(), column_key(e)) == out.end())
        out.push_back(column_key(e));
    for (const Expr& a : e.args) collect_columns(a, out);
}

}  // namespace

const char* predicate_class_name(PredicateClass c) {
    switch (c) {
        case PredicateClass::Contradiction:
            return "contradiction";
        case PredicateClass::Tautology:
            return "tautology";
        case PredicateClass::Contingent:
            return "contingent";
        case PredicateClass::Unknown:
            return "unknown";
    }
    return "?";
}

PredicateClass classify_predicate(std::string_view sql, const std::vector<std::string>& columns,
                                  const std::vector<std::string>& not_null, unsigned timeout_ms) {
    std::vector<std::string> upper_columns;
    for (std::string c : columns) {
        for (char& ch : c) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        upper_columns.push_back(c);
    }
    Expr parsed = parse_expression(sql);
    if (upper_columns.empty()) collect_columns(parsed, upper_columns);
    Expr pred = bind_columns(parsed, upper_columns);
    z3::context ctx;
    ExprEncoder enc(ctx, SqlType::Any);
    std::vector<Sym> values;
    z3::solver solver(ctx);
    z3::params p(ctx);
    p.set("timeout", timeout_ms);
    solver.set(p);
    for (size_t i = 0; i < upper_columns.size(); ++i) {
        values.push_back(enc.fresh_column(upper_columns[i]));
        if (i < columns.size() &&
            std::find(not_null.begin(), not_null.end(), columns[i]) != not_null.end())
            solver.add(!values.back().null);
    }
    z3::expr truth = enc.is_true(enc.encode(pred, values));
    solver.add(enc.axioms());
    auto check = [&](const z3::expr& f) {
        solver.push();
        solver.add(f);
        z3::check_result r = solver.check();
        solver.pop();
        return r;
    };
    z3::check_result can_fail = check(!truth);
    z3::check_result can_hold = check(truth);
    if (can_fail == z3::unsat) return PredicateClass::Tautology;
    if (can_hold == z3::unsat) return PredicateClass::Contradiction;
    if (can_fail == z3::sat && can_hold == z3::sat) return PredicateClass::Contingent;
    return PredicateClass::Unknown;
}

}  // namespace eriq::verify
