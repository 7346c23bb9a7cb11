// The generation DSL's built-ins: the places where the grammar asks the
// catalogue, the schema or the query context for something typed.
//
//   @column            a column of the current family from the current scope
//   @literal           a literal of the current family (dialect value domain)
//   @func(p)           a catalogue function/operator returning the current family,
//                      arguments derived from production p (builtin_function.cpp)
//   @agg(p)            an aggregate returning the current family, arguments from p
//   @select_list(p)    the select list: one p per output column (count and families
//                      chosen, or fixed by the first UNION arm / the caller)
//   @alias             the alias of the output column being generated (vc_N)
//   @table             a base table with a fresh alias, added to the scope
//   @x                 the intermediate result x with a fresh alias (Q only)
//   @derived(p)        (p) AS sN, its outputs added to the scope
//   @group_by          1-2 scope columns, remembered as the group keys
//   @group_key         a group key of the current family
//   @order_by_all      every output column (plus the dialect's tie-breaker), so
//                      ORDER BY ... LIMIT picks the same rows in every variant
//   @number(lo,hi)     an integer in [lo, hi]
//   @order_keys        1-2 output columns by name, each ASC or DESC: the keys of an ORDER BY
//                      whose order the oracle compares (marks the query ordered)
//   @outer_column      a column of the current family of the outer query (a case in a
//                      correlated position; I references the outer row with it)
//   @outer             the outer query's FROM (outer_from), its columns added to the scope
//   @q                 where the representation's query goes in the outer query: {Q}
//   @skip_representation(R)  prints nothing; the case does not run representation R (a
//                      construct whose documented behaviour differs in R, e.g. SQLite's
//                      no-affinity columns in a CREATE TABLE AS table)
#include "gen/builtins.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "catalog/sql_template.hpp"
#include "gen/builtin_names.hpp"
#include "gen/derivation.hpp"
#include "gen/value_generator.hpp"

