// The generation DSL's built-ins: the places where the grammar asks the
// catalogue, the schema or the query context for something typed.
//
//   @column            a column of the current family from the current scope
//   @literal           a literal of the current family (dialect value domain)
//   @func(p)           a catalogue function/operator returning the current family,
//                      arguments derived from production p
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
#include <algorithm>

#include <fmt/format.h>

#include "catalog/sql_template.hpp"
#include "gen/derivation.hpp"
#include "gen/sql_text.hpp"
#include "gen/value_generator.hpp"

namespace eriq {
namespace {

std::string apply_template(const FunctionSig& fn, const std::vector<std::string>& args,
                           bool distinct) {
    if (fn.tmpl.empty()) {
        std::string out = fn.name + "(" + (distinct ? "DISTINCT " : "");
        for (std::size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + args[i];
        return out + ")";
    }
    return fill_template(fn.tmpl, args);
}

}  // namespace

std::optional<std::string> Derivation::derive_builtin(const dsl::Item& item,
                                                      const std::string& family, Bindings&,
                                                      int depth) {
    const std::string& name = item.text;
    auto arg = [&](std::size_t i) { return i < item.args.size() ? item.args[i] : std::string(); };

    if (name == "column") {
        if (state_.get().scopes.empty()) return std::nullopt;
        std::vector<const ScopeColumn*> fits;
        for (const auto& c : state_.get().scopes.back().columns)
            if (c.family == family) fits.push_back(&c);
        if (fits.empty()) return std::nullopt;
        return fits[choices_->below(fits.size())]->ref;
    }

    if (name == "literal") {
        std::vector<const TypeInfo*> types;
        std::vector<double> weights;
        for (const auto& t : d_.types)
            if (t.family == family) {
                types.push_back(&t);
                weights.push_back(t.weight);
            }
        int idx = choices_->weighted(weights);
        if (idx < 0) return std::nullopt;
        bool allow_null = choices_->chance(g_.knob("literal_null_share", 0.1));
        return make_literal(*types[static_cast<std::size_t>(idx)], *choices_,
                            g_.knob("boundary_share", 0.5), allow_null);
    }

    if (name == "func" || name == "agg") {
        const bool aggregate = name == "agg";
        const int family_id = index_.family_id(family);
        if (family_id < 0) return std::nullopt;
        const auto& fits =
            (aggregate ? index_.aggregates_returning
                       : index_.functions_returning)[static_cast<std::size_t>(family_id)];
        std::vector<double> weights;
        weights.reserve(fits.size());
        for (const auto& choice : fits)
            weights.push_back(adaptive_ ? choice.function->weight * adaptive_->function(choice.id)
                                        : choice.function->weight);
        const auto& order =
            (aggregate ? index_.aggregates_order
                       : index_.functions_order)[static_cast<std::size_t>(family_id)];
        for (int attempt = 0; attempt < 3; ++attempt) {
            int idx = choices_->weighted(weights, &order);
            if (idx < 0) return std::nullopt;
            const FunctionChoice& choice = fits[static_cast<std::size_t>(idx)];
            const FunctionSig& fn = *choice.function;
            weights[static_cast<std::size_t>(idx)] = 0;

            Bindings local;
            if (fn.returns == "T" || fn.returns == "N") local[fn.returns] = family;
            std::vector<std::string> arg_families = fn.args;
            if (fn.variadic && !arg_families.empty()) {
                int extra = static_cast<int>(choices_->range(0, 2));
                for (int k = 0; k < extra; ++k) arg_families.push_back(arg_families.back());
            }
            const auto point = state_.save();
            const auto mark = trace_mark();
            std::vector<std::string> args;
            bool ok = true;
            for (const auto& a : arg_families) {
                std::string fam = a;
                if (a == "T" || a == "N") {
                    auto it = local.find(a);
                    fam = it != local.end() ? it->second
                                            : (a == "N" ? pick_numeric_family() : pick_family());
                    local[a] = fam;
                }
                auto r = fam.empty() ? std::nullopt : derive_production(arg(0), fam, depth + 1);
                if (!r) {
                    ok = false;
                    break;
                }
                args.push_back(std::move(*r));
            }
            if (!ok) {
                state_.restore(point);
                trace_rollback(mark);
                continue;
            }
            state_.release(point);
            if (trace_) trace_->function(choice.id);
            if (aggregate && !state_.get().frames.empty() &&
                !state_.get().frames.back().current_alias.empty())
                state_.edit().frames.back().aggregate_outputs.push_back(
                    state_.get().frames.back().current_alias);
            bool distinct = aggregate && fn.distinct_ok && fn.tmpl.empty() && args.size() == 1 &&
                            choices_->chance(g_.knob("agg_distinct", 0.2));
            return apply_template(fn, args, distinct);
        }
        return std::nullopt;
    }

    if (name == "select_list") {
        if (state_.get().frames.empty()) return std::nullopt;
        const std::size_t fi = state_.get().frames.size() - 1;
        const bool shape_known = state_.get().frames[fi].shape_known;
        const bool names_known = state_.get().frames[fi].names_known;
        const auto control = static_cast<std::int32_t>(choices_->position());
        const std::size_t count =
            shape_known ? state_.get().frames[fi].shape.size()
                        : static_cast<std::size_t>(choices_->range(
                              static_cast<std::int64_t>(g_.knob("select_columns_min", 1)),
                              static_cast<std::int64_t>(g_.knob("select_columns_max", 4))));
        // Items of a list whose length was drawn (here or by the first arm): the reducer may
        // drop one.
        std::int32_t list_draw = -1;
        if (choices_->keeps_spans()) {
            if (!shape_known && choices_->position() > static_cast<std::uint32_t>(control))
                state_.edit().frames[fi].shape_draw = control;
            list_draw = state_.get().frames[fi].shape_draw;
        }
        std::vector<OutputColumn> outputs;
        std::string out;
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t first_draw = choices_->position();
            std::string fam = shape_known ? state_.get().frames[fi].shape[i].family : pick_family();
            if (fam.empty()) return std::nullopt;
            std::string alias = names_known ? state_.get().frames[fi].shape[i].name
                                            : fmt::format("vc_{}", state_.edit().next_output++);
            state_.edit().frames[fi].current_alias = alias;
            auto r = derive_production(arg(0), fam, depth + 1);
            if (!r) return std::nullopt;
            if (list_draw >= 0)
                choices_->add_span({ChoiceSpan::Kind::Item, first_draw, choices_->position(),
                                    list_draw, -1, -1, static_cast<std::int32_t>(i)});
            if (i) out += ", ";
            out += *r;
            outputs.push_back({alias, fam});
        }
        if (!names_known) {
            state_.edit().frames[fi].shape = std::move(outputs);
            state_.edit().frames[fi].shape_known = true;
            state_.edit().frames[fi].names_known = true;
        }
        return out;
    }

