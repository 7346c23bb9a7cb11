#include "gen/case_generator.hpp"

#include <algorithm>
#include <cmath>

#include "gen/case_cost.hpp"
#include "gen/derivation.hpp"
#include "gen/grammar_capabilities.hpp"
#include "gen/rng.hpp"

namespace eriq {

CaseGenerator::CaseGenerator(const dsl::Grammar& g, const Dialect& d)
    : g_(with_capabilities(g, d)),
      d_(d),
      index_(build_grammar_index(g_, d)),
      correlated_share_(g_.knob("correlated", 0)) {
    check_grammar(g, d);
}

std::optional<std::string> CaseGenerator::derive_intermediate(
    Derivation& der, ChoiceSource& choices, std::vector<OutputColumn>* columns) const {
    if (correlated_share_ > 0 && choices.chance(correlated_share_)) {
        if (!der.derive_outer("outer_from")) return std::nullopt;
        return der.derive_query("correlated_intermediate", columns);
    }
    return der.derive_query("intermediate", columns);
}

GeneratedDatabase CaseGenerator::database(std::uint64_t seed) const {
    return generate_database(g_, d_, seed);
}

std::vector<TestCase> CaseGenerator::generate_group(const GeneratedDatabase& db,
                                                    std::uint64_t round_seed, int index,
                                                    int queries) const {
    Rng rng(mix_seed(round_seed, static_cast<std::uint64_t>(index) + 1));
    ChoiceValues drawn;
    ChoiceSource choices(rng, record_choices_ ? &drawn : nullptr);
    std::vector<TestCase> group;
    // 0 turns the cap off.
    const double cap_thousands = g_.knob("case_cost_max_thousands", 10000);
    const double max_cost = cap_thousands > 0 ? cap_thousands * 1e3 : HUGE_VAL;
    for (int attempt = 0; attempt < 10 && group.empty(); ++attempt) {
        GenerationTrace trace;
        drawn.clear();
        Derivation der(g_, d_, db, index_, choices, adaptive_, &trace);
        der.set_predicate_check(predicate_check_);
        std::vector<OutputColumn> columns;
        auto intermediate = derive_intermediate(der, choices, &columns);
        // Another draw of an I that outgrew its budget mostly outgrows it again: give up.
        if (der.over_budget()) {
            over_budget_.fetch_add(1, std::memory_order_relaxed);
            break;
        }
        if (!intermediate || columns.empty()) continue;
        // In a correlated position I runs once per row of the outer query.
        const double outer_rows = der.state().outer_from.empty()
                                      ? 1.0
                                      : std::max(1.0, estimated_rows(der.state().outer_from, db));
        const double intermediate_rows = estimated_rows(*intermediate, db);
        if (intermediate_rows > max_cost) {
            cost_capped_.fetch_add(1, std::memory_order_relaxed);
            continue;
        }
        der.set_x_columns(columns);
        const DerivationState after_intermediate = der.state();
        const ChoiceValues intermediate_choices = drawn;
        const auto trace_after_intermediate = trace.mark();
        for (int q = 0; q < queries; ++q) {
            trace.rollback(trace_after_intermediate);
            der.set_state(after_intermediate);
            drawn.clear();
            auto referencing = der.derive_query("referencing", nullptr);
            if (der.over_budget()) {
                over_budget_.fetch_add(1, std::memory_order_relaxed);
                continue;
            }
            if (!referencing || der.x_references() == 0) continue;
            if (outer_rows * estimated_rows(*referencing, db, intermediate_rows) > max_cost) {
                cost_capped_.fetch_add(1, std::memory_order_relaxed);
                continue;
            }
            std::string outer;
            if (!der.state().outer_from.empty()) {
                auto placement = der.derive_query("placement", nullptr);
                if (der.over_budget()) over_budget_.fetch_add(1, std::memory_order_relaxed);
                if (!placement || der.over_budget()) continue;
                outer = std::move(*placement);
            }
            TestCase tc;
            tc.dialect = d_.name;
            tc.seed = round_seed;
            tc.index = index;
            tc.query_index = q;
            tc.schema = db.schema;
            tc.rows = db.rows;
            tc.intermediate = *intermediate;
            tc.referencing = std::move(*referencing);
            tc.columns = columns;
            tc.x_references = der.x_references();
            // Q's ORDER BY inside a subquery fixes no order of the outer query's rows.
            tc.ordered = outer.empty() && der.ordered();
            tc.outer = std::move(outer);
            tc.skip_representations = der.state().skip_representations;
            tc.features = trace.features();
            if (record_choices_) tc.choices = {intermediate_choices, drawn, g_.knobs};
            group.push_back(std::move(tc));
        }
    }
    return group;
}

std::optional<TestCase> CaseGenerator::generate(const GeneratedDatabase& db,
                                                std::uint64_t round_seed, int index) const {
    auto group = generate_group(db, round_seed, index, 1);
    if (group.empty()) return std::nullopt;
    return std::move(group.front());
}

std::optional<ReplayedCase> CaseGenerator::replay(const GeneratedDatabase& db,
                                                  const ChoiceSequence& choices,
                                                  bool with_spans) const {
    ReplayedCase out;
    out.tc.choices.knobs = g_.knobs;
    ChoiceSource intermediate_source(choices.intermediate, &out.tc.choices.intermediate,
                                     with_spans ? &out.intermediate_spans : nullptr);
    ChoiceSource referencing_source(choices.referencing, &out.tc.choices.referencing,
                                    with_spans ? &out.referencing_spans : nullptr);
    GenerationTrace trace;
    Derivation der(g_, d_, db, index_, intermediate_source, nullptr, &trace);
    der.set_predicate_check(predicate_check_);
    std::vector<OutputColumn> columns;
    auto intermediate = derive_intermediate(der, intermediate_source, &columns);
    if (!intermediate || columns.empty() || der.over_budget()) return std::nullopt;
    der.set_x_columns(columns);
    der.set_choices(referencing_source);
    auto referencing = der.derive_query("referencing", nullptr);
    if (!referencing || der.x_references() == 0 || der.over_budget()) return std::nullopt;
    if (!der.state().outer_from.empty()) {
        auto placement = der.derive_query("placement", nullptr);
        if (!placement || der.over_budget()) return std::nullopt;
        out.tc.outer = std::move(*placement);
    }
    out.tc.dialect = d_.name;
    out.tc.intermediate = std::move(*intermediate);
    out.tc.referencing = std::move(*referencing);
    out.tc.columns = std::move(columns);
    out.tc.x_references = der.x_references();
    out.tc.ordered = out.tc.outer.empty() && der.ordered();
    out.tc.skip_representations = der.state().skip_representations;
    out.tc.features = trace.features();
    return out;
}

}  // namespace eriq
