// @func(p) and @agg(p): a catalogue function or aggregate returning the wanted
// family, its arguments derived from production p; and @select_list(p).
#include <fmt/format.h>

#include "catalog/sql_template.hpp"
#include "gen/builtins.hpp"
#include "gen/derivation.hpp"

namespace eriq {
namespace {

// How many times @func/@agg tries another function when one's arguments cannot be derived.
constexpr int kFunctionAttempts = 3;

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

std::optional<std::string> Builtins::func(Derivation& d, const BuiltinCall& c) {
    return function_call(d, c, false);
}

std::optional<std::string> Builtins::agg(Derivation& d, const BuiltinCall& c) {
    return function_call(d, c, true);
}

std::optional<std::vector<std::string>> Builtins::function_arguments(Derivation& d,
                                                                     const BuiltinCall& c,
                                                                     const FunctionSig& fn) {
    Bindings local;
    if (fn.returns == "T" || fn.returns == "N") local[fn.returns] = c.family;
    std::vector<std::string> arg_families = fn.args;
    if (fn.variadic && !arg_families.empty()) {
        int extra = static_cast<int>(d.choices_->range(0, 2));
        for (int k = 0; k < extra; ++k) arg_families.push_back(arg_families.back());
    }
    std::vector<std::string> args;
    for (const auto& a : arg_families) {
        std::string fam = a;
        if (a == "T" || a == "N") {
            auto it = local.find(a);
            fam = it != local.end() ? it->second
                                    : (a == "N" ? d.pick_numeric_family() : d.pick_family());
            local[a] = fam;
        }
        auto r = fam.empty() ? std::nullopt : d.derive_production(c.arg(0), fam, c.depth + 1);
        if (!r) return std::nullopt;
        args.push_back(std::move(*r));
    }
    return args;
}

std::optional<std::string> Builtins::function_call(Derivation& d, const BuiltinCall& c,
                                                   bool aggregate) {
    const int family_id = d.index_.family_id(c.family);
    if (family_id < 0) return std::nullopt;
    const auto slot = static_cast<std::size_t>(family_id);
    const auto& fits =
        (aggregate ? d.index_.aggregates_returning : d.index_.functions_returning)[slot];
    std::vector<double> weights;
    weights.reserve(fits.size());
    for (const auto& choice : fits)
        weights.push_back(d.adaptive_ ? choice.function->weight * d.adaptive_->function(choice.id)
                                      : choice.function->weight);
    const auto& order = (aggregate ? d.index_.aggregates_order : d.index_.functions_order)[slot];
    for (int attempt = 0; attempt < kFunctionAttempts; ++attempt) {
        int idx = d.choices_->weighted(weights, &order);
        if (idx < 0) return std::nullopt;
        const FunctionChoice& choice = fits[static_cast<std::size_t>(idx)];
        const FunctionSig& fn = *choice.function;
        weights[static_cast<std::size_t>(idx)] = 0;
        const auto point = d.state_.save();
        const auto mark = d.trace_mark();
        auto args = function_arguments(d, c, fn);
        if (!args) {
            d.state_.restore(point);
            d.trace_rollback(mark);
            continue;
        }
        d.state_.release(point);
        if (d.trace_) d.trace_->function(choice.id);
        if (aggregate && !d.state_.get().frames.empty() &&
            !d.state_.get().frames.back().current_alias.empty())
            d.state_.edit().frames.back().aggregate_outputs.push_back(
                d.state_.get().frames.back().current_alias);
        bool distinct = aggregate && fn.distinct_ok && fn.tmpl.empty() && args->size() == 1 &&
                        d.choices_->chance(d.g_.knob("agg_distinct", 0.2));
        return apply_template(fn, *args, distinct);
    }
    return std::nullopt;
}

std::optional<std::string> Builtins::select_list(Derivation& d, const BuiltinCall& c) {
    if (d.state_.get().frames.empty()) return std::nullopt;
    const std::size_t fi = d.state_.get().frames.size() - 1;
    const bool shape_known = d.state_.get().frames[fi].shape_known;
    const bool names_known = d.state_.get().frames[fi].names_known;
    const auto control = static_cast<std::int32_t>(d.choices_->position());
    const std::size_t count =
        shape_known ? d.state_.get().frames[fi].shape.size()
                    : static_cast<std::size_t>(d.choices_->range(
                          static_cast<std::int64_t>(d.g_.knob("select_columns_min", 1)),
                          static_cast<std::int64_t>(d.g_.knob("select_columns_max", 4))));
    // Items of a list whose length was drawn (here or by the first arm): the reducer may
    // drop one.
    std::int32_t list_draw = -1;
    if (d.choices_->keeps_spans()) {
        if (!shape_known && d.choices_->position() > static_cast<std::uint32_t>(control))
            d.state_.edit().frames[fi].shape_draw = control;
        list_draw = d.state_.get().frames[fi].shape_draw;
    }
    std::vector<OutputColumn> outputs;
    std::string out;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t first_draw = d.choices_->position();
        std::string fam = shape_known ? d.state_.get().frames[fi].shape[i].family : d.pick_family();
        if (fam.empty()) return std::nullopt;
        std::string alias = names_known ? d.state_.get().frames[fi].shape[i].name
                                        : fmt::format("vc_{}", d.state_.edit().next_output++);
        d.state_.edit().frames[fi].current_alias = alias;
        auto r = d.derive_production(c.arg(0), fam, c.depth + 1);
        if (!r) return std::nullopt;
        if (list_draw >= 0)
            d.choices_->add_span({ChoiceSpan::Kind::Item, first_draw, d.choices_->position(),
                                  list_draw, -1, -1, static_cast<std::int32_t>(i)});
        if (i) out += ", ";
        out += *r;
        outputs.push_back({alias, fam});
    }
    if (!names_known) {
        QueryFrame& frame = d.state_.edit().frames[fi];
        frame.shape = std::move(outputs);
        frame.shape_known = true;
        frame.names_known = true;
    }
    return out;
}

}  // namespace eriq
