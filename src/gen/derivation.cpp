#include "gen/derivation.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

#include "gen/derivation_budget.hpp"
#include "gen/sql_text.hpp"

namespace eriq {

Derivation::Derivation(const dsl::Grammar& g, const Dialect& d, const GeneratedDatabase& db,
                       const GrammarIndex& index, ChoiceSource& choices,
                       const AdaptiveWeights* adaptive, GenerationTrace* trace)
    : g_(g),
      d_(d),
      db_(db),
      index_(index),
      choices_(&choices),
      adaptive_(adaptive),
      trace_(trace),
      max_depth_(static_cast<int>(g.knob("max_depth", 8))),
      column_family_share_(g.knob("column_family_share", 0.7)),
      numeric_column_share_(g.knob("numeric_column_share", 0.7)) {}

std::optional<std::string> Derivation::derive_query(const std::string& production,
                                                    std::vector<OutputColumn>* columns) {
    start_budget();
    state_.edit().frames.emplace_back();
    auto out = derive_production(production, "", 0);
    if (out && columns) *columns = state_.get().frames.back().shape;
    state_.edit().frames.pop_back();
    return out;
}

bool Derivation::derive_outer(const std::string& production) {
    start_budget();
    state_.edit().scopes.emplace_back();
    auto from = derive_production(production, "", 0);
    std::vector<ScopeColumn> columns = std::move(state_.edit().scopes.back().columns);
    state_.edit().scopes.pop_back();
    if (!from || columns.empty()) return false;
    state_.edit().outer_from = std::move(*from);
    state_.edit().outer_columns = std::move(columns);
    return true;
}

bool Derivation::spend_step() {
    if (++steps_ > kMaxDerivationSteps) over_budget_ = true;
    return !over_budget_;
}

bool Derivation::sql_fits(std::size_t bytes) {
    if (bytes > kMaxDerivedSqlBytes) over_budget_ = true;
    return !over_budget_;
}

double Derivation::weight_value(const dsl::Weight& w) const {
    if (w.knob.empty()) return w.value;
    return w.value * g_.knob(w.knob, 0);
}

int Derivation::production_for(const std::string& name, const std::string& family) const {
    if (!family.empty())
        if (int id = index_.find_production(name + "_" + family); id >= 0) return id;
    return index_.find_production(name);
}

double Derivation::alternative_weight(const AlternativeInfo& info) const {
    return adaptive_ ? info.weight * adaptive_->alternative(info.id) : info.weight;
}

std::optional<std::string> Derivation::derive_production(const std::string& name,
                                                         const std::string& family, int depth) {
    const int prod_id = production_for(name, family);
    if (prod_id < 0 || !spend_step()) return std::nullopt;
    const dsl::Production* prod = index_.productions[static_cast<std::size_t>(prod_id)];
    const auto& infos = index_.alternatives[static_cast<std::size_t>(prod_id)];
    // The minimum heights ignore type families, so a family whose productions
    // have no short way out (e.g. bool: expr_bool -> pred -> @func(expr) over
    // bool arguments) could recurse on; past twice the limit the derivation
    // fails and the caller backtracks to another alternative.
    if (depth > 2 * max_depth_ + 4) return std::nullopt;
    const bool scoped = g_.scoped.count(name) > 0;
    if (scoped) state_.edit().scopes.emplace_back();

    const int budget = max_depth_ - depth;
    const std::size_t n = prod->alternatives.size();
    std::vector<double> weights(n);
    constexpr int kNone = std::numeric_limits<int>::max();
    int lowest = kNone;
    for (std::size_t i = 0; i < n; ++i) {
        const AlternativeInfo& info = infos[i];
        const double w = alternative_weight(info);
        if (w > 0) lowest = std::min(lowest, info.height);
        weights[i] = info.height <= budget ? w : 0;
    }
    if (std::all_of(weights.begin(), weights.end(), [](double w) { return w <= 0; })) {
        // Out of depth budget: take the shortest way out.
        for (std::size_t i = 0; i < n; ++i) {
            const AlternativeInfo& info = infos[i];
            weights[i] = info.height == lowest ? alternative_weight(info) : 0;
        }
    }

    const auto mark = trace_mark();
    if (trace_) {
        trace_->production(prod_id);
        if (!family.empty())
            if (int fid = index_.family_id(family); fid >= 0) trace_->family(fid);
    }
    const std::uint32_t first_draw = choices_->position();
    std::optional<std::string> result;
    for (;;) {
        int idx = choices_->weighted(weights,
                                     &index_.alternative_order[static_cast<std::size_t>(prod_id)]);
        if (idx < 0) break;
        const auto point = state_.save();
        const auto attempt_mark = trace_mark();
        result =
            derive_alternative(prod->alternatives[static_cast<std::size_t>(idx)], family, depth);
        if (result) {
            state_.release(point);
            break;
        }
        state_.restore(point);
        trace_rollback(attempt_mark);
        weights[static_cast<std::size_t>(idx)] = 0;
    }
    if (!result) trace_rollback(mark);
    if (result && choices_->keeps_spans())
        choices_->add_span({ChoiceSpan::Kind::Production, first_draw, choices_->position(), -1,
                            prod_id, family.empty() ? -1 : index_.family_id(family)});
    if (scoped) state_.edit().scopes.pop_back();
    return result;
}

std::optional<std::string> Derivation::derive_alternative(const dsl::Alternative& alt,
                                                          const std::string& family, int depth) {
    Bindings bindings;
    return derive_sequence(alt.items, family, bindings, depth);
}

std::optional<std::string> Derivation::derive_sequence(const std::vector<dsl::Item>& items,
                                                       const std::string& family,
                                                       Bindings& bindings, int depth) {
    std::vector<std::string> parts(items.size());
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (items[i].generate_first != (pass == 0)) continue;
            auto r = derive_sequence_item(items, i, family, bindings, depth);
            if (!r) return std::nullopt;
            parts[i] = std::move(*r);
        }
    }
    std::string sql = join_sql(parts);
    if (!sql_fits(sql.size())) return std::nullopt;
    return sql;
}

