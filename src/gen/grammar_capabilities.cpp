#include "gen/grammar_capabilities.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "catalog/capabilities.hpp"
#include "gen/builtin_names.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

[[noreturn]] void fail(const dsl::RequiredName& at, const std::string& message) {
    throw LoadError(at.file, at.pos.line, at.pos.column, message);
}

std::vector<std::string> names_of(const dsl::Grammar& g, bool knobs) {
    std::vector<std::string> out;
    if (knobs)
        for (const auto& [name, value] : g.knobs) out.push_back(name);
    else
        for (const auto& [name, p] : g.productions) out.push_back(name);
    return out;
}

bool production_exists(const dsl::Grammar& g, const std::string& name) {
    if (g.find(name)) return true;
    for (const auto& family : all_families())
        if (g.find(name + "_" + family)) return true;
    return false;
}

void check_requires(const dsl::Grammar& g) {
    const auto& known = known_capabilities();
    for (const auto& [capability, needs] : g.capability_needs) {
        if (std::find(known.begin(), known.end(), capability) == known.end())
            fail(needs.at,
                 fmt::format("[requires] names unknown capability '{}'{}; known: {}", capability,
                             did_you_mean(capability, known), fmt::join(known, ", ")));
        for (const auto& knob : needs.knobs)
            if (!g.knobs.count(knob.name))
                fail(knob, fmt::format("[requires.{}] names unknown knob '{}'{}", capability,
                                       knob.name, did_you_mean(knob.name, names_of(g, true))));
        for (const auto& production : needs.productions)
            if (!production_exists(g, production.name))
                fail(production, fmt::format("[requires.{}] names unknown production '{}'{}",
                                             capability, production.name,
                                             did_you_mean(production.name, names_of(g, false))));
    }
}

// Whether an item (a reference, or a built-in taking a production) names a disabled one.
bool names_disabled(const dsl::Item& item, const std::set<std::string>& disabled) {
    if (item.kind == dsl::ItemKind::NonTerminal) return disabled.count(item.text) > 0;
    if (item.kind == dsl::ItemKind::Builtin && builtin_takes_production(item.text))
        return std::any_of(item.args.begin(), item.args.end(),
                           [&](const std::string& arg) { return disabled.count(arg) > 0; });
    return false;
}

// Weights 0 the optional parts that name a disabled production; true when an item outside
// any optional part does, so the whole sequence must go.
bool disable_items(std::vector<dsl::Item>& items, const std::set<std::string>& disabled) {
    bool needs_disabled = false;
    for (auto& item : items) {
        if (item.kind == dsl::ItemKind::Optional) {
            if (disable_items(item.body, disabled)) item.probability.value = 0;
        } else if (names_disabled(item, disabled)) {
            needs_disabled = true;
        }
    }
    return needs_disabled;
}

}  // namespace

dsl::Grammar with_capabilities(dsl::Grammar g, const Dialect& d) {
    check_requires(g);
    std::set<std::string> disabled;
    for (const auto& [capability, needs] : g.capability_needs) {
        if (d.has(capability)) continue;
        for (const auto& knob : needs.knobs) g.knobs[knob.name] = 0;
        for (const auto& production : needs.productions) disabled.insert(production.name);
    }
    if (disabled.empty()) return g;
    for (auto& [name, production] : g.productions)
        for (auto& alt : production.alternatives)
            if (disable_items(alt.items, disabled)) alt.weight.value = 0;
    return g;
}

}  // namespace eriq
