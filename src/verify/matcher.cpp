#include "verify/matcher.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "verify/sql_parse.hpp"

namespace eriq::verify {
namespace {

// Bounds the permutations tried for the inputs of one SPJ or the branches of one UNION.
constexpr size_t kMaxInputs = 6;

bool compatible(const Node& a, const Node& b) {
    if (a.kind == Node::Kind::Table || b.kind == Node::Kind::Table)
        return a.kind == b.kind && a.table == b.table;
    return true;
}

NodeP identity_spj(const NodeP& n) {
    auto spj = std::make_shared<Node>();
    spj->kind = Node::Kind::Spj;
    spj->inputs.push_back(n);
    for (size_t i = 0; i < n->width; ++i) spj->proj.push_back(slot(i));
    spj->width = n->width;
    return spj;
}

// A union's column: this branch's value when `here`, else the other branches'. Branches of
// different types give a column of no modelled type.
Sym branch_choice(const z3::expr& here, const Sym& branch, const Sym& rest) {
    SqlType type = branch.type == rest.type       ? branch.type
                   : branch.type == SqlType::Null ? rest.type
                   : rest.type == SqlType::Null   ? branch.type
                                                  : SqlType::Other;
    return Sym{z3::ite(here, branch.value, rest.value), z3::ite(here, branch.null, rest.null),
               false, type};
}

}  // namespace

Matcher::Matcher(ExprEncoder& encoder, std::chrono::steady_clock::time_point deadline)
    : enc_(encoder), ctx_(encoder.context()), solver_(ctx_), deadline_(deadline) {}

Sym Matcher::fresh_column(const char* name) {
    Sym s{fresh_int(name), fresh_bool(name), false, SqlType::Any};
    return s;
}

z3::expr Matcher::fresh_bool(const char* name) {
    z3::expr e = ctx_.bool_const(fmt::format("{}!b{}", name, counter_++).c_str());
    fresh_.push_back(e);
    return e;
}

z3::expr Matcher::fresh_int(const char* name) {
    z3::expr e = ctx_.int_const(fmt::format("{}!i{}", name, counter_++).c_str());
    fresh_.push_back(e);
    return e;
}

bool Matcher::valid(const z3::expr& f) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline_ - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw ProofTimeout();
    z3::params p(ctx_);
    p.set("timeout", static_cast<unsigned>(left.count()));
    solver_.set(p);
    solver_.push();
    solver_.add(enc_.axioms());
    solver_.add(!f);
    z3::check_result r = solver_.check();
    solver_.pop();
    return r == z3::unsat;
}

PairRep Matcher::rename_fresh(const PairRep& p, size_t mark) {
    z3::expr_vector from(ctx_), to(ctx_);
    for (size_t i = mark; i < fresh_.size(); ++i) {
        from.push_back(fresh_[i]);
        to.push_back(fresh_[i].is_bool()
                         ? ctx_.bool_const(fmt::format("r!b{}", counter_++).c_str())
                         : ctx_.int_const(fmt::format("r!i{}", counter_++).c_str()));
    }
    auto copy = [&](Sym s) {
        s.value = s.value.substitute(from, to);
        s.null = s.null.substitute(from, to);
        return s;
    };
    z3::expr cond = p.cond;
    PairRep out{{}, {}, cond.substitute(from, to), p.full};
    for (const Sym& s : p.left) out.left.push_back(copy(s));
    for (const Sym& s : p.right) out.right.push_back(copy(s));
    return out;
}

PairRep Matcher::empty_rep(size_t width) {
    PairRep rep{{}, {}, ctx_.bool_val(false), true};
    for (size_t i = 0; i < width; ++i) rep.left.push_back(fresh_column("empty"));
    rep.right = rep.left;
    return rep;
}

bool Matcher::provably_empty(const NodeP& n) {
    if (n->kind == Node::Kind::Union && n->inputs.empty()) return true;
    if (n->kind == Node::Kind::Table) return false;
    std::optional<PairRep> self = match(n, n);
    return self && valid(!self->cond);
}

