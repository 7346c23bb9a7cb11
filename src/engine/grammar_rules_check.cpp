#include "engine/grammar_rules_check.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

void check_items(const std::vector<dsl::Item>& items, const std::string& file,
                 const std::vector<std::string>& names, const std::string& rules_file) {
    for (const auto& item : items) {
        if (item.kind == dsl::ItemKind::Optional) check_items(item.body, file, names, rules_file);
        if (item.kind != dsl::ItemKind::Builtin || item.text != "skip_representation" ||
            item.args.empty())
            continue;
        const std::string& name = item.args[0];
        if (std::find(names.begin(), names.end(), name) != names.end()) continue;
        throw LoadError(
            file, item.pos.line, item.pos.column,
            fmt::format("@skip_representation({}): {} declares no such "
                        "representation{}; representations: {}",
                        name, rules_file, did_you_mean(name, names), fmt::join(names, ", ")));
    }
}

}  // namespace

void check_grammar_representations(const dsl::Grammar& g, const RuleSet& rules) {
    std::vector<std::string> names;
    for (const auto& rep : rules.representations) names.push_back(rep.name);
    for (const auto& [name, production] : g.productions)
        for (const auto& alt : production.alternatives)
            check_items(alt.items, production.file, names, rules.file);
}

}  // namespace eriq
