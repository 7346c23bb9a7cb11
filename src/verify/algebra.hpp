#pragma once
// SPES's normalized algebraic representation: TABLE, SPJ, AGG, UNION (ALL), plus outer joins
// kept as their own node. Expressions refer to input columns by Slot index: for an SPJ into
// the concatenation of its inputs' columns, for an AGG into its child's, for an outer join into
// left ++ right.
#include <memory>
#include <string>
#include <vector>

#include "verify/sql_ast.hpp"

namespace eriq::verify {

struct Node;
using NodeP = std::shared_ptr<const Node>;

struct Node {
    enum class Kind { Table, Spj, Agg, Union, OuterJoin };
    Kind kind = Kind::Table;
    std::string table;           // Table
    std::vector<SqlType> types;  // Table: the columns' declared types
    size_t width = 0;            // output columns
    std::vector<NodeP> inputs;   // Spj inputs, Agg child, Union branches, OuterJoin left/right
    bool has_pred = false;       // Spj WHERE, OuterJoin ON
    Expr pred;
    std::vector<Expr> proj;  // Spj output expressions; Agg group keys
    std::vector<Expr> aggs;  // Agg calls (Kind::Aggregate)
    bool full = false;       // OuterJoin: FULL (otherwise LEFT)
};

// Expression helpers shared by the builder and the prover.
Expr slot(size_t index);
// e's kind, operator, name and flags, with no arguments (to map over the arguments).
Expr without_args(const Expr& e);
Expr shift_slots(const Expr& e, size_t by);
Expr substitute_slots(const Expr& e, const std::vector<Expr>& replacement);
Expr conjunction(std::vector<Expr> parts);  // TRUE when empty
std::string to_string(const Expr& e);
std::string to_string(const Node& n);

}  // namespace eriq::verify