std::optional<PairRep> Matcher::match(const NodeP& a, const NodeP& b) {
    check_deadline();
    if (a->kind == Node::Kind::Union || b->kind == Node::Kind::Union) return match_union(a, b);
    if (a->kind != b->kind) {
        if (a->kind == Node::Kind::Spj) return match_spj(*a, *identity_spj(b));
        if (b->kind == Node::Kind::Spj) return match_spj(*identity_spj(a), *b);
        return std::nullopt;
    }
    switch (a->kind) {
        case Node::Kind::Table:
            return match_table(*a, *b);
        case Node::Kind::Spj:
            return match_spj(*a, *b);
        case Node::Kind::Agg:
            return match_agg(*a, *b);
        case Node::Kind::OuterJoin:
            return match_outer_join(*a, *b);
        case Node::Kind::Union:
            break;
    }
    return std::nullopt;
}

std::optional<PairRep> Matcher::match_table(const Node& a, const Node& b) {
    if (a.table != b.table || a.width != b.width) return std::nullopt;
    PairRep rep{{}, {}, ctx_.bool_val(true), true};
    for (size_t i = 0; i < a.width; ++i) {
        rep.left.push_back(fresh_column(a.table.c_str()));
        rep.left.back().type = i < a.types.size() ? a.types[i] : SqlType::Other;
    }
    rep.right = rep.left;
    return rep;
}

std::optional<PairRep> Matcher::match_spj(const Node& a, const Node& b) {
    size_t n = a.inputs.size();
    if (n != b.inputs.size() || n > kMaxInputs) return std::nullopt;
    std::vector<size_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::vector<std::vector<char>> failed(n, std::vector<char>(n, 0));
    std::optional<PairRep> cardinal;
    do {
        bool possible = true;
        for (size_t i = 0; i < n && possible; ++i)
            possible = !failed[i][perm[i]] && compatible(*a.inputs[i], *b.inputs[perm[i]]);
        if (!possible) continue;
        std::vector<PairRep> reps;
        for (size_t i = 0; i < n; ++i) {
            std::optional<PairRep> r = match(a.inputs[i], b.inputs[perm[i]]);
            if (!r) {
                failed[i][perm[i]] = 1;
                break;
            }
            reps.push_back(std::move(*r));
        }
        if (reps.size() != n) continue;
        std::vector<Sym> left, right;
        std::vector<size_t> inverse(n);
        for (size_t i = 0; i < n; ++i) inverse[perm[i]] = i;
        z3::expr base = ctx_.bool_val(true);
        for (size_t i = 0; i < n; ++i) {
            left.insert(left.end(), reps[i].left.begin(), reps[i].left.end());
            const PairRep& r = reps[inverse[i]];
            right.insert(right.end(), r.right.begin(), r.right.end());
            base = base && reps[i].cond;
        }
        z3::expr p1 = a.has_pred ? enc_.is_true(enc_.encode(a.pred, left)) : ctx_.bool_val(true);
        z3::expr p2 = b.has_pred ? enc_.is_true(enc_.encode(b.pred, right)) : ctx_.bool_val(true);
        if (!valid(z3::implies(base, p1 == p2))) continue;
        PairRep rep{{}, {}, base && p1, false};
        for (const Expr& e : a.proj) rep.left.push_back(enc_.as_column(enc_.encode(e, left)));
        for (const Expr& e : b.proj) rep.right.push_back(enc_.as_column(enc_.encode(e, right)));
        if (rep.left.size() == rep.right.size()) {
            z3::expr equal = ctx_.bool_val(true);
            for (size_t k = 0; k < rep.left.size(); ++k)
                equal = equal && enc_.same(rep.left[k], rep.right[k]);
            rep.full = valid(z3::implies(rep.cond, equal));
        }
        if (rep.full) return rep;
        if (!cardinal) cardinal = std::move(rep);
    } while (std::next_permutation(perm.begin(), perm.end()));
    return cardinal;
}

