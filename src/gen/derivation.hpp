#pragma once
// One weighted random derivation of a grammar production, with the context
// that makes it type-aware: table scopes (what columns a reference may use),
// query frames (output shape of a SELECT, group keys), type-variable bindings
// and a depth budget. Built-ins (@column, @func, ...) live in builtins.cpp.
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/adaptive_weights.hpp"
#include "gen/choice_source.hpp"
#include "gen/database_generator.hpp"
#include "gen/generation_trace.hpp"
#include "gen/grammar_index.hpp"
#include "gen/lazy_snapshots.hpp"
#include "model/predicate_check.hpp"
#include "model/test_case.hpp"

namespace eriq {

struct ScopeColumn {
    std::string ref;  // qualified reference, e.g. s1.c0
    std::string family;
    std::string type;       // a base table's column: its declared type (predicate checks)
    bool not_null = false;  // a base table's column declared NOT NULL
};

// Columns visible to expressions of one SELECT.
struct Scope {
    std::vector<ScopeColumn> columns;
};

// One SELECT (or set operation of SELECTs) being generated.
struct QueryFrame {
    std::vector<OutputColumn> shape;  // output columns; names may be empty until assigned
    bool shape_known = false;         // families fixed (by the caller or the first arm)
    bool names_known = false;         // aliases fixed by the first arm
    std::vector<ScopeColumn> group_keys;
    std::string current_alias;  // alias of the select-list column being generated
    // Aliases whose expression holds an aggregate: MariaDB/MySQL reject an ORDER BY
    // expression over them (error 1247), so they get no order tie-breaker.
    std::vector<std::string> aggregate_outputs;
    // When replaying with spans: the draw that chose the column count, so the items of
    // every arm of a compound query name it and the reducer can drop a column from all.
    std::int32_t shape_draw = -1;
};

// Everything a failed alternative must roll back.
struct DerivationState {
    std::vector<Scope> scopes;
    std::vector<QueryFrame> frames;
    int next_output = 0;
    int next_table_alias = 0;
    int x_references = 0;
    bool ordered = false;  // @order_keys gave the query a top-level ORDER BY
    // A case in a correlated position: the outer query's FROM (e.g. "t1 AS s0") and its
    // columns, which @outer_column reads inside I and @outer brings into the placement's scope.
    std::string outer_from;
    std::vector<ScopeColumn> outer_columns;
    // Representations the derived case cannot compare (@skip_representation).
    std::vector<std::string> skip_representations;
};

using Bindings = std::map<std::string, std::string>;  // type variable -> family

class Derivation {
  public:
    // Every random draw comes from `choices`; `adaptive` (may be null) scales alternative
    // and function weights; `trace` (may be null) records what the successful derivation used.
    Derivation(const dsl::Grammar& g, const Dialect& d, const GeneratedDatabase& db,
               const GrammarIndex& index, ChoiceSource& choices, const AdaptiveWeights* adaptive,
               GenerationTrace* trace);

    // Derives `production` inside a fresh query frame; the frame's shape is the result's columns.
    std::optional<std::string> derive_query(const std::string& production,
                                            std::vector<OutputColumn>* columns);
    void set_x_columns(std::vector<OutputColumn> columns) { x_columns_ = std::move(columns); }
    // Derives `production` (e.g. outer_from = '@table') as the FROM of an outer query whose
    // columns I may then reference (@outer_column); false when the derivation fails.
    bool derive_outer(const std::string& production);
    int x_references() const { return state_.get().x_references; }
    bool ordered() const { return state_.get().ordered; }
    // The counters and scopes where a query starts: each Q starts from the state I left, so
    // a Q is a function of I's draws and its own (not of the Qs generated before it).
    const DerivationState& state() const { return state_.get(); }
    void set_state(const DerivationState& s) { state_.edit() = s; }
    // Draws from now on come from `choices` (a replay keeps I's and Q's draws apart).
    void set_choices(ChoiceSource& choices) { choices_ = &choices; }
    // Checks every WHERE/ON/HAVING predicate and re-draws degenerate ones (null: none).
    void set_predicate_check(const PredicateCheck* check) { predicate_check_ = check; }
    // Whether the last derive_query or derive_outer failed for exceeding its budget.
    bool over_budget() const { return over_budget_; }