std::optional<std::string> Derivation::derive_item(const dsl::Item& item, const std::string& family,
                                                   Bindings& bindings, int depth) {
    const auto control = static_cast<std::int32_t>(choices_->position());
    const int count = static_cast<int>(choices_->range(item.repeat_min, item.repeat_max));
    const bool items = choices_->keeps_spans() && item.repeat_max > item.repeat_min;
    std::string out;
    for (int k = 0; k < count; ++k) {
        const std::uint32_t first_draw = choices_->position();
        auto r = derive_once(item, family, bindings, depth);
        if (!r) return std::nullopt;
        if (items)
            choices_->add_span(
                {ChoiceSpan::Kind::Item, first_draw, choices_->position(), control, -1, -1, k});
        if (k > 0 && !item.separator.empty()) {
            out += item.separator;
            out += *r;
        } else {
            append_sql(out, *r);
        }
        if (!sql_fits(out.size())) return std::nullopt;
    }
    return out;
}

std::optional<std::string> Derivation::derive_once(const dsl::Item& item, const std::string& family,
                                                   Bindings& bindings, int depth) {
    switch (item.kind) {
        case dsl::ItemKind::Text:
            return item.text;
        case dsl::ItemKind::Optional: {
            const auto control = static_cast<std::int32_t>(choices_->position());
            if (!choices_->chance(weight_value(item.probability))) return std::string();
            const auto point = state_.save();
            Bindings saved = bindings;
            const auto mark = trace_mark();
            auto r = derive_sequence(item.body, family, bindings, depth);
            if (!r) {
                state_.restore(point);
                trace_rollback(mark);
                bindings = std::move(saved);
                return std::string();
            }
            state_.release(point);
            choices_->add_span({ChoiceSpan::Kind::Optional, static_cast<std::uint32_t>(control) + 1,
                                choices_->position(), control, -1, -1});
            return r;
        }
        case dsl::ItemKind::NonTerminal:
            return derive_reference(item, family, bindings, depth);
        case dsl::ItemKind::Builtin:
            return derive_builtin(item, family, depth);
    }
    return std::nullopt;
}

std::optional<std::string> Derivation::derive_reference(const dsl::Item& item,
                                                        const std::string& family,
                                                        Bindings& bindings, int depth) {
    std::string fam = resolve_family(item.family, family, bindings);
    if (!item.family.empty() && fam.empty()) return std::nullopt;
    if (!item.new_query) return derive_production(item.text, fam, depth + 1);

    QueryFrame frame;
    if (!item.family.empty()) {
        frame.shape.push_back({"", fam});
        frame.shape_known = true;
    }
    state_.edit().frames.push_back(std::move(frame));
    auto r = derive_production(item.text, fam, depth + 1);
    state_.edit().frames.pop_back();
    return r;
}

bool Derivation::family_available(const std::string& family) const {
    const int id = index_.family_id(family);
    return id >= 0 && index_.family_usable[static_cast<std::size_t>(id)];
}

std::string Derivation::pick_family() {
    if (!state_.get().scopes.empty() && !state_.get().scopes.back().columns.empty() &&
        choices_->chance(column_family_share_)) {
        const auto& cols = state_.get().scopes.back().columns;
        const std::string& f = cols[choices_->below(cols.size())].family;
        if (family_available(f)) return f;
    }
    const auto& families = all_families();
    std::vector<double> weights(families.size(), 0.0);
    for (std::size_t i = 0; i < families.size(); ++i)
        if (families[i] != "bool" && index_.family_usable[i]) weights[i] = index_.family_weight[i];
    int idx = choices_->weighted(weights);
    return idx < 0 ? std::string() : families[static_cast<std::size_t>(idx)];
}

std::string Derivation::pick_numeric_family() {
    std::vector<std::string> fams;
    for (const char* f : {"int", "float", "decimal"})
        if (family_available(f)) fams.push_back(f);
    if (fams.empty()) return {};
    if (!state_.get().scopes.empty()) {
        std::vector<std::string> present;
        for (const auto& c : state_.get().scopes.back().columns)
            if (std::find(fams.begin(), fams.end(), c.family) != fams.end())
                present.push_back(c.family);
        if (!present.empty() && choices_->chance(numeric_column_share_))
            return choices_->pick(present);
    }
    return choices_->pick(fams);
}

std::string Derivation::resolve_family(const std::string& spec, const std::string& inherited,
                                       Bindings& bindings) {
    if (spec.empty()) return inherited;
    if (spec == "any") return pick_family();
    if (std::isupper(static_cast<unsigned char>(spec[0]))) {
        auto it = bindings.find(spec);
        if (it != bindings.end()) return it->second;
        std::string f = spec == "N" ? pick_numeric_family() : pick_family();
        bindings[spec] = f;
        return f;
    }
    return spec;
}

}  // namespace eriq