bool Matcher::same_aggregate(const Expr& x, const Expr& y, const PairRep& child) {
    if (x.name != y.name) return false;
    bool order_only = x.name == "MIN" || x.name == "MAX";  // DISTINCT changes nothing
    if (!order_only && x.distinct != y.distinct) return false;
    if (x.star && y.star) return true;
    if (x.star != y.star) {
        // COUNT(*) = COUNT(e) when e is never NULL in the group.
        if (x.distinct || y.distinct) return false;
        const Expr& e = x.star ? y : x;
        const std::vector<Sym>& cols = x.star ? child.right : child.left;
        if (e.args.size() != 1) return false;
        return valid(z3::implies(child.cond, !enc_.encode(e.args[0], cols).null));
    }
    if (x.args.size() != 1 || y.args.size() != 1) return false;
    Sym ax = enc_.encode(x.args[0], child.left), ay = enc_.encode(y.args[0], child.right);
    return valid(z3::implies(child.cond, enc_.same(ax, ay)));
}

std::optional<PairRep> Matcher::match_agg(const Node& a, const Node& b) {
    bool keyed = !a.proj.empty();
    if (keyed != !b.proj.empty()) return std::nullopt;
    size_t mark = fresh_.size();
    std::optional<PairRep> child = match(a.inputs[0], b.inputs[0]);
    if (!child) return std::nullopt;
    PairRep rep{{}, {}, keyed ? child->cond : ctx_.bool_val(true), true};
    for (const Expr& k : a.proj) rep.left.push_back(enc_.as_column(enc_.encode(k, child->left)));
    for (const Expr& k : b.proj) rep.right.push_back(enc_.as_column(enc_.encode(k, child->right)));
    if (keyed) {
        // Same groups: two rows are in one group on the left iff they are on the right.
        PairRep other = rename_fresh(*child, mark);
        auto together = [&](const std::vector<Expr>& keys, const std::vector<Sym>& t,
                            const std::vector<Sym>& u) {
            z3::expr all = ctx_.bool_val(true);
            for (const Expr& k : keys) all = all && enc_.same(enc_.encode(k, t), enc_.encode(k, u));
            return all;
        };
        z3::expr left = together(a.proj, child->left, other.left);
        z3::expr right = together(b.proj, child->right, other.right);
        if (!valid(z3::implies(child->cond && other.cond, left == right))) return std::nullopt;
    }
    std::vector<Sym> left_aggs;
    for (size_t i = 0; i < a.aggs.size(); ++i) {
        left_aggs.push_back(fresh_column("agg"));
        left_aggs.back().type = enc_.aggregate_type(a.aggs[i], child->left);
    }
    rep.left.insert(rep.left.end(), left_aggs.begin(), left_aggs.end());
    bool positional = a.aggs.size() == b.aggs.size() && a.proj.size() == b.proj.size();
    for (size_t j = 0; j < b.aggs.size(); ++j) {
        std::optional<size_t> found;
        if (j < a.aggs.size() && same_aggregate(a.aggs[j], b.aggs[j], *child)) found = j;
        for (size_t i = 0; i < a.aggs.size() && !found; ++i)
            if (same_aggregate(a.aggs[i], b.aggs[j], *child)) found = i;
        positional = positional && found == j;
        rep.right.push_back(found ? left_aggs[*found] : fresh_column("agg"));
        rep.right.back().type = enc_.aggregate_type(b.aggs[j], child->right);
    }
    if (positional) {
        z3::expr equal = ctx_.bool_val(true);
        for (size_t k = 0; k < a.proj.size(); ++k)
            equal = equal && enc_.same(rep.left[k], rep.right[k]);
        rep.full = valid(z3::implies(rep.cond, equal));
    } else {
        rep.full = false;
    }
    return rep;
}

