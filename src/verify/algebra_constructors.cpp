// The SPJ and UNION constructors of build_algebra.hpp with their normalizations: UNION
// branches flattened, an SPJ pushed into the branches of a UNION input, nested SPJ inputs
// flattened, then simplified (normalize.hpp).
#include "verify/build_algebra.hpp"
#include "verify/normalize.hpp"

namespace eriq::verify {
namespace {

bool is_true_literal(const Expr& e) {
    return e.kind == Expr::Kind::Bool && e.number == 1;
}

}  // namespace

NodeP make_union(std::vector<NodeP> branches) {
    std::vector<NodeP> flat;
    for (NodeP& b : branches) {
        if (b->kind == Node::Kind::Union) {
            for (const NodeP& inner : b->inputs) flat.push_back(inner);
        } else {
            flat.push_back(std::move(b));
        }
    }
    if (flat.size() == 1) return flat[0];
    auto node = std::make_shared<Node>();
    node->kind = Node::Kind::Union;
    node->width = flat.empty() ? 0 : flat[0]->width;
    node->inputs = std::move(flat);
    return node;
}

NodeP make_spj(std::vector<NodeP> inputs, Expr pred, std::vector<Expr> proj) {
    // A join distributes over UNION ALL: push this SPJ into the branches of the first union.
    for (size_t u = 0; u < inputs.size(); ++u) {
        if (inputs[u]->kind != Node::Kind::Union) continue;
        std::vector<NodeP> branches;
        for (const NodeP& b : inputs[u]->inputs) {
            std::vector<NodeP> with_branch = inputs;
            with_branch[u] = b;
            branches.push_back(make_spj(std::move(with_branch), pred, proj));
        }
        if (branches.empty()) {
            auto empty = std::make_shared<Node>();
            empty->kind = Node::Kind::Union;
            empty->width = proj.size();
            return empty;
        }
        return make_union(std::move(branches));
    }
    // Flatten SPJ inputs: their inputs join this one, their columns become their projections.
    std::vector<NodeP> flat;
    std::vector<Expr> columns;  // old input column -> expression over the flat inputs
    std::vector<Expr> preds;
    size_t width = 0;
    for (const NodeP& in : inputs) {
        if (in->kind == Node::Kind::Spj) {
            for (const NodeP& inner : in->inputs) flat.push_back(inner);
            for (const Expr& p : in->proj) columns.push_back(shift_slots(p, width));
            if (in->has_pred) preds.push_back(shift_slots(in->pred, width));
            for (const NodeP& inner : in->inputs) width += inner->width;
        } else {
            flat.push_back(in);
            for (size_t i = 0; i < in->width; ++i) columns.push_back(slot(width + i));
            width += in->width;
        }
    }
    if (!is_true_literal(pred))
        for (Expr& c : conjuncts(substitute_slots(pred, columns))) preds.push_back(std::move(c));
    std::vector<Expr> mapped;
    for (const Expr& p : proj) mapped.push_back(substitute_slots(p, columns));
    if (auto simpler = simplify_spj(flat, preds, mapped)) return *simpler;
    auto node = std::make_shared<Node>();
    node->kind = Node::Kind::Spj;
    node->inputs = std::move(flat);
    node->has_pred = !preds.empty();
    if (node->has_pred) node->pred = conjunction(std::move(preds));
    node->proj = std::move(mapped);
    node->width = node->proj.size();
    return node;
}

}  // namespace eriq::verify
