#include "verify/build_algebra.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "verify/normalize.hpp"
#include "verify/sql_parse.hpp"

namespace eriq::verify {
namespace {

struct Built {
    NodeP node;
    std::vector<std::string> names;
};

struct ScopeEntry {
    std::string alias;
    std::vector<std::string> names;
    size_t offset = 0;
};
using Scope = std::vector<ScopeEntry>;

struct FromPart {
    std::vector<NodeP> inputs;
    std::vector<Expr> preds;
    Scope scope;
    size_t width = 0;
};

Expr resolve(const Expr& e, const Scope& scope) {
    switch (e.kind) {
        case Expr::Kind::Column: {
            const ScopeEntry* found = nullptr;
            size_t index = 0;
            for (const ScopeEntry& s : scope) {
                if (!e.op.empty() && s.alias != e.op) continue;
                for (size_t i = 0; i < s.names.size(); ++i) {
                    if (s.names[i] != e.name) continue;
                    // A derived table's duplicate names (SELECT * over a self-join): Calcite
                    // renames all but the first, so the name means the first.
                    if (found == &s) continue;
                    if (found) throw Unsupported("ambiguous column " + to_string(e));
                    found = &s;
                    index = i;
                }
            }
            if (!found) throw Unsupported("unresolved column " + to_string(e));
            return slot(found->offset + index);
        }
        case Expr::Kind::InQuery:
        case Expr::Kind::Exists:
        case Expr::Kind::Subquery:
            throw Unsupported("subquery in an expression");
        case Expr::Kind::Row:
            throw Unsupported("row value");
        default:
            break;
    }
    Expr out = without_args(e);
    for (const Expr& a : e.args) out.args.push_back(resolve(a, scope));
    return out;
}

Built build(const Query& q, const Schema& schema);

NodeP from_as_node(FromPart part) {
    if (part.inputs.size() == 1 && part.preds.empty()) return part.inputs[0];
    std::vector<Expr> proj;
    for (size_t i = 0; i < part.width; ++i) proj.push_back(slot(i));
    return make_spj(std::move(part.inputs), conjunction(std::move(part.preds)), std::move(proj));
}

void append(FromPart& acc, FromPart right) {
    for (ScopeEntry& s : right.scope) {
        s.offset += acc.width;
        acc.scope.push_back(std::move(s));
    }
    for (Expr& p : right.preds) acc.preds.push_back(shift_slots(p, acc.width));
    for (NodeP& n : right.inputs) acc.inputs.push_back(std::move(n));
    acc.width += right.width;
}

FromPart convert_from(const TableRef& t, const Schema& schema) {
    FromPart part;
    switch (t.kind) {
        case TableRef::Kind::Base: {
            auto it = schema.tables.find(t.name);
            if (it == schema.tables.end()) throw Unsupported("unknown table " + t.name);
            auto node = std::make_shared<Node>();
            node->kind = Node::Kind::Table;
            node->table = t.name;
            node->width = it->second.size();
            for (const std::string& type : schema.types.at(t.name))
                node->types.push_back(declared_type(type));
            part.inputs.push_back(node);
            part.scope.push_back({t.alias, it->second, 0});
            part.width = node->width;
            return part;
        }
        case TableRef::Kind::Derived: {
            Built b = build(*t.sub, schema);
            part.width = b.node->width;
            part.inputs.push_back(b.node);
            part.scope.push_back({t.alias, b.names, 0});
            return part;
        }
        case TableRef::Kind::Values: {
            std::vector<NodeP> rows;
            size_t width = t.rows.empty() ? 0 : t.rows[0].size();
            for (const auto& row : t.rows) {
                if (row.size() != width) throw Unsupported("VALUES rows of different widths");
                std::vector<Expr> proj;
                for (const Expr& v : row) proj.push_back(resolve(v, {}));
                rows.push_back(make_spj({}, conjunction({}), std::move(proj)));
            }
            std::vector<std::string> names;
            for (size_t i = 0; i < width; ++i) names.push_back(fmt::format("EXPR${}", i));
            NodeP node = make_union(std::move(rows));
            part.width = width;
            part.inputs.push_back(node);
            part.scope.push_back({t.alias, names, 0});
            return part;
        }
        case TableRef::Kind::Join:
            break;
    }
    FromPart left = convert_from(*t.left, schema);
    FromPart right = convert_from(*t.right, schema);
    if (t.join == TableRef::Join::Inner || t.join == TableRef::Join::Cross) {
        append(left, std::move(right));
        if (t.has_on) left.preds.push_back(resolve(t.on, left.scope));
        return left;
    }
    // Outer join: one input node; RIGHT is LEFT with the sides swapped. The scope keeps the
    // order of the SQL text (SELECT * lists the left side's columns first) whatever the order
    // of the node's inputs.
    bool swap = t.join == TableRef::Join::Right;
    FromPart& first = swap ? right : left;
    FromPart& second = swap ? left : right;
    Scope scope;
    for (ScopeEntry s : left.scope) {
        if (swap) s.offset += right.width;
        scope.push_back(std::move(s));
    }
    for (ScopeEntry s : right.scope) {
        if (!swap) s.offset += left.width;
        scope.push_back(std::move(s));
    }
    auto node = std::make_shared<Node>();
    node->kind = Node::Kind::OuterJoin;
    node->full = t.join == TableRef::Join::Full;
    node->width = first.width + second.width;
    node->has_pred = true;
    node->pred = resolve(t.on, scope);
    size_t width = node->width;
    node->inputs.push_back(from_as_node(std::move(first)));
    node->inputs.push_back(from_as_node(std::move(second)));
    part.inputs.push_back(node);
    part.scope = std::move(scope);
    part.width = width;
    return part;
}

bool has_aggregate(const Expr& e) {
    if (e.kind == Expr::Kind::Aggregate) return true;
    for (const Expr& a : e.args)
        if (has_aggregate(a)) return true;
    return false;
}

void collect_aggregates(const Expr& e, std::vector<Expr>& out) {
    if (e.kind == Expr::Kind::Aggregate) {
        for (const Expr& a : e.args)
            if (has_aggregate(a)) throw Unsupported("nested aggregate");
        for (const Expr& seen : out)
            if (to_string(seen) == to_string(e)) return;
        out.push_back(e);
        return;
    }
    for (const Expr& a : e.args) collect_aggregates(a, out);
}

// Rewrites an expression over the FROM columns into one over the AGG's outputs.
Expr over_aggregate(const Expr& e, const std::vector<Expr>& keys, const std::vector<Expr>& aggs) {
    std::string text = to_string(e);
    for (size_t i = 0; i < keys.size(); ++i)
        if (to_string(keys[i]) == text) return slot(i);
    if (e.kind == Expr::Kind::Aggregate) {
        for (size_t i = 0; i < aggs.size(); ++i)
            if (to_string(aggs[i]) == text) return slot(keys.size() + i);
    }
    if (e.kind == Expr::Kind::Slot) throw Unsupported("column neither grouped nor aggregated");
    Expr out = without_args(e);
    for (const Expr& a : e.args) out.args.push_back(over_aggregate(a, keys, aggs));
    return out;
}

NodeP make_distinct(NodeP input) {
    input = strip_inner_distinct(input);
    auto agg = std::make_shared<Node>();
    agg->kind = Node::Kind::Agg;
    agg->width = input->width;
    for (size_t i = 0; i < input->width; ++i) agg->proj.push_back(slot(i));
    agg->inputs.push_back(std::move(input));
    std::vector<Expr> proj = agg->proj;
    return make_spj({agg}, conjunction({}), std::move(proj));
}

// GROUP BY that lists every input column once: a DISTINCT.
bool groups_every_column(const std::vector<Expr>& keys, size_t width) {
    std::vector<char> seen(width, 0);
    for (const Expr& k : keys) {
        if (k.kind != Expr::Kind::Slot || static_cast<size_t>(k.number) >= width) return false;
        seen[static_cast<size_t>(k.number)] = 1;
    }
    return std::all_of(seen.begin(), seen.end(), [](char c) { return c != 0; });
}

bool any_aggregate(const Select& s) {
    for (const SelectItem& item : s.items)
        if (!item.star && has_aggregate(item.expr)) return true;
    return s.has_having && has_aggregate(s.having);
}

bool is_empty_values(const TableRef& t) {
    return t.kind == TableRef::Kind::Values && t.rows.empty();
}

// SELECT over an empty VALUES (Calcite's spelling of an empty relation) without aggregates is
// empty whatever its columns are called.
// An aggregate over no rows: COUNT is 0, the others NULL.
Expr aggregate_of_nothing(const Expr& e) {
    if (e.kind == Expr::Kind::Aggregate) {
        Expr v;
        v.kind = e.name == "COUNT" ? Expr::Kind::Int : Expr::Kind::Null;
        return v;
    }
    if (e.kind == Expr::Kind::Column) throw Unsupported("column of an empty VALUES");
    Expr out = e;
    for (Expr& a : out.args) a = aggregate_of_nothing(a);
    return out;
}

Built empty_select(const Select& s) {
    bool aggregated = s.has_having;
    for (const SelectItem& item : s.items) aggregated = aggregated || has_aggregate(item.expr);
    Built out;
    if (aggregated && s.group_by.empty()) {
        // Without GROUP BY: exactly one row of aggregates over nothing.
        if (s.has_having) throw Unsupported("HAVING over an empty VALUES");
        std::vector<Expr> proj;
        for (const SelectItem& item : s.items) {
            if (item.star) throw Unsupported("* over an empty VALUES");
            proj.push_back(resolve(aggregate_of_nothing(item.expr), {}));
            out.names.push_back(item.alias);
        }
        out.node = make_spj({}, conjunction({}), std::move(proj));
        return out;
    }
    auto empty = std::make_shared<Node>();
    empty->kind = Node::Kind::Union;
    for (const SelectItem& item : s.items) {
        if (item.star) continue;
        out.names.push_back(item.alias);
        ++empty->width;
    }
    out.node = empty;
    return out;
}

Built build_select(const Select& s, const Schema& schema) {
    for (const TableRef& t : s.from)
        if (is_empty_values(t)) return empty_select(s);
    FromPart from;
    for (const TableRef& t : s.from) append(from, convert_from(t, schema));
    std::vector<Expr> items;
    Built out;
    for (const SelectItem& item : s.items) {
        if (item.star) {
            bool any = false;
            for (const ScopeEntry& e : from.scope) {
                if (!item.qualifier.empty() && e.alias != item.qualifier) continue;
                any = true;
                for (size_t i = 0; i < e.names.size(); ++i) {
                    items.push_back(slot(e.offset + i));
                    out.names.push_back(e.names[i]);
                }
            }
            if (!any) throw Unsupported("unresolved " + item.qualifier + ".*");
            continue;
        }
        items.push_back(resolve(item.expr, from.scope));
        std::string name = item.alias;
        if (name.empty() && item.expr.kind == Expr::Kind::Column) name = item.expr.name;
        if (name.empty()) name = fmt::format("EXPR${}", out.names.size());
        out.names.push_back(name);
    }
    std::vector<Expr> preds = from.preds;
    if (s.has_where) {
        if (has_aggregate(s.where)) throw Unsupported("aggregate in WHERE");
        preds.push_back(resolve(s.where, from.scope));
    }
    bool aggregated = !s.group_by.empty() || s.has_having;
    for (const Expr& e : items) aggregated = aggregated || has_aggregate(e);
    if (!aggregated) {
        out.node =
            make_spj(std::move(from.inputs), conjunction(std::move(preds)), std::move(items));
    } else {
        std::vector<Expr> identity;
        for (size_t i = 0; i < from.width; ++i) identity.push_back(slot(i));
        auto agg = std::make_shared<Node>();
        agg->kind = Node::Kind::Agg;
        agg->inputs.push_back(
            make_spj(std::move(from.inputs), conjunction(std::move(preds)), std::move(identity)));
        for (const Expr& g : s.group_by) {
            if (has_aggregate(g)) throw Unsupported("aggregate in GROUP BY");
            agg->proj.push_back(resolve(g, from.scope));
        }
        if (groups_every_column(agg->proj, agg->inputs[0]->width) && !any_aggregate(s))
            agg->inputs[0] = strip_inner_distinct(agg->inputs[0]);
        Expr having = conjunction({});
        if (s.has_having) having = resolve(s.having, from.scope);
        for (const Expr& e : items) collect_aggregates(e, agg->aggs);
        collect_aggregates(having, agg->aggs);
        agg->width = agg->proj.size() + agg->aggs.size();
        std::vector<Expr> proj;
        for (const Expr& e : items) proj.push_back(over_aggregate(e, agg->proj, agg->aggs));
        Expr pred = over_aggregate(having, agg->proj, agg->aggs);
        NodeP grouped = combine_partial_aggregates(*agg).value_or(agg);
        out.node = make_spj({grouped}, std::move(pred), std::move(proj));
    }
    if (s.distinct) out.node = make_distinct(out.node);
    return out;
}

Built build(const Query& q, const Schema& schema) {
    if (q.limited) throw Unsupported("OFFSET/FETCH/LIMIT");
    switch (q.kind) {
        case Query::Kind::Select:
            return build_select(q.select, schema);
        case Query::Kind::Intersect:
            throw Unsupported("INTERSECT");
        case Query::Kind::Except:
            throw Unsupported("EXCEPT");
        case Query::Kind::Union:
            break;
    }
    Built left = build(*q.left, schema);
    Built right = build(*q.right, schema);
    if (left.node->width != right.node->width)
        throw Unsupported("UNION of queries with different widths");
    left.node = make_union({left.node, right.node});
    if (!q.all) left.node = make_distinct(left.node);
    return left;
}

}  // namespace

NodeP build_algebra(const Query& q, const Schema& schema) {
    return build(q, schema).node;
}

}  // namespace eriq::verify
