#include "gen/grammar_productivity.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "catalog/dialect.hpp"
#include "gen/builtin_names.hpp"
#include "gen/min_heights.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

constexpr int kInfinite = std::numeric_limits<int>::max() / 2;

bool concrete_family(const std::string& family) {
    return !family.empty() && family != "any" &&
           !std::isupper(static_cast<unsigned char>(family[0]));
}

// The productions a reference <name:family> may resolve to (see Derivation::production_for).
std::vector<std::string> targets(const dsl::Grammar& g, const std::string& name,
                                 const std::string& family) {
    std::vector<std::string> out;
    if (concrete_family(family) && g.find(name + "_" + family)) return {name + "_" + family};
    if (g.find(name)) out.push_back(name);
    if (!concrete_family(family))
        for (const auto& f : all_families())
            if (g.find(name + "_" + f)) out.push_back(name + "_" + f);
    return out;
}

double weight_of(const dsl::Grammar& g, const dsl::Weight& w) {
    return w.knob.empty() ? w.value : w.value * g.knob(w.knob, 0);
}

struct Productivity {
    const dsl::Grammar& g;
    std::map<std::string, int> height;  // minimum derivation height; kInfinite: none

    // The productions a reference may resolve to, as ids of `ids`.
    std::vector<int> target_ids(const std::map<std::string, int>& ids, const std::string& name,
                                const std::string& family) const {
        std::vector<int> out;
        for (const auto& t : targets(g, name, family)) out.push_back(ids.at(t));
        return out;
    }

    // Through alternatives of weight above 0; an optional part may always be left out and a
    // repetition of 0 may be empty, so neither is needed.
    void compute() {
        std::map<std::string, int> ids;
        for (const auto& [name, p] : g.productions) ids.emplace(name, static_cast<int>(ids.size()));
        std::vector<HeightAlternative> alternatives;
        for (const auto& [name, p] : g.productions)
            for (const auto& alt : p.alternatives) {
                if (weight_of(g, alt.weight) <= 0) continue;
                HeightAlternative& a = alternatives.emplace_back();
                a.owner = ids.at(name);
                for (const auto& item : alt.items) {
                    if (item.kind == dsl::ItemKind::Optional || item.repeat_min == 0) continue;
                    if (item.kind == dsl::ItemKind::NonTerminal)
                        a.references.push_back(target_ids(ids, item.text, item.family));
                    if (item.kind == dsl::ItemKind::Builtin &&
                        builtin_takes_production(item.text) && !item.args.empty())
                        a.references.push_back(target_ids(ids, item.args[0], ""));
                }
            }
        const std::vector<int> heights = min_heights(static_cast<int>(ids.size()), alternatives);
        for (const auto& [name, id] : ids)
            height[name] = std::min(kInfinite, heights[static_cast<std::size_t>(id)]);
    }
};

void collect_references(const dsl::Grammar& g, const std::vector<dsl::Item>& items, bool weighted,
                        std::vector<std::string>& out) {
    for (const auto& item : items) {
        if (item.kind == dsl::ItemKind::NonTerminal)
            for (auto& t : targets(g, item.text, item.family)) out.push_back(t);
        if (item.kind == dsl::ItemKind::Builtin && builtin_takes_production(item.text) &&
            !item.args.empty())
            for (auto& t : targets(g, item.args[0], "")) out.push_back(t);
        if (item.kind == dsl::ItemKind::Optional &&
            (!weighted || weight_of(g, item.probability) > 0))
            collect_references(g, item.body, weighted, out);
    }
}

}  // namespace

const std::vector<std::string>& entry_productions() {
    static const std::vector<std::string> names{"intermediate", "referencing", "outer_from",
                                                "correlated_intermediate", "placement"};
    return names;
}

std::vector<std::string> active_entry_productions(const dsl::Grammar& g) {
    if (g.knob("correlated", 0) > 0) return entry_productions();
    return {"intermediate", "referencing"};
}

std::vector<std::string> reachable_productions(const dsl::Grammar& g, bool weighted,
                                               std::vector<std::string> roots) {
    std::vector<std::string> order;
    std::deque<std::string> queue(roots.begin(), roots.end());
    std::set<std::string> seen(queue.begin(), queue.end());
    while (!queue.empty()) {
        const std::string name = queue.front();
        queue.pop_front();
        const dsl::Production* p = g.find(name);
        if (!p) continue;
        order.push_back(name);
        std::vector<std::string> refs;
        for (const auto& alt : p->alternatives)
            if (!weighted || weight_of(g, alt.weight) > 0)
                collect_references(g, alt.items, weighted, refs);
        for (auto& r : refs)
            if (seen.insert(r).second) queue.push_back(r);
    }
    return order;
}

