#include "gen/grammar_index.hpp"

#include <algorithm>
#include <cctype>

#include "gen/builtin_names.hpp"
#include "gen/min_heights.hpp"

namespace eriq {
namespace {

constexpr int kUnreachable = 1 << 20;

using Heights = std::map<std::string, int>;

bool concrete_family(const std::string& family) {
    return !family.empty() && family != "any" &&
           !std::isupper(static_cast<unsigned char>(family[0]));
}

int lookup_height(const Heights& h, const dsl::Grammar& g, const std::string& name,
                  const std::string& family) {
    auto get = [&](const std::string& key) {
        auto it = h.find(key);
        return it == h.end() ? kUnreachable : it->second;
    };
    if (concrete_family(family))
        return g.find(name + "_" + family) ? get(name + "_" + family) : get(name);
    int best = get(name);
    for (const auto& f : all_families()) best = std::min(best, get(name + "_" + f));
    return best;
}

int item_height(const dsl::Item& item, const Heights& h, const dsl::Grammar& g) {
    switch (item.kind) {
        case dsl::ItemKind::Text:
        case dsl::ItemKind::Optional:
            return 0;
        case dsl::ItemKind::NonTerminal: {
            int c = lookup_height(h, g, item.text, item.family);
            return c >= kUnreachable ? kUnreachable : c + 1;
        }
        case dsl::ItemKind::Builtin:
            if (builtin_takes_production(item.text) && !item.args.empty()) {
                int c = lookup_height(h, g, item.args[0], "");
                return c >= kUnreachable ? kUnreachable : c + 1;
            }
            return 0;
    }
    return 0;
}

int alt_height(const dsl::Alternative& alt, const Heights& h, const dsl::Grammar& g) {
    int m = 0;
    for (const auto& item : alt.items) m = std::max(m, item_height(item, h, g));
    return m;
}

// The productions a reference resolves to, as lookup_height reads them.
std::vector<int> height_targets(const std::map<std::string, int>& ids, const dsl::Grammar& g,
                                const std::string& name, const std::string& family) {
    std::vector<int> out;
    auto add = [&](const std::string& key) {
        if (auto it = ids.find(key); it != ids.end()) out.push_back(it->second);
    };
    if (concrete_family(family)) {
        add(g.find(name + "_" + family) ? name + "_" + family : name);
        return out;
    }
    add(name);
    for (const auto& f : all_families()) add(name + "_" + f);
    return out;
}

// The same heights as alt_height's fixpoint, computed in linear time (gen/min_heights.hpp).
Heights compute_heights(const dsl::Grammar& g) {
    std::map<std::string, int> ids;
    for (const auto& [name, p] : g.productions) ids.emplace(name, static_cast<int>(ids.size()));
    std::vector<HeightAlternative> alternatives;
    for (const auto& [name, p] : g.productions)
        for (const auto& alt : p.alternatives) {
            HeightAlternative& a = alternatives.emplace_back();
            a.owner = ids.at(name);
            for (const auto& item : alt.items) {
                if (item.kind == dsl::ItemKind::NonTerminal)
                    a.references.push_back(height_targets(ids, g, item.text, item.family));
                if (item.kind == dsl::ItemKind::Builtin && builtin_takes_production(item.text) &&
                    !item.args.empty())
                    a.references.push_back(height_targets(ids, g, item.args[0], ""));
            }
        }
    const std::vector<int> heights = min_heights(static_cast<int>(ids.size()), alternatives);
    Heights h;
    for (const auto& [name, id] : ids) {
        const int height = heights[static_cast<std::size_t>(id)];
        h[name] = height >= kNoDerivation ? kUnreachable : std::min(height, kUnreachable);
    }
    return h;
}

// The productions a non-terminal item may resolve to: <name:family> picks name_family when the
// grammar has it; an inherited or variable family may pick any of them.
void add_named(const dsl::Item& item, const dsl::Grammar& g, const GrammarIndex& index,
               std::vector<int>& out) {
    auto add = [&](const std::string& name) {
        if (const auto* p = g.find(name)) out.push_back(index.production_id.at(p));
    };
    if (concrete_family(item.family) && g.find(item.text + "_" + item.family)) {
        add(item.text + "_" + item.family);
        return;
    }
    add(item.text);
    if (!concrete_family(item.family))
        for (const auto& f : all_families()) add(item.text + "_" + f);
}

void collect_named(const std::vector<dsl::Item>& items, const dsl::Grammar& g,
                   const GrammarIndex& index, std::vector<int>& out) {
    for (const auto& item : items) {
        if (item.kind == dsl::ItemKind::NonTerminal) add_named(item, g, index, out);
        if (item.kind == dsl::ItemKind::Optional) collect_named(item.body, g, index, out);
    }
}

bool is_numeric(const std::string& f) {
    return f == "int" || f == "float" || f == "decimal";
}

bool returns_family(const FunctionSig& fn, const std::string& family) {
    if (fn.returns == family) return true;
    if (fn.returns == "T") return family != "bool";
    if (fn.returns == "N") return is_numeric(family);
    return false;
}

}  // namespace

int GrammarIndex::family_id(const std::string& family) const {
    const auto& fams = all_families();
    auto it = std::find(fams.begin(), fams.end(), family);
    return it == fams.end() ? -1 : static_cast<int>(it - fams.begin());
}

namespace {

void index_productions(const dsl::Grammar& g, GrammarIndex& index) {
    index.production_height = compute_heights(g);
    for (const auto& [name, p] : g.productions) {
        index.production_id[&p] = static_cast<int>(index.production_names.size());
        index.production_by_name[name] = static_cast<int>(index.production_names.size());
        index.production_names.push_back(name);
        index.productions.push_back(&p);
    }
}

// Every alternative's id, height and weight, the alternatives naming each production, and
// each production's alternatives shortest first.
void index_alternatives(const dsl::Grammar& g, GrammarIndex& index) {
    index.alternatives_naming.resize(index.production_names.size());
    index.alternatives.resize(index.production_names.size());
    for (const auto& [name, p] : g.productions)
        for (const auto& alt : p.alternatives) {
            const int id = index.alternative_count++;
            const double knob = alt.weight.knob.empty() ? 1.0 : g.knob(alt.weight.knob, 0);
            index.alternatives[static_cast<std::size_t>(index.production_id.at(&p))].push_back(
                {id, alt_height(alt, index.production_height, g), alt.weight.value * knob});
            std::vector<int> named;
            collect_named(alt.items, g, index, named);
            std::sort(named.begin(), named.end());
            named.erase(std::unique(named.begin(), named.end()), named.end());
            for (int pid : named)
                index.alternatives_naming[static_cast<std::size_t>(pid)].push_back(id);
        }
    for (const auto& infos : index.alternatives) {
        std::vector<int> order(infos.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return infos[static_cast<std::size_t>(a)].height <
                   infos[static_cast<std::size_t>(b)].height;
        });
        index.alternative_order.push_back(std::move(order));
    }
}

void index_families(const dsl::Grammar& g, const Dialect& d, GrammarIndex& index) {
    for (const auto& f : all_families()) {
        const double knob = f == "bool" ? 1.0 : g.knob("family_" + f, 1.0);
        const bool has_type = std::any_of(d.types.begin(), d.types.end(),
                                          [&](const TypeInfo& t) { return t.family == f; });
        index.family_usable.push_back(f == "bool" || (knob > 0 && has_type));
        index.family_weight.push_back(knob);
    }
}

std::vector<int> by_arity(const std::vector<FunctionChoice>& fits) {
    std::vector<int> order(fits.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return fits[static_cast<std::size_t>(a)].function->args.size() <
               fits[static_cast<std::size_t>(b)].function->args.size();
    });
    return order;
}