  private:
    friend struct Builtins;

    std::optional<std::string> derive_production(const std::string& name, const std::string& family,
                                                 int depth);
    std::optional<std::string> derive_alternative(const dsl::Alternative& alt,
                                                  const std::string& family, int depth);
    std::optional<std::string> derive_sequence(const std::vector<dsl::Item>& items,
                                               const std::string& family, Bindings& bindings,
                                               int depth);
    std::optional<std::string> derive_item(const dsl::Item& item, const std::string& family,
                                           Bindings& bindings, int depth);
    std::optional<std::string> derive_once(const dsl::Item& item, const std::string& family,
                                           Bindings& bindings, int depth);
    std::optional<std::string> derive_reference(const dsl::Item& item, const std::string& family,
                                                Bindings& bindings, int depth);
    // Runs the built-in's handler from the table in builtins.cpp.
    std::optional<std::string> derive_builtin(const dsl::Item& item, const std::string& family,
                                              int depth);
    // predicate_redraw.cpp: item i of `items` derived as a checked predicate when the text
    // before it ends with WHERE, ON or HAVING and a check is set; otherwise plainly.
    std::optional<std::string> derive_sequence_item(const std::vector<dsl::Item>& items,
                                                    std::size_t i, const std::string& family,
                                                    Bindings& bindings, int depth);
    std::optional<std::string> derive_checked_predicate(const dsl::Item& item,
                                                        const std::string& family,
                                                        Bindings& bindings, int depth,
                                                        bool on_clause);
    std::vector<PredicateColumn> predicate_columns(bool on_clause) const;

    // Resolves "", "any", a variable or a family name to a concrete family.
    std::string resolve_family(const std::string& spec, const std::string& inherited,
                               Bindings& bindings);
    std::string pick_family();
    std::string pick_numeric_family();
    bool family_available(const std::string& family) const;
    // The production id for <name> in `family` (name_family when the grammar has it), -1 if none.
    int production_for(const std::string& name, const std::string& family) const;
    // The alternative's grammar weight times its adaptive factor.
    double alternative_weight(const AlternativeInfo& info) const;
    GenerationTrace::Mark trace_mark() const {
        return trace_ ? trace_->mark() : GenerationTrace::Mark{};
    }
    void trace_rollback(const GenerationTrace::Mark& m) {
        if (trace_) trace_->rollback(m);
    }
    double weight_value(const dsl::Weight& w) const;
    void start_budget() {
        steps_ = 0;
        over_budget_ = false;
    }
    // Counts one derivation step; false (and over budget from then on) past the limit
    // (gen/derivation_budget.hpp).
    bool spend_step();
    // Whether SQL of `bytes` stays within the budget; marks the derivation over it otherwise.
    bool sql_fits(std::size_t bytes);

    const dsl::Grammar& g_;
    const Dialect& d_;
    const GeneratedDatabase& db_;
    const GrammarIndex& index_;
    ChoiceSource* choices_;
    const AdaptiveWeights* adaptive_;
    GenerationTrace* trace_;
    int max_depth_;
    double column_family_share_;
    double numeric_column_share_;
    std::vector<OutputColumn> x_columns_;
    const PredicateCheck* predicate_check_ = nullptr;
    LazySnapshots<DerivationState> state_;  // rolled back when an alternative fails
    long steps_ = 0;            // productions derived by the current derive_query/derive_outer
    bool over_budget_ = false;  // it exceeded its budget (gen/derivation_budget.hpp)
};

}  // namespace eriq