namespace {

bool mentions_x(const std::vector<dsl::Item>& items) {
    for (const auto& item : items) {
        if (item.kind == dsl::ItemKind::Builtin && item.text == "x") return true;
        if (item.kind == dsl::ItemKind::Optional && mentions_x(item.body)) return true;
    }
    return false;
}

// Whether some derivation of Q can reference x (@x), through what weights allow.
bool referencing_reaches_x(const dsl::Grammar& g) {
    for (const auto& name : reachable_productions(g, true, {"referencing"}))
        for (const auto& alt : g.find(name)->alternatives)
            if (weight_of(g, alt.weight) > 0 && mentions_x(alt.items)) return true;
    return false;
}

// The first item that must be derived (not optional, not possibly empty).
const dsl::Item* leading_item(const dsl::Alternative& alt) {
    for (const auto& item : alt.items)
        if (item.kind != dsl::ItemKind::Optional && item.repeat_min > 0) return &item;
    return nullptr;
}

std::string why_unproductive(const dsl::Grammar& g, const dsl::Production& p) {
    std::vector<std::string> zero;
    bool any_positive = false;
    for (const auto& alt : p.alternatives) {
        if (weight_of(g, alt.weight) > 0) {
            any_positive = true;
        } else if (!alt.weight.knob.empty()) {
            zero.push_back(
                fmt::format("knob '{}' = {}", alt.weight.knob, g.knob(alt.weight.knob, 0)));
        }
    }
    if (!any_positive)
        return fmt::format("every alternative has weight 0{}",
                           zero.empty() ? "" : fmt::format(" ({})", fmt::join(zero, ", ")));
    for (const auto& alt : p.alternatives) {
        if (weight_of(g, alt.weight) <= 0) continue;
        const dsl::Item* first = leading_item(alt);
        if (first && first->kind == dsl::ItemKind::NonTerminal) {
            auto t = targets(g, first->text, first->family);
            if (std::find(t.begin(), t.end(), p.name) != t.end())
                return "left recursion without a base case: every alternative with a weight "
                       "above 0 needs a production that has no finite derivation";
        }
    }
    return "every alternative with a weight above 0 needs a production that has no finite "
           "derivation (a cycle without a base case)";
}

}  // namespace

void check_productivity(const dsl::Grammar& g) {
    Productivity prod{g, {}};
    prod.compute();
    // Report the unproductive production found last: the entry points come first and are
    // only victims of what they reach. I and Q first, then the correlated entry points (when
    // the knob turns them on).
    auto refuse_unproductive = [&](const std::vector<std::string>& order) {
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            if (prod.height.at(*it) < kInfinite) continue;
            const dsl::Production& p = *g.find(*it);
            throw LoadError(p.file, p.pos.line, p.pos.column,
                            fmt::format("production '{}' has no finite derivation: {}", p.name,
                                        why_unproductive(g, p)));
        }
    };
    refuse_unproductive(reachable_productions(g, true, {"intermediate", "referencing"}));
    refuse_unproductive(reachable_productions(g, true, active_entry_productions(g)));
    if (!referencing_reaches_x(g)) {
        const dsl::Production& p = *g.find("referencing");
        throw LoadError(p.file, p.pos.line, p.pos.column,
                        "production 'referencing' never reaches @x: no query Q could reference "
                        "the intermediate result (check the weights of the alternatives that "
                        "lead to @x)");
    }
    const int max_depth = static_cast<int>(g.knob("max_depth", 8));
    const int limit = 2 * max_depth + 4;  // where Derivation::derive_production gives up
    for (const char* entry : {"intermediate", "referencing"}) {
        const int h = prod.height.at(entry);
        if (h > limit) {
            const dsl::Production& p = *g.find(entry);
            throw LoadError(p.file, p.pos.line, p.pos.column,
                            fmt::format("production '{}' needs a derivation depth of {}, but "
                                        "max_depth = {} stops derivations at depth {}",
                                        entry, h, max_depth, limit));
        }
    }
}

}  // namespace eriq