    if (name == "alias") {
        if (state_.get().frames.empty()) return std::nullopt;
        return state_.get().frames.back().current_alias;
    }

    if (name == "table" || name == "x") {
        if (state_.edit().scopes.empty()) state_.edit().scopes.emplace_back();
        if (name == "table") {
            if (db_.tables.empty()) return std::nullopt;
            const TableInfo& t = db_.tables[choices_->below(db_.tables.size())];
            std::string alias = fmt::format("s{}", state_.edit().next_table_alias++);
            for (const auto& c : t.columns)
                state_.edit().scopes.back().columns.push_back(
                    {alias + "." + c.name, c.family, c.type, c.not_null});
            return t.name + " AS " + alias;
        }
        if (x_columns_.empty()) return std::nullopt;
        std::string alias = fmt::format("q{}", state_.edit().next_table_alias++);
        for (const auto& c : x_columns_)
            state_.edit().scopes.back().columns.push_back(
                {alias + "." + c.name, c.family, "", false});
        ++state_.edit().x_references;
        return "{x} AS " + alias;
    }

    if (name == "derived") {
        state_.edit().frames.emplace_back();
        auto r = derive_production(arg(0), "", depth + 1);
        std::vector<OutputColumn> outputs = state_.get().frames.back().shape;
        state_.edit().frames.pop_back();
        if (!r || outputs.empty()) return std::nullopt;
        if (state_.edit().scopes.empty()) state_.edit().scopes.emplace_back();
        std::string alias = fmt::format("s{}", state_.edit().next_table_alias++);
        for (const auto& c : outputs)
            state_.edit().scopes.back().columns.push_back(
                {alias + "." + c.name, c.family, "", false});
        return "(" + *r + ") AS " + alias;
    }

    if (name == "group_by") {
        if (state_.get().scopes.empty() || state_.get().frames.empty()) return std::nullopt;
        auto cols = state_.get().scopes.back().columns;
        if (cols.empty()) return std::nullopt;
        const auto keys = static_cast<std::size_t>(
            choices_->range(1, std::min<std::int64_t>(2, static_cast<std::int64_t>(cols.size()))));
        std::vector<ScopeColumn> picked;
        for (std::size_t k = 0; k < keys; ++k) {
            std::size_t i = choices_->below(cols.size());
            picked.push_back(cols[i]);
            cols.erase(cols.begin() + static_cast<std::ptrdiff_t>(i));
        }
        std::string out;
        for (const auto& c : picked) out += (out.empty() ? "" : ", ") + c.ref;
        state_.edit().frames.back().group_keys = std::move(picked);
        return out;
    }

    if (name == "group_key") {
        if (state_.get().frames.empty()) return std::nullopt;
        std::vector<const ScopeColumn*> fits;
        for (const auto& c : state_.get().frames.back().group_keys)
            if (c.family == family) fits.push_back(&c);
        if (fits.empty()) return std::nullopt;
        return fits[choices_->below(fits.size())]->ref;
    }

    if (name == "order_by_all") {
        if (state_.get().frames.empty() || state_.get().frames.back().shape.empty())
            return std::nullopt;
        const QueryFrame& frame = state_.get().frames.back();
        std::string out;
        for (const auto& c : frame.shape) {
            out += (out.empty() ? "" : ", ") + c.name;
            auto it = d_.order_tiebreak.find(c.family);
            const bool aggregated =
                std::find(frame.aggregate_outputs.begin(), frame.aggregate_outputs.end(), c.name) !=
                frame.aggregate_outputs.end();
            if (it != d_.order_tiebreak.end() && !aggregated)
                out += ", " + fill_template(it->second, {c.name});
        }
        return out;
    }

    if (name == "number") {
        std::int64_t lo = std::stoll(arg(0).empty() ? "0" : arg(0));
        std::int64_t hi = std::stoll(arg(1).empty() ? "10" : arg(1));
        return std::to_string(choices_->range(lo, hi));
    }

    return std::nullopt;
}

}  // namespace eriq