// Function ids by name, and per family the functions and aggregates returning it whose
// arguments are all of usable families, fewest arguments first.
void index_functions(const Dialect& d, GrammarIndex& index) {
    std::map<std::string, int> by_name;
    for (const auto* list : {&d.functions, &d.aggregates})
        for (const auto& fn : *list) {
            auto [it, added] =
                by_name.emplace(fn.name, static_cast<int>(index.function_names.size()));
            if (added) index.function_names.push_back(fn.name);
            index.function_id[&fn] = it->second;
        }
    auto usable = [&](const std::string& f) {
        if (f == "T" || f == "N") return true;
        const int id = index.family_id(f);
        return id >= 0 && index.family_usable[static_cast<std::size_t>(id)];
    };
    const auto& families = all_families();
    index.functions_returning.resize(families.size());
    index.aggregates_returning.resize(families.size());
    for (std::size_t fam = 0; fam < families.size(); ++fam)
        for (const auto* list : {&d.functions, &d.aggregates})
            for (const auto& fn : *list) {
                if (!returns_family(fn, families[fam])) continue;
                if (!std::all_of(fn.args.begin(), fn.args.end(), usable)) continue;
                auto& out = list == &d.functions ? index.functions_returning[fam]
                                                 : index.aggregates_returning[fam];
                out.push_back({&fn, index.function_id.at(&fn)});
            }
    for (std::size_t fam = 0; fam < families.size(); ++fam) {
        index.functions_order.push_back(by_arity(index.functions_returning[fam]));
        index.aggregates_order.push_back(by_arity(index.aggregates_returning[fam]));
    }
}

}  // namespace

GrammarIndex build_grammar_index(const dsl::Grammar& g, const Dialect& d) {
    GrammarIndex index;
    index_productions(g, index);
    index_alternatives(g, index);
    index_families(g, d, index);
    index_functions(d, index);
    return index;
}

}  // namespace eriq