namespace eriq {
namespace {

// Adds `columns` of a table reference named `alias` to the innermost scope. A base table's
// columns carry their declared type and NOT NULL (predicate checks read them).
void add_columns(Scope& scope, const std::string& alias, const std::vector<ColumnInfo>& columns) {
    for (const auto& c : columns)
        scope.columns.push_back({alias + "." + c.name, c.family, c.type, c.not_null});
}

void add_columns(Scope& scope, const std::string& alias, const std::vector<OutputColumn>& columns) {
    for (const auto& c : columns)
        scope.columns.push_back({alias + "." + c.name, c.family, "", false});
}

// One of `columns` of `family`, picked at random.
template <class Choices>
std::optional<std::string> pick_of_family(Choices& choices, const std::vector<ScopeColumn>& columns,
                                          const std::string& family) {
    std::vector<const ScopeColumn*> fits;
    for (const auto& c : columns)
        if (c.family == family) fits.push_back(&c);
    if (fits.empty()) return std::nullopt;
    return fits[choices.below(fits.size())]->ref;
}

}  // namespace

const std::unordered_map<std::string, BuiltinEntry>& builtin_table() {
    static const std::unordered_map<std::string, BuiltinEntry> table{
        {"column", {&Builtins::column, false}},
        {"literal", {&Builtins::literal, false}},
        {"func", {&Builtins::func, true}},
        {"agg", {&Builtins::agg, true}},
        {"select_list", {&Builtins::select_list, true}},
        {"alias", {&Builtins::alias, false}},
        {"table", {&Builtins::table, false}},
        {"x", {&Builtins::x, false}},
        {"derived", {&Builtins::derived, true}},
        {"group_by", {&Builtins::group_by, false}},
        {"group_key", {&Builtins::group_key, false}},
        {"order_by_all", {&Builtins::order_by_all, false}},
        {"number", {&Builtins::number, false}},
        {"order_keys", {&Builtins::order_keys, false}},
        {"outer_column", {&Builtins::outer_column, false}},
        {"outer", {&Builtins::outer, false}},
        {"q", {&Builtins::q, false}},
        {"skip_representation", {&Builtins::skip_representation, false}},
    };
    return table;
}

const std::set<std::string>& builtin_names() {
    static const std::set<std::string> names = [] {
        std::set<std::string> out;
        for (const auto& [name, entry] : builtin_table()) out.insert(name);
        return out;
    }();
    return names;
}

bool builtin_takes_production(const std::string& name) {
    auto it = builtin_table().find(name);
    return it != builtin_table().end() && it->second.takes_production;
}

std::optional<std::string> Derivation::derive_builtin(const dsl::Item& item,
                                                      const std::string& family, int depth) {
    auto it = builtin_table().find(item.text);
    if (it == builtin_table().end()) return std::nullopt;  // rejected when the grammar loads
    return it->second.handler(*this, {item, family, depth});
}

std::optional<std::string> Builtins::column(Derivation& d, const BuiltinCall& c) {
    if (d.state_.get().scopes.empty()) return std::nullopt;
    return pick_of_family(*d.choices_, d.state_.get().scopes.back().columns, c.family);
}

std::optional<std::string> Builtins::literal(Derivation& d, const BuiltinCall& c) {
    std::vector<const TypeInfo*> types;
    std::vector<double> weights;
    for (const auto& t : d.d_.types)
        if (t.family == c.family) {
            types.push_back(&t);
            weights.push_back(t.weight);
        }
    int idx = d.choices_->weighted(weights);
    if (idx < 0) return std::nullopt;
    bool allow_null = d.choices_->chance(d.g_.knob("literal_null_share", 0.1));
    return make_literal(*types[static_cast<std::size_t>(idx)], *d.choices_,
                        d.g_.knob("boundary_share", 0.5), allow_null, d.g_.literals);
}

std::optional<std::string> Builtins::alias(Derivation& d, const BuiltinCall&) {
    if (d.state_.get().frames.empty()) return std::nullopt;
    return d.state_.get().frames.back().current_alias;
}

std::optional<std::string> Builtins::table(Derivation& d, const BuiltinCall&) {
    if (d.state_.edit().scopes.empty()) d.state_.edit().scopes.emplace_back();
    if (d.db_.tables.empty()) return std::nullopt;
    const TableInfo& t = d.db_.tables[d.choices_->below(d.db_.tables.size())];
    std::string alias = fmt::format("s{}", d.state_.edit().next_table_alias++);
    add_columns(d.state_.edit().scopes.back(), alias, t.columns);
    return t.name + " AS " + alias;
}

std::optional<std::string> Builtins::x(Derivation& d, const BuiltinCall&) {
    if (d.state_.edit().scopes.empty()) d.state_.edit().scopes.emplace_back();
    if (d.x_columns_.empty()) return std::nullopt;
    std::string alias = fmt::format("q{}", d.state_.edit().next_table_alias++);
    add_columns(d.state_.edit().scopes.back(), alias, d.x_columns_);
    ++d.state_.edit().x_references;
    return "{x} AS " + alias;
}

std::optional<std::string> Builtins::derived(Derivation& d, const BuiltinCall& c) {
    d.state_.edit().frames.emplace_back();
    auto r = d.derive_production(c.arg(0), "", c.depth + 1);
    std::vector<OutputColumn> outputs = d.state_.get().frames.back().shape;
    d.state_.edit().frames.pop_back();
    if (!r || outputs.empty()) return std::nullopt;
    if (d.state_.edit().scopes.empty()) d.state_.edit().scopes.emplace_back();
    std::string alias = fmt::format("s{}", d.state_.edit().next_table_alias++);
    add_columns(d.state_.edit().scopes.back(), alias, outputs);
    return "(" + *r + ") AS " + alias;
}

std::optional<std::string> Builtins::group_by(Derivation& d, const BuiltinCall&) {
    if (d.state_.get().scopes.empty() || d.state_.get().frames.empty()) return std::nullopt;
    auto cols = d.state_.get().scopes.back().columns;
    if (cols.empty()) return std::nullopt;
    const auto keys = static_cast<std::size_t>(
        d.choices_->range(1, std::min<std::int64_t>(2, static_cast<std::int64_t>(cols.size()))));
    std::vector<ScopeColumn> picked;
    for (std::size_t k = 0; k < keys; ++k) {
        std::size_t i = d.choices_->below(cols.size());
        picked.push_back(cols[i]);
        cols.erase(cols.begin() + static_cast<std::ptrdiff_t>(i));
    }
    std::string out;
    for (const auto& col : picked) out += (out.empty() ? "" : ", ") + col.ref;
    d.state_.edit().frames.back().group_keys = std::move(picked);
    return out;
}

std::optional<std::string> Builtins::group_key(Derivation& d, const BuiltinCall& c) {
    if (d.state_.get().frames.empty()) return std::nullopt;
    return pick_of_family(*d.choices_, d.state_.get().frames.back().group_keys, c.family);
}

std::optional<std::string> Builtins::order_by_all(Derivation& d, const BuiltinCall&) {
    if (d.state_.get().frames.empty() || d.state_.get().frames.back().shape.empty())
        return std::nullopt;
    const QueryFrame& frame = d.state_.get().frames.back();
    std::string out;
    for (const auto& col : frame.shape) {
        out += (out.empty() ? "" : ", ") + col.name;
        auto it = d.d_.order_tiebreak.find(col.family);
        const bool aggregated =
            std::find(frame.aggregate_outputs.begin(), frame.aggregate_outputs.end(), col.name) !=
            frame.aggregate_outputs.end();
        if (it != d.d_.order_tiebreak.end() && !aggregated)
            out += ", " + fill_template(it->second, {col.name});
    }
    return out;
}

std::optional<std::string> Builtins::number(Derivation& d, const BuiltinCall& c) {
    std::int64_t lo = std::stoll(c.arg(0).empty() ? "0" : c.arg(0));
    std::int64_t hi = std::stoll(c.arg(1).empty() ? "10" : c.arg(1));
    return std::to_string(d.choices_->range(lo, hi));
}

std::optional<std::string> Builtins::order_keys(Derivation& d, const BuiltinCall&) {
    if (d.state_.get().frames.empty()) return std::nullopt;
    // SELECT * over one x has x's columns.
    const auto& shape = d.state_.get().frames.back().shape;
    const auto& outputs = !shape.empty() || d.state_.get().x_references != 1 ? shape : d.x_columns_;
    if (outputs.empty()) return std::nullopt;
    std::vector<std::size_t> unused(outputs.size());
    for (std::size_t i = 0; i < unused.size(); ++i) unused[i] = i;
    const std::size_t count = std::min<std::size_t>(outputs.size(), 1 + d.choices_->below(2));
    std::string out;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t pick = d.choices_->below(unused.size());
        out += (out.empty() ? "" : ", ") + outputs[unused[pick]].name;
        if (d.choices_->below(2) == 1) out += " DESC";
        unused.erase(unused.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    d.state_.edit().ordered = true;
    return out;
}

std::optional<std::string> Builtins::outer_column(Derivation& d, const BuiltinCall& c) {
    return pick_of_family(*d.choices_, d.state_.get().outer_columns, c.family);
}

std::optional<std::string> Builtins::outer(Derivation& d, const BuiltinCall&) {
    if (d.state_.get().outer_from.empty()) return std::nullopt;
    if (d.state_.get().scopes.empty()) d.state_.edit().scopes.emplace_back();
    auto& scope = d.state_.edit().scopes.back();
    const auto& columns = d.state_.get().outer_columns;
    scope.columns.insert(scope.columns.end(), columns.begin(), columns.end());
    return d.state_.get().outer_from;
}

std::optional<std::string> Builtins::q(Derivation& d, const BuiltinCall&) {
    if (d.state_.get().outer_from.empty()) return std::nullopt;
    return std::string("{Q}");
}

std::optional<std::string> Builtins::skip_representation(Derivation& d, const BuiltinCall& c) {
    auto& skipped = d.state_.edit().skip_representations;
    if (std::find(skipped.begin(), skipped.end(), c.arg(0)) == skipped.end())
        skipped.push_back(c.arg(0));
    return std::string();
}

}  // namespace eriq