std::optional<PairRep> Matcher::match_union(const NodeP& a, const NodeP& b) {
    auto branches = [&](const NodeP& n) {
        std::vector<NodeP> out;
        std::vector<NodeP> all = n->kind == Node::Kind::Union ? n->inputs : std::vector<NodeP>{n};
        for (const NodeP& x : all)
            if (!provably_empty(x)) out.push_back(x);
        return out;
    };
    std::vector<NodeP> left = branches(a), right = branches(b);
    if (left.empty() && right.empty()) return empty_rep(std::max(a->width, b->width));
    if (left.size() != right.size() || left.size() > kMaxInputs) return std::nullopt;
    if (left.size() == 1) return match(left[0], right[0]);
    size_t n = left.size();
    std::vector<size_t> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    std::vector<std::vector<char>> failed(n, std::vector<char>(n, 0));
    std::optional<PairRep> cardinal;
    do {
        bool possible = true;
        for (size_t i = 0; i < n && possible; ++i) possible = !failed[i][perm[i]];
        if (!possible) continue;
        std::vector<PairRep> reps;
        for (size_t i = 0; i < n; ++i) {
            std::optional<PairRep> r = match(left[i], right[perm[i]]);
            if (!r || r->left.size() != left[0]->width || r->right.size() != right[0]->width) {
                failed[i][perm[i]] = 1;
                break;
            }
            reps.push_back(std::move(*r));
        }
        if (reps.size() != n) continue;
        // One symbolic row of the union: branch `which`'s row.
        z3::expr which = fresh_int("branch");
        PairRep rep = reps[n - 1];
        rep.cond = which == static_cast<int>(n - 1) && rep.cond;
        for (size_t i = n - 1; i-- > 0;) {
            z3::expr here = which == static_cast<int>(i);
            for (size_t k = 0; k < rep.left.size(); ++k)
                rep.left[k] = branch_choice(here, reps[i].left[k], rep.left[k]);
            for (size_t k = 0; k < rep.right.size(); ++k)
                rep.right[k] = branch_choice(here, reps[i].right[k], rep.right[k]);
            rep.cond = (here && reps[i].cond) || rep.cond;
            rep.full = rep.full && reps[i].full;
        }
        if (rep.full) return rep;
        if (!cardinal) cardinal = std::move(rep);
    } while (std::next_permutation(perm.begin(), perm.end()));
    return cardinal;
}

std::optional<PairRep> Matcher::match_outer_join(const Node& a, const Node& b) {
    if (a.full != b.full) return std::nullopt;
    std::optional<PairRep> l = match(a.inputs[0], b.inputs[0]);
    if (!l) return std::nullopt;
    std::optional<PairRep> r = match(a.inputs[1], b.inputs[1]);
    if (!r) return std::nullopt;
    std::vector<Sym> left = l->left, right = l->right;
    left.insert(left.end(), r->left.begin(), r->left.end());
    right.insert(right.end(), r->right.begin(), r->right.end());
    z3::expr on1 = enc_.is_true(enc_.encode(a.pred, left));
    z3::expr on2 = enc_.is_true(enc_.encode(b.pred, right));
    // Same ON on every pair of rows: the same pairs match and the same rows stay unmatched.
    if (!valid(z3::implies(l->cond && r->cond, on1 == on2))) return std::nullopt;
    // A row of the result: a matched pair, or a left (FULL: or right) row padded with NULLs.
    z3::expr has_left = a.full ? fresh_bool("has_left") : ctx_.bool_val(true);
    z3::expr has_right = fresh_bool("has_right");
    auto pad = [&](Sym s, const z3::expr& present) {
        s.null = !present || s.null;
        return s;
    };
    PairRep rep{{}, {}, ctx_.bool_val(true), l->full && r->full};
    for (size_t k = 0; k < left.size(); ++k)
        rep.left.push_back(pad(left[k], k < l->left.size() ? has_left : has_right));
    for (size_t k = 0; k < right.size(); ++k)
        rep.right.push_back(pad(right[k], k < l->right.size() ? has_left : has_right));
    rep.cond = z3::implies(has_left, l->cond) && z3::implies(has_right, r->cond) &&
               z3::implies(has_left && has_right, on1) && (has_left || has_right);
    return rep;
}

}  // namespace eriq::verify
