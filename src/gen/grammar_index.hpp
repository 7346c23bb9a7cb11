#pragma once
// Numbers for what a derivation can use (productions, alternatives, catalogue
// function names, type families) and the minimum derivation heights the depth
// limit needs. Built once per campaign, so traces, statistics and adaptive
// weights are plain arrays indexed by these numbers.
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"

namespace eriq {

struct AlternativeInfo {
    int id = 0;
    int height = 0;     // minimum derivation height
    double weight = 0;  // its weight with the knob's value applied
};

// A catalogue entry that can produce a family, with its function-name id.
struct FunctionChoice {
    const FunctionSig* function = nullptr;
    int id = 0;
};

struct GrammarIndex {
    std::vector<std::string> production_names;        // by production id
    std::vector<const dsl::Production*> productions;  // by production id
    std::unordered_map<const dsl::Production*, int> production_id;
    std::unordered_map<std::string, int> production_by_name;
    std::map<std::string, int> production_height;  // minimum height per production name
    // By production id, its alternatives' infos in grammar order.
    std::vector<std::vector<AlternativeInfo>> alternatives;
    int alternative_count = 0;
    // By production id, its alternatives' indexes, shortest derivation first: the order in
    // which a replayed choice names them (gen/choice_source.hpp), so 0 is the simplest.
    std::vector<std::vector<int>> alternative_order;
    // For each production id, the alternatives that name it directly (as <name> or
    // <name:family> resolving to it): scaling their weights uses the production less.
    std::vector<std::vector<int>> alternatives_naming;

    std::vector<std::string> function_names;  // distinct catalogue names (functions, aggregates)
    std::unordered_map<const FunctionSig*, int> function_id;

    // By family id: whether expressions of the family may be generated (the dialect has a
    // type of it and its knob family_<name> is above 0; bool always), and that knob's value.
    std::vector<bool> family_usable;
    std::vector<double> family_weight;
    // By family id: the scalar functions and the aggregates that can return it and whose
    // argument families are all usable.
    std::vector<std::vector<FunctionChoice>> functions_returning;
    std::vector<std::vector<FunctionChoice>> aggregates_returning;
    // By family id: indexes into the two lists above, fewest arguments first (choice order).
    std::vector<std::vector<int>> functions_order;
    std::vector<std::vector<int>> aggregates_order;

    int family_id(const std::string& family) const;       // index in all_families(), -1 if none
    int find_production(const std::string& name) const {  // its id, -1 if none
        auto it = production_by_name.find(name);
        return it == production_by_name.end() ? -1 : it->second;
    }
};

// Knob values are read here: build the index after applying --weight overrides.
GrammarIndex build_grammar_index(const dsl::Grammar& g, const Dialect& d);

}  // namespace eriq
