#pragma once
// SPES-style equivalence of two normalized algebra trees. match() returns a query-pair symbolic
// representation: one symbolic tuple shared by both sides (a bijection between their rows),
// each side's output columns over it, and the condition under which the tuple is a row. It is
// only returned when the two sides are cardinally equivalent (the condition is the same on both
// sides); `full` says the columns are equal too (bag equivalence).
#include <chrono>
#include <optional>
#include <stdexcept>
#include <vector>

#include "verify/algebra.hpp"
#include "verify/expr_encoder.hpp"
#include "verify/limits.hpp"

namespace eriq::verify {

struct PairRep {
    std::vector<Sym> left, right;
    z3::expr cond;
    bool full = false;
};

class Matcher {
  public:
    Matcher(ExprEncoder& encoder, std::chrono::steady_clock::time_point deadline);

    std::optional<PairRep> match(const NodeP& a, const NodeP& b);
    bool provably_empty(const NodeP& n);
    // f holds in every model (unsat of its negation); false on unknown.
    bool valid(const z3::expr& f);

  private:
    std::optional<PairRep> match_table(const Node& a, const Node& b);
    std::optional<PairRep> match_spj(const Node& a, const Node& b);
    std::optional<PairRep> match_agg(const Node& a, const Node& b);
    std::optional<PairRep> match_union(const NodeP& a, const NodeP& b);
    std::optional<PairRep> match_outer_join(const Node& a, const Node& b);
    bool same_aggregate(const Expr& x, const Expr& y, const PairRep& child);
    PairRep empty_rep(size_t width);
    Sym fresh_column(const char* name);
    z3::expr fresh_bool(const char* name);
    z3::expr fresh_int(const char* name);
    // A copy of p whose fresh constants created since `mark` are renamed: a second, independent
    // row of the same pair of relations.
    PairRep rename_fresh(const PairRep& p, size_t mark);

    ExprEncoder& enc_;
    z3::context& ctx_;
    z3::solver solver_;
    std::chrono::steady_clock::time_point deadline_;
    std::vector<z3::expr> fresh_;
    unsigned counter_ = 0;
};

}  // namespace eriq::verify
