#include "verify/normalize.hpp"

#include <algorithm>

#include "verify/build_algebra.hpp"

namespace eriq::verify {
namespace {

// e is NULL whenever some column in [lo, hi) is NULL (SQL's strict operators).
bool null_if_any(const Expr& e, size_t lo, size_t hi) {
    using K = Expr::Kind;
    switch (e.kind) {
        case K::Slot:
            return static_cast<size_t>(e.number) >= lo && static_cast<size_t>(e.number) < hi;
        case K::Neg:
        case K::Arith:
        case K::Compare:
        case K::Like:
            return std::any_of(e.args.begin(), e.args.end(),
                               [&](const Expr& a) { return null_if_any(a, lo, hi); });
        case K::Between:
        case K::InList:
            return null_if_any(e.args[0], lo, hi);
        default:
            return false;
    }
}

// e is TRUE only when some column in [lo, hi) is not NULL.
bool rejects_nulls(const Expr& e, size_t lo, size_t hi) {
    using K = Expr::Kind;
    switch (e.kind) {
        case K::And:
            return rejects_nulls(e.args[0], lo, hi) || rejects_nulls(e.args[1], lo, hi);
        case K::Or:
            return rejects_nulls(e.args[0], lo, hi) && rejects_nulls(e.args[1], lo, hi);
        case K::IsNull:
            return e.negated && null_if_any(e.args[0], lo, hi);
        case K::Compare:
        case K::Like:
        case K::Between:
        case K::InList:
            return null_if_any(e, lo, hi);
        default:
            return false;
    }
}

bool slots_within(const Expr& e, size_t lo, size_t hi) {
    if (e.kind == Expr::Kind::Slot)
        return static_cast<size_t>(e.number) >= lo && static_cast<size_t>(e.number) < hi;
    if (e.kind == Expr::Kind::Aggregate) return false;
    return std::all_of(e.args.begin(), e.args.end(),
                       [&](const Expr& a) { return slots_within(a, lo, hi); });
}

std::vector<Expr> identity(size_t width) {
    std::vector<Expr> out;
    for (size_t i = 0; i < width; ++i) out.push_back(slot(i));
    return out;
}

// A conjunct over only the preserved (left) side of a LEFT join keeps or drops all the rows one
// left row gives, NULL-padded or not: it filters the left input before the join just as well.
std::optional<NodeP> push_into_preserved_side(const std::vector<NodeP>& inputs, size_t k,
                                              size_t offset, const std::vector<Expr>& preds,
                                              const std::vector<Expr>& proj) {
    const Node& oj = *inputs[k];
    const NodeP& left = oj.inputs[0];
    std::vector<Expr> stay, push;
    for (const Expr& c : preds)
        (slots_within(c, offset, offset + left->width) ? push : stay).push_back(c);
    if (push.empty()) return std::nullopt;
    std::vector<Expr> to_left = identity(offset + left->width);
    for (size_t i = 0; i < left->width; ++i) to_left[offset + i] = slot(i);
    std::vector<Expr> below;
    for (const Expr& c : push) below.push_back(substitute_slots(c, to_left));
    auto join = std::make_shared<Node>(oj);
    join->inputs[0] = make_spj({left}, conjunction(std::move(below)), identity(left->width));
    std::vector<NodeP> next = inputs;
    next[k] = join;
    return make_spj(std::move(next), conjunction(std::move(stay)), proj);
}

std::optional<NodeP> simplify_outer_join(const std::vector<NodeP>& inputs, size_t k, size_t offset,
                                         std::vector<Expr> preds, const std::vector<Expr>& proj) {
    const Node& oj = *inputs[k];
    size_t lw = oj.inputs[0]->width, rw = oj.inputs[1]->width;
    bool right_needed = false, left_needed = false;
    for (const Expr& c : preds) {
        right_needed = right_needed || rejects_nulls(c, offset + lw, offset + lw + rw);
        left_needed = left_needed || rejects_nulls(c, offset, offset + lw);
    }
    if (right_needed && (left_needed || !oj.full)) {
        std::vector<NodeP> next(inputs.begin(), inputs.begin() + static_cast<long>(k));
        next.push_back(oj.inputs[0]);
        next.push_back(oj.inputs[1]);
        next.insert(next.end(), inputs.begin() + static_cast<long>(k) + 1, inputs.end());
        preds.push_back(shift_slots(oj.pred, offset));
        return make_spj(std::move(next), conjunction(std::move(preds)), proj);
    }
    if (!oj.full) return push_into_preserved_side(inputs, k, offset, preds, proj);
    if (!right_needed && !left_needed) return std::nullopt;
    auto join = std::make_shared<Node>(oj);
    join->full = false;
    // Non-NULL left columns drop FULL's right-only rows: a LEFT join.
    if (left_needed) {
        std::vector<NodeP> next = inputs;
        next[k] = join;
        return make_spj(std::move(next), conjunction(std::move(preds)), proj);
    }
    // Non-NULL right columns drop the left-only rows: a LEFT join with the sides swapped.
    std::swap(join->inputs[0], join->inputs[1]);
    std::vector<Expr> inside(lw + rw);
    for (size_t i = 0; i < lw; ++i) inside[i] = slot(rw + i);
    for (size_t j = 0; j < rw; ++j) inside[lw + j] = slot(j);
    join->pred = substitute_slots(oj.pred, inside);
    size_t total = 0;
    for (const NodeP& n : inputs) total += n->width;
    std::vector<Expr> outside = identity(total);
    for (size_t i = 0; i < lw + rw; ++i) outside[offset + i] = shift_slots(inside[i], offset);
    std::vector<NodeP> next = inputs;
    next[k] = join;
    for (Expr& c : preds) c = substitute_slots(c, outside);
    std::vector<Expr> mapped;
    for (const Expr& p : proj) mapped.push_back(substitute_slots(p, outside));
    return make_spj(std::move(next), conjunction(std::move(preds)), std::move(mapped));
}

std::optional<NodeP> push_into_aggregate(const std::vector<NodeP>& inputs, size_t k, size_t offset,
                                         const std::vector<Expr>& preds,
                                         const std::vector<Expr>& proj) {
    const Node& agg = *inputs[k];
    size_t keys = agg.proj.size();
    if (keys == 0) return std::nullopt;  // no GROUP BY: one row even when all are filtered
    std::vector<Expr> stay, push;
    for (const Expr& c : preds) (slots_within(c, offset, offset + keys) ? push : stay).push_back(c);
    if (push.empty()) return std::nullopt;
    size_t total = 0;
    for (const NodeP& n : inputs) total += n->width;
    std::vector<Expr> to_keys = identity(total);
    for (size_t i = 0; i < keys; ++i) to_keys[offset + i] = agg.proj[i];
    std::vector<Expr> below;
    for (const Expr& c : push) below.push_back(substitute_slots(c, to_keys));
    auto pushed = std::make_shared<Node>(agg);
    const NodeP& child = agg.inputs[0];
    pushed->inputs[0] = make_spj({child}, conjunction(std::move(below)), identity(child->width));
    std::vector<NodeP> next = inputs;
    next[k] = pushed;
    return make_spj(std::move(next), conjunction(std::move(stay)), proj);
}

// SPJ over one keyed AGG without aggregates whose projection lists its keys once each.
std::optional<NodeP> without_distinct(const NodeP& branch) {
    if (branch->kind != Node::Kind::Spj || branch->has_pred || branch->inputs.size() != 1)
        return std::nullopt;
    const Node& agg = *branch->inputs[0];
    if (agg.kind != Node::Kind::Agg || !agg.aggs.empty() || agg.proj.empty() ||
        branch->proj.size() != agg.proj.size())
        return std::nullopt;
    std::vector<Expr> keys;
    std::vector<char> seen(agg.proj.size(), 0);
    for (const Expr& p : branch->proj) {
        if (p.kind != Expr::Kind::Slot) return std::nullopt;
        size_t i = static_cast<size_t>(p.number);
        if (i >= seen.size() || seen[i]) return std::nullopt;
        seen[i] = 1;
        keys.push_back(agg.proj[i]);
    }
    return make_spj({agg.inputs[0]}, conjunction({}), std::move(keys));
}

// The aggregate over all rows that `outer` applied to the partial aggregates `inner` equals.
// `no_partial_row` says the partials may have no row at all (a keyless outer aggregate over
// grouped branches whose input is empty): SUM over no rows is NULL where COUNT is 0.
std::optional<Expr> combined(const Expr& outer, const Expr& inner, size_t column,
                             bool no_partial_row) {
    if (inner.distinct) return std::nullopt;
    if (no_partial_row && outer.name == "SUM" && inner.name == "COUNT") return std::nullopt;
    Expr out = inner;
    const std::string& o = outer.name;
    const std::string& i = inner.name;
    bool fits = (o == "SUM" && (i == "SUM" || i == "COUNT")) || (o == "MIN" && i == "MIN") ||
                (o == "MAX" && i == "MAX");
    if (!fits) return std::nullopt;
    out.args.clear();
    if (!inner.star) out.args.push_back(slot(column));
    return out;
}

}  // namespace

std::optional<NodeP> combine_partial_aggregates(const Node& outer) {
    const NodeP& child = outer.inputs[0];
    if (child->kind != Node::Kind::Union || child->inputs.empty()) return std::nullopt;
    for (const Expr& k : outer.proj)
        if (k.kind != Expr::Kind::Slot) return std::nullopt;
    for (const Expr& a : outer.aggs)
        if (a.star || a.distinct || a.args.size() != 1 || a.args[0].kind != Expr::Kind::Slot)
            return std::nullopt;
    // A keyless partial always gives one row; grouped ones give none over no input.
    bool no_partial_row = outer.proj.empty();
    for (const NodeP& b : child->inputs)
        if (b->kind == Node::Kind::Spj && b->inputs.size() == 1 &&
            b->inputs[0]->kind == Node::Kind::Agg && b->inputs[0]->proj.empty())
            no_partial_row = false;
    std::vector<Expr> aggs;
    std::vector<NodeP> branches;
    for (const NodeP& b : child->inputs) {
        if (b->kind != Node::Kind::Spj || b->has_pred || b->inputs.size() != 1 ||
            b->inputs[0]->kind != Node::Kind::Agg)
            return std::nullopt;
        const Node& inner = *b->inputs[0];
        size_t keys = inner.proj.size();
        // Keyless partials always give one row: only a keyless outer combines them.
        if (keys == 0 && !outer.proj.empty()) return std::nullopt;
        Expr null;
        null.kind = Expr::Kind::Null;
        std::vector<Expr> columns(child->width, null);
        for (const Expr& k : outer.proj) {
            const Expr& p = b->proj.at(static_cast<size_t>(k.number));
            if (p.kind != Expr::Kind::Slot || static_cast<size_t>(p.number) >= keys)
                return std::nullopt;
            columns[static_cast<size_t>(k.number)] = inner.proj[static_cast<size_t>(p.number)];
        }
        for (size_t i = 0; i < outer.aggs.size(); ++i) {
            size_t column = static_cast<size_t>(outer.aggs[i].args[0].number);
            const Expr& p = b->proj.at(column);
            if (p.kind != Expr::Kind::Slot || static_cast<size_t>(p.number) < keys)
                return std::nullopt;
            const Expr& partial = inner.aggs.at(static_cast<size_t>(p.number) - keys);
            std::optional<Expr> whole = combined(outer.aggs[i], partial, column, no_partial_row);
            if (!whole) return std::nullopt;
            if (branches.empty()) {
                aggs.push_back(*whole);
            } else if (to_string(aggs[i]) != to_string(*whole)) {
                return std::nullopt;
            }
            Expr one;
            one.kind = Expr::Kind::Int;
            one.number = 1;
            Expr value = partial.star ? one : partial.args.at(0);
            if (columns[column].kind != Expr::Kind::Null &&
                to_string(columns[column]) != to_string(value))
                return std::nullopt;
            columns[column] = value;
        }
        branches.push_back(make_spj({inner.inputs[0]}, conjunction({}), std::move(columns)));
    }
    auto out = std::make_shared<Node>(outer);
    out->inputs[0] = make_union(std::move(branches));
    out->aggs = std::move(aggs);
    return out;
}

std::vector<Expr> conjuncts(const Expr& e) {
    if (e.kind != Expr::Kind::And) return {e};
    std::vector<Expr> out = conjuncts(e.args[0]);
    for (Expr& c : conjuncts(e.args[1])) out.push_back(std::move(c));
    return out;
}

std::optional<NodeP> simplify_spj(const std::vector<NodeP>& inputs, const std::vector<Expr>& preds,
                                  const std::vector<Expr>& proj) {
    size_t offset = 0;
    for (size_t k = 0; k < inputs.size(); ++k) {
        if (inputs[k]->kind == Node::Kind::OuterJoin && !preds.empty()) {
            if (auto n = simplify_outer_join(inputs, k, offset, preds, proj)) return n;
        }
        if (inputs[k]->kind == Node::Kind::Agg && !preds.empty()) {
            if (auto n = push_into_aggregate(inputs, k, offset, preds, proj)) return n;
        }
        offset += inputs[k]->width;
    }
    return std::nullopt;
}

NodeP strip_inner_distinct(const NodeP& input) {
    if (input->kind != Node::Kind::Union) return without_distinct(input).value_or(input);
    std::vector<NodeP> branches;
    for (const NodeP& b : input->inputs) branches.push_back(without_distinct(b).value_or(b));
    return make_union(std::move(branches));
}

}  // namespace eriq::verify
